package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./ibench} launcher's JVM options per command (issue 46): short-lived commands start on the client compiler
 * only, and the campaign commands among them with a class-data sharing archive next to the jar (dumped by the first one
 * after a build, under its process id, and adopted once that process is gone); long-running commands keep the JVM's
 * defaults. A stand-in {@code java} on the PATH records the arguments it gets; {@code IBENCH_JAR} names a stand-in jar.
 */
class LauncherJvmOptionsTest {
    private static final String C1 = "-XX:TieredStopAtLevel=1";

    @TempDir Path dir;
    private Path jar;
    private Path archive;

    @BeforeEach
    void standIns() throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path java = bin.resolve("java");
        Files.writeString(java, "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$ARGS_OUT\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        jar = Files.writeString(dir.resolve("ibench.jar"), "a stand-in jar");
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(3600)));
        archive = dir.resolve("ibench-cli.jsa");
    }

    private List<String> jvmArgs(String... command) throws Exception {
        Path out = dir.resolve("args.txt");
        Files.deleteIfExists(out);
        List<String> line = new ArrayList<>(List.of("bash", launcher().toString()));
        line.addAll(List.of(command));
        ProcessBuilder builder = new ProcessBuilder(line).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("launcher.log").toFile());
        builder.environment().put("PATH", dir.resolve("bin") + ":" + System.getenv("PATH"));
        builder.environment().put("IBENCH_JAR", jar.toString());
        builder.environment().put("IBENCH_HOME", dir.toString());
        builder.environment().put("ARGS_OUT", out.toString());
        builder.environment().remove("IBENCH_JAVA_OPTS");
        Process p = builder.start();
        assertThat(p.waitFor(1, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).as(Files.readString(dir.resolve("launcher.log"))).isZero();
        List<String> args = Files.readAllLines(out);
        int jarAt = args.indexOf("-jar");
        assertThat(args.subList(jarAt, args.size())).as("the command passed on as given")
                .containsExactlyElementsOf(concat(List.of("-jar", jar.toString()), List.of(command)));
        return args.subList(0, jarAt);
    }

    /** The repository's launcher (Maven runs tests in the module folder). */
    private static Path launcher() {
        for (Path p : new Path[] {Path.of("ibench"), Path.of("..", "ibench")}) {
            if (Files.isRegularFile(p)) {
                return p.toAbsolutePath().normalize();
            }
        }
        throw new IllegalStateException("the ibench launcher not found from " + Path.of("").toAbsolutePath());
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    @Test
    void longRunningAndHeavyCommandsKeepTheJvmDefaults() throws Exception {
        assertThat(jvmArgs("worker", "--roles", "llm")).isEmpty();
        assertThat(jvmArgs("server", "start")).isEmpty();
        assertThat(jvmArgs("demo")).isEmpty();
        assertThat(jvmArgs("campaign", "report", "c1", "--format", "html")).isEmpty();
        assertThat(jvmArgs("--store", "campaign", "worker")).as("'campaign' here is --store's value").isEmpty();
    }

    @Test
    void shortLivedCommandsRunOnTheClientCompilerAndOnlyCampaignCommandsUseTheArchive() throws Exception {
        assertThat(jvmArgs("model", "profiles")).containsExactly(C1);
        assertThat(jvmArgs("--store", "s.db", "--verbose", "campaign", "status", "c1")).contains(C1)
                .anyMatch(a -> a.startsWith("-XX:ArchiveClassesAtExit="));
    }

    @Test
    void theFirstCampaignCommandAfterABuildDumpsTheArchiveUnderItsProcessIdAndALaterOneAdoptsItOnceThatProcessIsGone()
            throws Exception {
        List<String> first = jvmArgs("campaign", "start", "c.yaml", "--wait");
        assertThat(first).contains(C1).anyMatch(a -> a.matches("-XX:ArchiveClassesAtExit=" + archive + "\\.[0-9]+"))
                .noneMatch(a -> a.startsWith("-XX:SharedArchiveFile"))
                .as("JVM warnings on stderr, none about the archive").contains("-Xlog:disable", "-Xlog:all=warning:stderr", "-Xlog:cds*=off:stderr");

        // what the first one's JVM wrote at its exit (that process, the stand-in java, has ended)
        String dumpOption = first.stream().filter(a -> a.startsWith("-XX:ArchiveClassesAtExit=")).findFirst().orElseThrow();
        Path dumped = Path.of(dumpOption.substring("-XX:ArchiveClassesAtExit=".length()));
        Files.writeString(dumped, "archive");
        Path olderThanTheJar = Files.writeString(dir.resolve("ibench-cli.jsa.1"), "an archive of an older jar");
        Files.setLastModifiedTime(olderThanTheJar, FileTime.from(Instant.now().minusSeconds(7200)));

        assertThat(jvmArgs("campaign", "plan", "c.yaml")).contains(C1, "-XX:SharedArchiveFile=" + archive)
                .noneMatch(a -> a.startsWith("-XX:ArchiveClassesAtExit"));
        assertThat(archive).hasContent("archive");
        assertThat(dumped).doesNotExist();
        assertThat(olderThanTheJar).as("an archive dumped for an older jar is removed").doesNotExist();

        // a new build: the jar is newer than the archive, which is made again
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(5)));
        assertThat(jvmArgs("campaign", "status")).anyMatch(a -> a.startsWith("-XX:ArchiveClassesAtExit="))
                .noneMatch(a -> a.startsWith("-XX:SharedArchiveFile"));
    }
}
