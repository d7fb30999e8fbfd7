package dev.ibench.workers.cli;

import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ibench.core.json.Json;
import dev.ibench.core.rest.RestEvalSetVerifier;
import dev.ibench.core.verify.EvalSetVerifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Re-execute every gold sequence, REST endpoint call and gold SQL of a built directory and print agreement per style.")
final class VerifyCommand implements Callable<Integer> {
    @Parameters(index = "0", description = "folder written by 'ibench build'")
    Path dir;

    @Option(names = "--data-root", description = "folder the samples' database_path is relative to (default: the data_root recorded in each eval set)")
    Path dataRoot;

    @Option(names = "--json", description = "print the result as JSON")
    boolean json;

    @Override
    public Integer call() throws Exception {
        if (!Files.isDirectory(dir)) {
            System.err.println("ibench verify: not a directory: " + dir);
            return 2;
        }
        // SLOT/SEL sets re-run their tool sequences; REST sets re-run their calls through the published endpoint specs.
        EvalSetVerifier.Result r = new EvalSetVerifier().verify(dir, dataRoot).plus(new RestEvalSetVerifier().verify(dir, dataRoot));
        if (r.files().isEmpty()) {
            System.err.println("ibench verify: no eval sets (<source>-<db>-slot|sel|rest.json) in " + dir);
            return 2;
        }
        Map<String, EvalSetVerifier.StyleResult> byStyle = r.byStyle();
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("samples", r.samples());
            m.put("agreed", r.agreed());
            m.put("agreement", r.agreement());
            Map<String, Object> styles = new LinkedHashMap<>();
            byStyle.forEach((style, s) -> {
                Map<String, Object> sm = new LinkedHashMap<>();
                sm.put("samples", s.samples());
                sm.put("agreed", s.agreed());
                sm.put("agreement", s.agreement());
                styles.put(style, sm);
            });
            m.put("by_style", styles);
            List<Map<String, Object>> files = new ArrayList<>();
            for (EvalSetVerifier.FileResult f : r.files()) {
                Map<String, Object> fm = new LinkedHashMap<>();
                fm.put("file", f.file());
                fm.put("style", f.style());
                fm.put("samples", f.samples());
                fm.put("agreed", f.agreed());
                fm.put("failures", f.failures());
                files.add(fm);
            }
            m.put("files", files);
            System.out.println(Json.MAPPER.writer(SerializationFeature.INDENT_OUTPUT).writeValueAsString(m));
        } else {
            for (EvalSetVerifier.FileResult f : r.files()) {
                System.out.printf("%-50s %5d / %5d agree%n", f.file(), f.agreed(), f.samples());
                f.failures().stream().limit(10).forEach(x -> System.out.println("  " + x));
                if (f.failures().size() > 10) System.out.println("  ... " + (f.failures().size() - 10) + " more");
            }
            byStyle.values().forEach(s -> System.out.printf("%-5s agreement: %d / %d samples (%.2f%%)%n",
                    s.style(), s.agreed(), s.samples(), 100.0 * s.agreement()));
            System.out.printf("agreement: %d / %d samples (%.2f%%)%n", r.agreed(), r.samples(), 100.0 * r.agreement());
        }
        return r.agreed() == r.samples() ? 0 : 1;
    }
}
