package dev.ibench.workers.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.testing.CliProcess;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ibench serve-tools} as a user runs it (its own JVM): a non-loopback bind without a token is refused before
 * anything starts; the REST server closes a client that never finishes its headers after
 * {@link RestToolServer#REQUEST_READ_SECONDS}; {@code printf '...' | serve-tools --mcp stdio} answers every line,
 * malformed ones with their JSON-RPC error, before it exits at end of input.
 */
class ServeToolsStrangersIT {
    @TempDir static Path out;

    @BeforeAll
    static void build() throws Exception {
        RestFixture.build("bird", List.of("superhero"), out.resolve("build"));
    }

    @Test
    void aNonLoopbackBindWithoutATokenIsRefusedWithAClearError() throws Exception {
        List<List<String>> commands = List.of(
                List.of("serve-tools", out.resolve("build").toString(), "--host", "0.0.0.0", "--port", "0"),
                List.of("serve-tools", SuperheroEvalSets.slot().toString(), "--mcp", "http", "--host", "0.0.0.0", "--port", "0",
                        "--data-root", SuperheroEvalSets.dataRoot().toString()));
        int i = 0;
        for (List<String> command : commands) {
            try (CliProcess cli = CliProcess.start(command, "", out.resolve("refused-" + i++ + ".log"))) {
                assertThat(cli.waitForExit(Duration.ofMinutes(2))).as(cli.output()).isEqualTo(2);
                assertThat(cli.output()).contains("refusing to bind 0.0.0.0, a non-loopback address, without a token", "--token-env NAME")
                        .doesNotContain("serving", "\tat ");
            }
        }
        try (CliProcess cli = CliProcess.start(List.of("serve-tools", out.resolve("build").toString(), "--port", "0", "--token-env",
                "IBENCH_NO_SUCH_TOKEN_VAR"), "", out.resolve("unset.log"))) {
            assertThat(cli.waitForExit(Duration.ofMinutes(2))).isEqualTo(2);
            assertThat(cli.output()).contains("--token-env IBENCH_NO_SUCH_TOKEN_VAR: the environment variable IBENCH_NO_SUCH_TOKEN_VAR is not set");
        }
    }

    @Test
    void aClientThatNeverFinishesItsHeadersIsClosed() throws Exception {
        try (CliProcess cli = CliProcess.start(List.of("serve-tools", out.resolve("build").toString(), "--port", "0"), "serving",
                out.resolve("slow.log"))) {
            Matcher m = Pattern.compile("http://127\\.0\\.0\\.1:(\\d+)").matcher(cli.output());
            assertThat(m.find()).as(cli.output()).isTrue();
            int port = Integer.parseInt(m.group(1));
            try (Socket s = new Socket("127.0.0.1", port)) {
                s.setSoTimeout((RestToolServer.REQUEST_READ_SECONDS + 10) * 1000);
                OutputStream o = s.getOutputStream();
                o.write(("GET /openapi.json HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nX-Slow: a").getBytes(StandardCharsets.US_ASCII));
                o.flush();
                long start = System.nanoTime();
                InputStream in = s.getInputStream();
                int read;
                try {
                    read = in.read();
                } catch (SocketException reset) {
                    read = -1;
                }
                double seconds = (System.nanoTime() - start) / 1e9;
                System.out.printf("REST: a client stuck in its headers was closed after %.1f s%n", seconds);
                assertThat(read).as("closed without an answer").isEqualTo(-1);
                assertThat(seconds).isBetween(RestToolServer.REQUEST_READ_SECONDS - 1.0, RestToolServer.REQUEST_READ_SECONDS + 5.0);
            }
        }
    }

    @Test
    void stdioAnswersEveryLineBeforeItExitsAtEndOfInput() throws Exception {
        String input = String.join("\n",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                        + "\"clientInfo\":{\"name\":\"printf\",\"version\":\"1\"}}}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/li",
                "plain text",
                "{\"jsonrpc\":\"2.0\",\"id\":3}",
                "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"list_samples\",\"arguments\":\"{}\"}}",
                "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/list\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/call\",\"params\":{\"name\":\"list_samples\",\"arguments\":{}}}") + "\n";
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), "dev.ibench.workers.cli.IbenchCli",
                "serve-tools", SuperheroEvalSets.slot().toString(), "--mcp", "stdio", "--data-root", SuperheroEvalSets.dataRoot().toString()));
        ProcessBuilder pb = new ProcessBuilder(command).redirectError(out.resolve("stdio.err").toFile());
        pb.environment().put("IBENCH_HOME", out.resolve("home").toString()); // its log file goes there, not into the module folder
        Process p = pb.start();
        try (OutputStream stdin = p.getOutputStream()) {
            stdin.write(input.getBytes(StandardCharsets.UTF_8));
        }
        String stdout = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).isZero();
        List<String> answers = new ArrayList<>();
        for (String line : stdout.split("\n")) {
            if (line.isBlank()) continue;
            JsonNode n = Json.MAPPER.readTree(line);
            answers.add(n.get("id") + ":" + (n.has("error") ? n.get("error").get("code").asText() : "ok"));
        }
        System.out.println("stdio, input ended right after 8 lines: " + answers);
        assertThat(answers).containsExactlyInAnyOrder("1:ok", "null:-32700", "null:-32700", "3:-32600", "4:-32602", "5:ok", "6:ok");
        assertThat(Files.readString(out.resolve("stdio.err"))).doesNotContain("\tat ", "ERROR");
    }
}
