package dev.ibench.workers.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.StoreCopy;
import dev.ibench.activities.store.StoreDialect;
import dev.ibench.activities.store.StoreLocation;
import dev.ibench.core.json.Json;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.StoreSetting;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ibench store}: results-store administration (docs/results-store.md). */
@Command(name = "store", mixinStandardHelpOptions = true, description = "Results store administration.",
        subcommands = {StoreCommand.Migrate.class, CommandLine.HelpCommand.class})
public final class StoreCommand implements Runnable {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "migrate", mixinStandardHelpOptions = true,
            description = "Copy every campaign, result, model call and cached response of one store into another "
                    + "(e.g. the SQLite default into PostgreSQL), then point workers and commands at the new one "
                    + "(--store / $IBENCH_STORE): running campaigns resume there without recomputing anything. "
                    + "Rows the target already holds are kept, so the copy can be run again.")
    static final class Migrate implements Callable<Integer> {
        @CommandLine.Spec CommandLine.Model.CommandSpec spec;

        @Option(names = "--from", paramLabel = "URL|FILE",
                description = "Store to copy from (default: <home>/.ibench/results.db, the SQLite default).")
        String from;

        @Option(names = "--to", paramLabel = "URL|FILE",
                description = "Store to copy into, e.g. jdbc:postgresql://HOST:PORT/DB?user=USER; the password comes from "
                        + "$IBENCH_STORE_PASSWORD (default: --store / $IBENCH_STORE).")
        String to;

        @Option(names = "--json", description = "Print the rows copied per table as JSON.")
        boolean json;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            IbenchHome home = IbenchHome.resolve();
            StoreLocation source = from != null ? StoreLocation.parse(from, "--from")
                    : StoreLocation.sqliteFile(home.state().resolve("results.db"), "--from default");
            StoreLocation target = to != null ? StoreLocation.parse(to, "--to") : StoreSetting.resolve(home);
            if (source.dialect() == StoreDialect.SQLITE && !Files.isRegularFile(source.file())) {
                err.println("ibench store migrate: --from " + source.file() + " does not exist");
                err.flush();
                return 2;
            }
            if (source.jdbcUrl().equals(target.jdbcUrl())) {
                err.println("ibench store migrate: --from and --to are the same store (" + source.display()
                        + "); give --to, or set --store / $IBENCH_STORE to the new store");
                err.flush();
                return 2;
            }
            Map<String, StoreCopy.TableCount> counts;
            try (ResultsDatabase sourceDb = ResultsDatabase.open(source); ResultsDatabase targetDb = ResultsDatabase.open(target)) {
                counts = StoreCopy.copy(sourceDb, targetDb);
            }
            if (json) {
                ObjectNode node = Json.MAPPER.createObjectNode();
                node.put("from", source.display());
                node.put("to", target.display());
                ObjectNode tables = node.putObject("tables");
                counts.forEach((table, c) -> tables.putObject(table).put("read", c.read()).put("inserted", c.inserted()));
                out.println(node.toPrettyString());
            } else {
                out.println("Copied " + source.display() + " -> " + target.display());
                counts.forEach((table, c) -> out.printf("  %-20s %8d rows read, %8d new in the target%n", table, c.read(), c.inserted()));
                out.println("Now run workers and commands with --store " + target.display() + " (or IBENCH_STORE).");
            }
            out.flush();
            return 0;
        }
    }
}
