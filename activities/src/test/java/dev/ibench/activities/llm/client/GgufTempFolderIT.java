package dev.ibench.activities.llm.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.llm.TestModelFile;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * java-llama.cpp's native loader deletes files and empty folders named {@code llama*}/{@code jllama*} in the
 * folder it extracts to (the system temp folder unless told otherwise). Loading a model must leave other
 * programs' files alone: the load runs in a fresh JVM whose system temp folder is a test folder holding such files.
 */
class GgufTempFolderIT {
    @TempDir Path tmp;

    @Test
    void loadingAModelLeavesLlamaNamedFilesInTheSystemTempFolderAlone() throws Exception {
        Path model = TestModelFile.require();
        Path systemTemp = Files.createDirectories(tmp.resolve("system-temp"));
        Path keepFile = Files.writeString(systemTemp.resolve("llama-keep.txt"), "another program's file");
        Path keepDir = Files.createDirectories(systemTemp.resolve("llama-keep-dir"));
        Path home = Files.createDirectories(tmp.resolve("home"));

        ProcessBuilder pb = new ProcessBuilder(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + systemTemp,
                "-cp", System.getProperty("java.class.path"),
                GgufLoadProbe.class.getName(), model.toString()));
        pb.environment().put(ModelClients.HOME_ENV, home.toString());
        pb.redirectErrorStream(true);
        File log = tmp.resolve("probe.log").toFile();
        pb.redirectOutput(log);
        Process process = pb.start();
        boolean finished = process.waitFor(180, TimeUnit.SECONDS);
        if (!finished) {
            process.destroyForcibly();
        }
        assertThat(finished).as("model load finished; log:%n%s", Files.readString(log.toPath())).isTrue();
        assertThat(process.exitValue()).as("probe exit; log:%n%s", Files.readString(log.toPath())).isZero();

        assertThat(keepFile).exists().hasContent("another program's file");
        assertThat(keepDir).isDirectory();
        assertThat(Files.readString(log.toPath())).as("the native library is extracted under ibench's own folder")
                .contains("native library folder: " + home.resolve(".ibench/native/java-llama.cpp-4.1.0"));
    }
}
