package dev.ibench.core.bfcl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * bfcl-eval 2026.3.23's format-sensitivity configurations and its format_sensitivity_runner statistics, with the expected
 * values worked by hand from its formula: round(statistics.variance(accs) * 100**2, 2), round(statistics.stdev(accs) * 100,
 * 2), round((max(accs) - min(accs)) * 100, 2); all 0.0 with one configuration.
 */
class BfclFormatSensitivityTest {
    @Test
    void theTwentySixConfigurationsInBfclEvalsOrder() {
        assertThat(BfclFormatSensitivity.CONFIGS).hasSize(26).doesNotHaveDuplicates();
        assertThat(BfclFormatSensitivity.CONFIGS.get(0)).isEqualTo("ret_fmt=python&tool_call_tag=True&func_doc_fmt=python&prompt_fmt=plaintext&style=classic");
        assertThat(BfclFormatSensitivity.CONFIGS.get(5)).isEqualTo("ret_fmt=python&tool_call_tag=False&func_doc_fmt=json&prompt_fmt=plaintext&style=classic");
        assertThat(BfclFormatSensitivity.CONFIGS.get(23)).isEqualTo("ret_fmt=concise_xml&tool_call_tag=False&func_doc_fmt=json&prompt_fmt=plaintext&style=classic");
        assertThat(BfclFormatSensitivity.CONFIGS.get(24)).isEqualTo("ret_fmt=python&tool_call_tag=False&func_doc_fmt=json&prompt_fmt=markdown&style=classic");
        assertThat(BfclFormatSensitivity.CONFIGS.get(25)).isEqualTo("ret_fmt=python&tool_call_tag=False&func_doc_fmt=json&prompt_fmt=plaintext&style=experimental");
        BfclFormatSensitivity.Config c = BfclFormatSensitivity.Config.parse(BfclFormatSensitivity.CONFIGS.get(8));
        assertThat(c).isEqualTo(new BfclFormatSensitivity.Config("json", true, "json", "plaintext", "classic"));
        assertThatThrownBy(() -> BfclFormatSensitivity.Config.parse("ret_fmt=yaml&tool_call_tag=True&func_doc_fmt=json&prompt_fmt=plaintext&style=classic"))
                .hasMessageContaining("not a BFCL format-sensitivity configuration");
    }

    @Test
    void entryIdsCarryTheConfigurationAndTheOriginalId() {
        var id = BfclFormatSensitivity.EntryId.parse("format_sensitivity_27:" + BfclFormatSensitivity.CONFIGS.get(1) + ":live_simple_23-5-1");
        assertThat(id.index()).isEqualTo(27);
        assertThat(id.config()).isEqualTo(BfclFormatSensitivity.CONFIGS.get(1));
        assertThat(id.originalId()).isEqualTo("live_simple_23-5-1");
        assertThatThrownBy(() -> BfclFormatSensitivity.EntryId.parse("simple_python_3")).hasMessageContaining("not a BFCL format-sensitivity entry id");
    }

    @Test
    void spreadOfThreeConfigurations() {
        // accuracies 0.75, 0.25, 0.5: mean 0.5, squared deviations 0.0625 + 0.0625 + 0 = 0.125, variance 0.125 / 2 = 0.0625
        // (x 100^2 = 625.0), stdev 0.25 (x 100 = 25.0), max - min = 0.5 (x 100 = 50.0); 6 of 12 correct overall
        Map<String, BfclSummary.Category> byConfig = new LinkedHashMap<>();
        byConfig.put("a", new BfclSummary.Category(4, 3));
        byConfig.put("b", new BfclSummary.Category(4, 1));
        byConfig.put("c", new BfclSummary.Category(4, 2));
        BfclFormatSensitivity.Stats s = BfclFormatSensitivity.stats(byConfig);
        assertThat(s.total()).isEqualTo(12);
        assertThat(s.correct()).isEqualTo(6);
        assertThat(s.accuracy()).isEqualTo(0.5);
        assertThat(s.maxDelta()).isEqualTo(50.0);
        assertThat(s.variance()).isEqualTo(625.0);
        assertThat(s.std()).isEqualTo(25.0);
        Map<String, Object> header = s.header();
        assertThat(List.copyOf(header.keySet())).containsExactly("accuracy", "correct_count", "total_count", "accuracy_max_delta",
                "accuracy_variance", "accuracy_std", "a", "b", "c");
        assertThat(header.get("b")).isEqualTo(Map.of("accuracy", 0.25, "correct_count", 1, "total_count", 4));
    }

    @Test
    void spreadRoundedToTwoDecimals() {
        // accuracies 1/3 and 2/3: variance (1/6)^2 * 2 / 1 = 1/18 = 0.0555.. (x 10000 = 555.55.. -> 555.56), stdev sqrt(1/18) =
        // 0.2357022.. (x 100 -> 23.57), max - min = 1/3 (x 100 = 33.33.. -> 33.33)
        Map<String, BfclSummary.Category> byConfig = new LinkedHashMap<>();
        byConfig.put("a", new BfclSummary.Category(3, 1));
        byConfig.put("b", new BfclSummary.Category(3, 2));
        BfclFormatSensitivity.Stats s = BfclFormatSensitivity.stats(byConfig);
        assertThat(s.variance()).isEqualTo(555.56);
        assertThat(s.std()).isEqualTo(23.57);
        assertThat(s.maxDelta()).isEqualTo(33.33);
        assertThat(BfclFormatSensitivity.pythonStr(s.std())).isEqualTo("23.57");
        assertThat(BfclFormatSensitivity.pythonStr(625.0)).isEqualTo("625.0");
        assertThat(BfclFormatSensitivity.pythonStr(0.0)).isEqualTo("0.0");
        assertThat(BfclFormatSensitivity.pythonStr(12.5)).isEqualTo("12.5");
    }

    @Test
    void oneConfigurationHasNoSpread() {
        BfclFormatSensitivity.Stats s = BfclFormatSensitivity.stats(Map.of("a", new BfclSummary.Category(5, 2)));
        assertThat(List.of(s.maxDelta(), s.variance(), s.std())).containsExactly(0.0, 0.0, 0.0);
        assertThat(s.accuracy()).isEqualTo(0.4);
    }

    @Test
    void theCsvShowsMaxDeltaAndStandardDeviationOfAModelWithTheScore() {
        Map<String, BfclSummary.Category> byConfig = new LinkedHashMap<>();
        byConfig.put("a", new BfclSummary.Category(3, 1));
        byConfig.put("b", new BfclSummary.Category(3, 2));
        String csv = BfclOverallCsv.csv(List.of(new BfclOverallCsv.Model("m", Map.of("multiple", new BfclSummary.Category(4, 4)),
                BfclFormatSensitivity.stats(byConfig)), new BfclOverallCsv.Model("n", Map.of())));
        List<String> m = List.of(csv.lines().toList().get(1).split(","));
        List<String> n = List.of(csv.lines().toList().get(2).split(","));
        assertThat(m.get(32)).isEqualTo("33.33");
        assertThat(m.get(33)).isEqualTo("23.57");
        assertThat(n.get(32)).isEqualTo("N/A");
        assertThat(n.get(33)).isEqualTo("N/A");
    }
}
