package dev.ibench.core.rest;

import dev.ibench.core.build.BuildOptions;
import dev.ibench.core.json.JsonFiles;
import dev.ibench.core.verify.CoverageReport;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The REST part of {@code ibench build}: runs {@link RestBenchmarkBuilder} after the SLOT/SEL builder, adds its
 * counts to the same coverage report (style {@code rest}, plus a {@code rest} block with endpoint counts per
 * generator) and rewrites {@code coverage.json}. Returns the coverage JSON that was written.
 */
public final class RestBuildStep {
    private RestBuildStep() {}

    public static Map<String, Object> run(BuildOptions o, CoverageReport coverage, Consumer<String> log, boolean verbose) throws IOException {
        RestBenchmarkBuilder.Result r = new RestBenchmarkBuilder(log, verbose, NearDuplicateDetector.NONE).build(o, coverage);
        Map<String, Object> json = coverage.toMap(o.source(), o.mode().name().toLowerCase(Locale.ROOT));
        Map<String, Object> rest = new LinkedHashMap<>();
        rest.put("endpoints", r.endpoints());
        rest.put("produced_by", r.producedBy());
        rest.put("merged_same_template", r.mergedDuplicates());
        rest.put("near_duplicate_detector", "none");
        json.put("rest", rest);
        CoverageReport.Counts total = coverage.total(RestBenchmarkBuilder.STYLE);
        log.accept("rest: " + total.questions + " questions, " + total.verified + " verified, " + r.endpoints() + " endpoints " + r.producedBy()
                + ", " + r.mergedDuplicates() + " questions share an endpoint; not verified: " + total.byReason);
        JsonFiles.writeReplacing(o.out().resolve("coverage.json"), json);
        return json;
    }
}
