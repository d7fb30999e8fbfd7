package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.core.campaign.CampaignSpecException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A BFCL format_sensitivity set is planned like any set of samples in mode direct with prompt-mode models, and refused
 * (one sentence naming the benchmark and the reason, before any server is contacted) in mode react, with ablations, or
 * with a mode: tools profile, since bfcl-eval runs it for prompt handlers only.
 */
class CampaignPlanFormatSensitivityTest {
    private static final String PYTHON_TAG = "ret_fmt=python&tool_call_tag=True&func_doc_fmt=json&prompt_fmt=plaintext&style=classic";
    private static final String JSON_XML = "ret_fmt=json&tool_call_tag=False&func_doc_fmt=xml&prompt_fmt=plaintext&style=classic";

    @TempDir Path dir;

    @BeforeEach
    void isolated() throws Exception {
        System.setProperty("ibench.home", dir.toString());
        Files.writeString(dir.resolve("fs.json"), "{\"style\": \"bfcl_format_sensitivity\", \"data\": [" + entry(0, PYTHON_TAG) + ", "
                + entry(1, JSON_XML) + "]}");
    }

    @AfterEach
    void clear() {
        System.clearProperty("ibench.home");
    }

    private static String entry(int n, String config) {
        return "{\"sample_id\": \"format_sensitivity_" + n + ":" + config + ":simple_python_1\", \"dataset_name\": \"bfcl_simple_python\", "
                + "\"input\": \"gcd of 4 and 6?\", \"output\": [{\"name\": \"math.gcd\", \"arguments\": {\"a\": 4, \"b\": 6}}], "
                + "\"tools\": [{\"name\": \"math.gcd\", \"description\": \"gcd\", \"parameters\": {\"type\": \"dict\", \"properties\": {}}}]}";
    }

    private Path campaign(String profile, String more) throws Exception {
        return Files.writeString(dir.resolve("campaign.yaml"), "name: fs\nmodels: [{name: m, profile: " + profile + "}]\nbenchmarks:\n"
                + "  - {name: fs, eval_set: fs.json}\n" + more);
    }

    @Test
    void promptModeModelsInModeDirectRunIt() throws Exception {
        assertThat(CampaignStarter.plan(campaign("llama-cpp-chat", "trials: 2\n")).knownItems()).isEqualTo(2 * 2);
    }

    @Test
    void aToolsModeProfileIsRefused() throws Exception {
        Path file = campaign("oracle", "");
        assertThatThrownBy(() -> CampaignStarter.plan(file)).isInstanceOf(CampaignSpecException.class)
                .hasMessage(file + ": benchmarks 'fs': models[0] (m) has profile oracle in mode tools, and a BFCL format_sensitivity eval "
                        + "set is run for prompt-mode models only (each entry asks for its answer in its own text format); use a mode: prompt profile");
    }

    @Test
    void aProfileWithConstrainedOutputIsRefused() throws Exception {
        Files.createDirectories(dir.resolve("profiles"));
        Files.writeString(dir.resolve("profiles/json-chat.yaml"), "name: json-chat\nprovider: openai\nmodel: m\nfamily: gpt-4o\nmode: prompt\n"
                + "api: chat\nbase_url: http://127.0.0.1:9/v1\nparser: [json]\nconstrained_output: json\n");
        Path file = campaign("json-chat", "");
        assertThatThrownBy(() -> CampaignStarter.plan(file)).isInstanceOf(CampaignSpecException.class)
                .hasMessage(file + ": benchmarks 'fs': models[0] (m) has profile json-chat with constrained_output: json, which holds every "
                        + "answer to one JSON shape, and each BFCL format_sensitivity entry asks for its own answer format; use a profile without it");
    }

    @Test
    void modeReactAndAblationsAreRefused() throws Exception {
        Path react = campaign("llama-cpp-chat", "modes: [direct, react]\n");
        assertThatThrownBy(() -> CampaignStarter.plan(react)).isInstanceOf(CampaignSpecException.class)
                .hasMessage(react + ": benchmarks 'fs': a BFCL format_sensitivity eval set runs in mode direct only (bfcl-eval runs it for "
                        + "prompt handlers), but modes are [direct, react]; run it in a campaign with modes: [direct]");
        Path ablated = campaign("llama-cpp-chat", "ablations: [none, obfuscated]\n");
        assertThatThrownBy(() -> CampaignStarter.plan(ablated)).isInstanceOf(CampaignSpecException.class)
                .hasMessageStartingWith(ablated + ": benchmarks 'fs': ablations do not apply to a BFCL format_sensitivity eval set");
    }
}
