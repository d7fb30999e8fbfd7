package dev.ibench.workers.bfcl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.bfcl.BfclMultiTurnExecutor;
import dev.ibench.core.json.Json;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * memory_vector's embedding model comes from a folder the user names ({@code IBENCH_BFCL_VECTOR_MODEL}), never a model
 * hub: the runner hands that folder to SentenceTransformer where bfcl-eval's memory_vector asks for
 * {@code all-MiniLM-L6-v2}. sentence-transformers and faiss are not installed here, so the folder's use is shown with a
 * stand-in sentence_transformers module (beside the real bfcl-eval and its memory dependencies) that refuses to load and
 * names what it was given; without the folder, or without the packages, opening the backend fails with one sentence.
 */
class BfclMemoryVectorModelIT {
    private static final String OPEN = "{\"op\": \"open\", \"entry\": {\"id\": \"memory_vector_0-notetaker-0\", \"involved_classes\": "
            + "[\"MemoryAPI_vector\"], \"initial_config\": {\"MemoryAPI_vector\": {\"memory_snapshot\": null, \"scenario\": \"notetaker\"}}}}";

    @TempDir Path dir;

    @Test
    void theVectorBackendLoadsItsModelFromTheNamedFolderOrSaysWhatItNeeds() throws Exception {
        Path real = OfficialBfclChecker.installWithMemoryBackends().root();
        Path runner = dir.resolve("runner.py");
        try (InputStream in = BfclMultiTurnExecutor.class.getResourceAsStream("bfcl_multi_turn_runner.py")) {
            Files.write(runner, in.readAllBytes());
        }
        Path model = Files.createDirectories(dir.resolve("all-MiniLM-L6-v2-folder"));

        assertThat(open(runner, real, null)).isEqualTo("Exception: MemoryAPI_vector needs its embedding model all-MiniLM-L6-v2 in a local "
                + "folder (no package registry ships it): set IBENCH_BFCL_VECTOR_MODEL to that folder");
        assertThat(open(runner, real, model)).isEqualTo("Exception: MemoryAPI_vector needs the PyPI packages sentence-transformers and "
                + "faiss-cpu, which deploy/local/install-bfcl-eval-memory-deps.sh does not install");

        Path root = Files.createDirectories(dir.resolve("bfcl"));
        Files.createSymbolicLink(root.resolve("bfcl_eval"), real.resolve("bfcl_eval"));
        Path deps = Files.createDirectories(dir.resolve("bfcl-deps"));
        try (Stream<Path> installed = Files.list(Path.of(real + "-deps"))) {
            for (Path p : installed.toList()) {
                Files.createSymbolicLink(deps.resolve(p.getFileName()), p);
            }
        }
        Files.createDirectories(deps.resolve("sentence_transformers"));
        Files.writeString(deps.resolve("sentence_transformers/__init__.py"), "class SentenceTransformer:\n"
                + "    def __init__(self, model_name_or_path=None, device=None):\n"
                + "        raise Exception('stand-in model loaded from ' + str(model_name_or_path) + ' on ' + str(device))\n");
        Files.writeString(deps.resolve("faiss.py"), "");
        assertThat(open(runner, root, model)).isEqualTo("Exception: stand-in model loaded from " + model + " on cpu");
    }

    /** The runner's error on opening the vector backend. */
    private static String open(Path runner, Path bfclRoot, Path modelFolder) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("python3", "-I", "-B", runner.toString(), bfclRoot.toString(), "2048", "60")
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().remove("IBENCH_BFCL_VECTOR_MODEL");
        if (modelFolder != null) {
            pb.environment().put("IBENCH_BFCL_VECTOR_MODEL", modelFolder.toString());
        }
        Process p = pb.start();
        p.getOutputStream().write((OPEN + "\n").getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String reply = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return String.valueOf(Json.MAPPER.readValue(reply, Map.class).get("error"));
    }
}
