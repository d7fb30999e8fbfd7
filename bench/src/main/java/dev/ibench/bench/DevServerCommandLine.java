package dev.ibench.bench;

import dev.ibench.workers.server.DevServerSettings;
import java.nio.file.Path;

/**
 * Prints, one argument per line, the command line ibench starts its Temporal dev server with (every ibench search
 * attribute registered), on loopback ports given here and with the server's Prometheus endpoint on METRICS_PORT, so a
 * bench script can start that server itself and read its CPU from /proc. Used by {@code bench/side-by-side.sh}.
 * Usage: {@code DevServerCommandLine TEMPORAL_CLI DB_FILE PORT UI_PORT METRICS_PORT}
 */
public final class DevServerCommandLine {
    private DevServerCommandLine() {}

    public static void main(String[] args) {
        if (args.length != 5) {
            System.err.println("usage: DevServerCommandLine TEMPORAL_CLI DB_FILE PORT UI_PORT METRICS_PORT");
            System.exit(2);
        }
        DevServerSettings settings = new DevServerSettings("127.0.0.1", Integer.parseInt(args[2]), Integer.parseInt(args[3]), 0,
                Integer.parseInt(args[4]), Path.of(args[1]));
        settings.command(Path.of(args[0])).forEach(System.out::println);
    }
}
