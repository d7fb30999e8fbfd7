package dev.ibench.workers.imports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * What the {@code ibench import} subcommands do alike around their importer: the rule for the eval-set name, the
 * import report's rows left out (and the refusal when no row is left), the files written as indented JSON.
 */
public final class ImportOutput {
    /** A row the importer left out: its line, its id under the report field {@code idField}, and why. */
    public record LeftOut(int line, String idField, String id, String reason) {}

    private final String command;
    private final PrintWriter err;

    /** @param command the command as errors name it, e.g. {@code ibench import bfcl} */
    public ImportOutput(String command, PrintWriter err) {
        this.command = command;
        this.err = err;
    }

    /** A set name becomes file names: only letters, digits, '.', '_' and '-'; otherwise says so and returns false. */
    public boolean nameAllowed(String setName) {
        if (setName.matches("[A-Za-z0-9._-]+")) {
            return true;
        }
        err.println(command + ": --name '" + setName + "' may hold only letters, digits, '.', '_' and '-'");
        return false;
    }

    /** Adds {@code imported} and {@code rejected} to the report; false (listing the rows left out) when no row of the file was imported. */
    public boolean addOutcome(ObjectNode report, Path file, int imported, List<LeftOut> leftOut) {
        report.put("imported", imported);
        ArrayNode rejected = report.putArray("rejected");
        leftOut.forEach(r -> rejected.addObject().put("line", r.line()).put(r.idField(), r.id()).put("reason", r.reason()));
        if (imported > 0) {
            return true;
        }
        err.println(command + ": no row of " + file + " could be imported");
        leftOut.forEach(r -> err.println("  line " + r.line() + ": " + r.reason()));
        return false;
    }

    public static void write(Path file, JsonNode json) throws IOException {
        Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), json);
    }

    public static String text(JsonNode json) throws IOException {
        return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(json);
    }
}
