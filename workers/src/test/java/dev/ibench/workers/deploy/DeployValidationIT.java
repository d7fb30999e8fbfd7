package dev.ibench.workers.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CI's offline validation of deploy/ (deploy/validate.sh: PyPI's check-jsonschema with its bundled compose-spec
 * schema, PyPI's kubernetes-validate with its bundled Kubernetes schemas): the real files pass, and copies with one
 * typo each are rejected, so the check is not vacuous.
 */
class DeployValidationIT {
    @TempDir Path dir;

    @Test
    void theRealDeployFilesPass() throws Exception {
        Result result = validate(DeployFiles.root().resolve("deploy"));
        assertThat(result.exitCode()).as(result.output()).isZero();
        assertThat(result.output()).contains("ok -- validation done")
                .contains("passed for resource deployment/ibench-worker-llm")
                .contains("passed for resource deployment/ibench-worker-workflows")
                .contains("deploy/ is valid");
    }

    @Test
    void aComposeServiceWithAnUnknownKeyIsRejected() throws Exception {
        Path copy = copyOfDeploy();
        replaceOnce(copy.resolve("compose/compose.yaml"), "    image: postgres:15\n", "    imagee: postgres:15\n");
        Result result = validate(copy);
        assertThat(result.exitCode()).as(result.output()).isNotZero();
        assertThat(result.output()).contains("imagee");
    }

    @Test
    void aDeploymentWithAMisspelledFieldIsRejected() throws Exception {
        Path copy = copyOfDeploy();
        replaceOnce(copy.resolve("k8s/base/worker-llm.yaml"), "  replicas: 1\n", "  replica: 1\n");
        Result result = validate(copy);
        assertThat(result.exitCode()).as(result.output()).isNotZero();
        assertThat(result.output()).contains("worker-llm.yaml").contains("replica");
    }

    @Test
    void aManifestMissingFromTheKustomizationIsRejected() throws Exception {
        Path copy = copyOfDeploy();
        Files.copy(copy.resolve("k8s/base/worker-llm.yaml"), copy.resolve("k8s/base/worker-extra.yaml"));
        Result result = validate(copy);
        assertThat(result.exitCode()).as(result.output()).isNotZero();
        assertThat(result.output()).contains("not listed in kustomization.yaml").contains("worker-extra.yaml");
    }

    private record Result(int exitCode, String output) {}

    /** Runs deploy/validate.sh on {@code deployDir}; the first run installs the pinned validators (minutes). */
    private Result validate(Path deployDir) throws Exception {
        Path script = DeployFiles.root().resolve("deploy/validate.sh");
        Path log = Files.createTempFile(dir, "validate", ".log");
        Process process = new ProcessBuilder("bash", script.toString(), deployDir.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).redirectInput(new File("/dev/null")).start();
        if (!process.waitFor(20, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("deploy/validate.sh did not finish in 20 min:\n" + Files.readString(log));
        }
        return new Result(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }

    private Path copyOfDeploy() throws IOException {
        Path source = DeployFiles.root().resolve("deploy");
        Path target = dir.resolve("deploy");
        try (Stream<Path> files = Files.walk(source)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                Path to = target.resolve(source.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to);
                }
            }
        }
        return target;
    }

    private static void replaceOnce(Path file, String from, String to) throws IOException {
        String text = Files.readString(file);
        assertThat(text).as(file + " contains " + from).contains(from);
        Files.writeString(file, text.replaceFirst(java.util.regex.Pattern.quote(from), to));
    }
}
