package dev.ibench.workers.server;

import dev.ibench.workflows.visibility.IbenchSearchAttributes;
import io.temporal.api.enums.v1.IndexedValueType;
import io.temporal.common.SearchAttributeKey;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How to run {@code temporal server start-dev}: bind address, frontend and UI ports, and the SQLite
 * file that makes the state survive restarts. {@code httpPort} and {@code metricsPort} of 0 let the
 * server pick free ports.
 */
public record DevServerSettings(String ip, int port, int uiPort, int httpPort, int metricsPort, Path dbFile) {
    public static final int DEFAULT_PORT = 7233;
    public static final int DEFAULT_UI_PORT = 8233;

    public static DevServerSettings defaults(Path stateDir) {
        return new DevServerSettings("127.0.0.1", DEFAULT_PORT, DEFAULT_UI_PORT, 0, 0, stateDir.resolve("temporal.db"));
    }

    public String address() {
        return ip + ":" + port;
    }

    public String uiUrl() {
        return "http://" + ip + ":" + uiPort;
    }

    /** The full command line, registering every {@link IbenchSearchAttributes#ALL} key. */
    public List<String> command(Path temporalCli) {
        List<String> command = new ArrayList<>(List.of(
                temporalCli.toString(), "server", "start-dev",
                "--db-filename", dbFile.toString(),
                "--ip", ip,
                "--port", Integer.toString(port),
                "--ui-port", Integer.toString(uiPort),
                "--log-level", "warn"));
        if (httpPort > 0) {
            command.addAll(List.of("--http-port", Integer.toString(httpPort)));
        }
        if (metricsPort > 0) {
            command.addAll(List.of("--metrics-port", Integer.toString(metricsPort)));
        }
        for (SearchAttributeKey<?> key : IbenchSearchAttributes.ALL) {
            command.addAll(List.of("--search-attribute", key.getName() + "=" + cliTypeName(key.getValueType())));
        }
        return command;
    }

    /** The type names {@code --search-attribute KEY=TYPE} accepts. */
    static String cliTypeName(IndexedValueType type) {
        return switch (type) {
            case INDEXED_VALUE_TYPE_KEYWORD -> "Keyword";
            case INDEXED_VALUE_TYPE_TEXT -> "Text";
            case INDEXED_VALUE_TYPE_INT -> "Int";
            case INDEXED_VALUE_TYPE_DOUBLE -> "Double";
            case INDEXED_VALUE_TYPE_BOOL -> "Bool";
            case INDEXED_VALUE_TYPE_DATETIME -> "Datetime";
            case INDEXED_VALUE_TYPE_KEYWORD_LIST -> "KeywordList";
            default -> throw new IllegalArgumentException("search attribute type not supported by the dev server: " + type);
        };
    }
}
