package dev.ibench.core.bfcl;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.ibench.core.json.Json;
import dev.ibench.core.sample.EvalSample;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code format_sensitivity} entries as bfcl-eval's {@code load_format_sensitivity_test_cases} builds them from its
 * data folder: for each category of {@code BFCL_v4_format_sensitivity.json} (file order), the entries of that category's
 * test file whose id the list names (test-file order), each repeated for the 26 configurations
 * ({@link BfclFormatSensitivity#CONFIGS}) with the id {@code format_sensitivity_<n>:<config>:<original id>}, {@code n}
 * counting over all of them. Each entry keeps its original category's dataset ({@code bfcl_live_simple}, ...), whose AST
 * rules judge it, as bfcl-eval hands the original id to its checker. The eval set is
 * {@code {"style": "bfcl_format_sensitivity", "category": "format_sensitivity", "source", "configs", "data"}}.
 */
public final class BfclFormatSensitivityEvalSet {
    public static final String STYLE = "bfcl_format_sensitivity";
    public static final String IDS_FILE = "BFCL_v4_format_sensitivity.json";

    private BfclFormatSensitivityEvalSet() {}

    /** The entries, and the listed rows ibench's importer left out (with the reason), which are then missing. */
    public record Result(List<EvalSample> samples, List<BfclImporter.RejectedRow> rejected, int listed) {}

    public static boolean isOne(Path file) {
        return EvalSetStyle.is(file, STYLE);
    }

    /** Reads {@code data/BFCL_v4_format_sensitivity.json} and, beside it, the named categories' tests and possible answers. */
    public static Result read(Path data) {
        Map<String, List<String>> listed;
        try {
            listed = Json.MAPPER.readValue(data.resolve(IDS_FILE).toFile(), new TypeReference<LinkedHashMap<String, List<String>>>() {});
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + data.resolve(IDS_FILE) + ": " + e.getMessage(), e);
        }
        List<EvalSample> originals = new ArrayList<>();
        List<BfclImporter.RejectedRow> rejected = new ArrayList<>();
        int count = 0;
        for (Map.Entry<String, List<String>> e : listed.entrySet()) {
            if (e.getValue().isEmpty()) {
                continue;
            }
            BfclCategory category = BfclCategory.parse(e.getKey());
            Set<String> ids = new HashSet<>(e.getValue());
            count += ids.size();
            BfclImporter.Result imported = BfclImporter.read(data.resolve("BFCL_v4_" + e.getKey() + ".json"),
                    data.resolve("possible_answer/BFCL_v4_" + e.getKey() + ".json"), category);
            imported.samples().stream().filter(s -> ids.contains(s.sampleId())).forEach(originals::add);
            imported.rejected().stream().filter(r -> ids.contains(r.id())).forEach(rejected::add);
        }
        List<EvalSample> samples = new ArrayList<>();
        int index = 0;
        for (EvalSample s : originals) {
            for (String config : BfclFormatSensitivity.CONFIGS) {
                String id = new BfclFormatSensitivity.EntryId(index++, config, s.sampleId()).id();
                samples.add(new EvalSample(id, s.datasetName(), s.input(), s.query(), s.goldAnswer(), s.output(), s.initializationStep(),
                        s.tools(), s.keyValuesAndDescriptions()));
            }
        }
        return new Result(samples, rejected, count);
    }

    /** The eval set file's content. */
    public static Map<String, Object> toJson(List<EvalSample> samples, String source) {
        Map<String, Object> set = new LinkedHashMap<>();
        set.put("style", STYLE);
        set.put("category", BfclFormatSensitivity.CATEGORY);
        set.put("source", source);
        set.put("configs", BfclFormatSensitivity.CONFIGS);
        set.put("data", samples);
        return set;
    }
}
