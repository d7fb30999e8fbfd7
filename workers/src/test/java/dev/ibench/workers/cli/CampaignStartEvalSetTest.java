package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.ibench.core.bfcl.BfclMemoryEvalSet;
import dev.ibench.core.bfcl.BfclMemoryPrerequisite;
import dev.ibench.core.bfcl.BfclMemoryQuestion;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.testing.FreePorts;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignStarter;
import dev.ibench.workers.campaign.StoreSetting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code campaign start} reads every eval set completely before it contacts a server or copies anything: a file that
 * is not an eval set, a binary file and a truncated eval set each exit non-zero naming the file and the problem, with
 * nothing listening at the Temporal address, no results store created and nothing under {@code .ibench/artifacts}.
 */
class CampaignStartEvalSetTest {
    private static final String SAMPLE = "{\"sample_id\": \"s1\", \"input\": \"How many heroes?\", \"output\": [], \"tools\": []}";

    @TempDir Path dir;

    @BeforeEach
    void isolated() {
        System.setProperty(StoreSetting.PROPERTY, dir.resolve("store/results.db").toString());
        System.setProperty("ibench.home", dir.toString());
    }

    @AfterEach
    void clear() {
        System.clearProperty(StoreSetting.PROPERTY);
        System.clearProperty("ibench.home");
    }

    private CliRun startWith(Path evalSet) throws Exception {
        Path file = dir.resolve("campaign.yaml");
        Files.writeString(file, "name: v\nmodels: [{name: oracle, profile: oracle}]\nbenchmarks: [{name: b, eval_set: \""
                + evalSet + "\"}]\n");
        return CliRun.of("campaign", "start", file.toString(), "--address", "127.0.0.1:" + FreePorts.next());
    }

    private void assertRefusedBeforeAnything(CliRun r, String... expected) {
        assertThat(r.exit()).isNotZero();
        assertThat(r.err()).contains("benchmarks 'b'").contains(expected).doesNotContain("no Temporal server");
        assertThat(dir.resolve("store")).doesNotExist();
        assertThat(dir.resolve(".ibench")).doesNotExist();
    }

    @Test
    void aMultiTurnSetInModeDirectIsRefusedNamingTheModeItRunsIn() throws Exception {
        Path set = Files.writeString(dir.resolve("mt.json"), "{\"style\": \"bfcl_multi_turn\", \"category\": \"multi_turn_base\", "
                + "\"source\": \"x\", \"function_docs\": {\"MathAPI\": []}, \"data\": [{\"id\": \"multi_turn_base_0\", "
                + "\"category\": \"multi_turn_base\", \"turns\": [[{\"role\": \"user\", \"content\": \"add\"}]], "
                + "\"involved_classes\": [\"MathAPI\"], \"initial_config\": {}, \"missed_function\": {}, "
                + "\"ground_truth\": [[\"add(a=1, b=2)\"]]}]}");
        assertRefusedBeforeAnything(startWith(set), "a BFCL multi-turn eval set runs its conversations in mode react only, but modes are [direct]");
    }

    @Test
    void aMultiTurnSetWithANativeToolsProfileIsAccepted() throws Exception {
        Path set = Files.writeString(dir.resolve("mt.json"), "{\"style\": \"bfcl_multi_turn\", \"category\": \"multi_turn_base\", "
                + "\"source\": \"x\", \"function_docs\": {\"MathAPI\": []}, \"data\": [{\"id\": \"multi_turn_base_0\", "
                + "\"category\": \"multi_turn_base\", \"turns\": [[{\"role\": \"user\", \"content\": \"add\"}]], "
                + "\"involved_classes\": [\"MathAPI\"], \"initial_config\": {}, \"missed_function\": {}, "
                + "\"ground_truth\": [[\"add(a=1, b=2)\"]]}]}");
        Path file = dir.resolve("campaign.yaml");
        // openai-gpt-4o is a built-in profile with mode: tools: run as bfcl-eval's function-calling handlers (issue 42 item 3)
        Files.writeString(file, "name: v\nmodes: [react]\nmodels: [{name: oracle, profile: oracle}, {name: gpt, profile: openai-gpt-4o}]\n"
                + "benchmarks: [{name: b, eval_set: \"" + set + "\"}]\n");
        assertThat(catchThrowable(() -> CampaignStarter.validate(file))).isNull();
    }

    private Path memorySet(String category) throws Exception {
        return Files.writeString(dir.resolve(category + ".json"), new BfclMemoryEvalSet(category, "MemoryAPI_" + category.substring(7),
                "BFCL_v4_memory.json", List.of(), Map.of("notetaker", List.of(new BfclMemoryPrerequisite(category + "_prereq_0-notetaker-0", "t",
                        List.of(List.of(Map.of("role", "user", "content", "I am Michael.")))))),
                List.of(new BfclMemoryQuestion(category + "_0-notetaker-0", "notetaker", List.of(Map.of("role", "user", "content", "Name?")),
                        List.of("Michael")), new BfclMemoryQuestion(category + "_1-notetaker-1", "notetaker",
                        List.of(Map.of("role", "user", "content", "Job?")), List.of("pilot")))).toJson().toString());
    }

    /** Memory sets run in campaigns (docs/bfcl.md#memory): kv and rec_sum in mode react, each question an item. */
    @Test
    void aMemorySetInModeReactIsPlannedAsItsQuestions() throws Exception {
        Path file = dir.resolve("campaign.yaml");
        Files.writeString(file, "name: v\nmodes: [react]\nmodels: [{name: oracle, profile: oracle}]\nbenchmarks: [{name: kv, eval_set: \""
                + memorySet("memory_kv") + "\"}, {name: rs, eval_set: \"" + memorySet("memory_rec_sum") + "\"}]\n");
        assertThat(CampaignStarter.plan(file).knownItems()).isEqualTo(4);
    }

    @Test
    void aMemorySetInModeDirectIsRefusedNamingTheModeItRunsIn() throws Exception {
        assertRefusedBeforeAnything(startWith(memorySet("memory_kv")), "runs its conversations in mode react only, but modes are [direct]");
    }

    @Test
    void aMemoryVectorSetIsRefusedWithoutItsEmbeddingModelFolder() throws Exception {
        Assumptions.assumeTrue(System.getenv("IBENCH_BFCL_VECTOR_MODEL") == null, "the vector model folder is set in this environment");
        Path set = memorySet("memory_vector");
        assertRefusedBeforeAnything(startWith(set), "eval set " + set + ": a BFCL memory_vector eval set, which campaigns run only when "
                + "IBENCH_BFCL_VECTOR_MODEL names the folder of its embedding model (docs/bfcl.md#memory)");
    }

    /** A web-search set needs the search key's variable (docs/bfcl.md#web-search); refused before any server is contacted. */
    @Test
    void aWebSearchSetIsRefusedWithoutTheSearchKeyVariable() throws Exception {
        Assumptions.assumeTrue(System.getenv("SERPAPI_API_KEY") == null && System.getenv("IBENCH_BFCL_SEARCH_API_KEY_ENV") == null,
                "a search key is set in this environment");
        Path set = Files.writeString(dir.resolve("ws.json"), "{\"style\": \"bfcl_multi_turn\", \"category\": \"web_search_base\", "
                + "\"source\": \"x\", \"function_docs\": {\"WebSearchAPI\": []}, \"data\": [{\"id\": \"web_search_base_0\", "
                + "\"category\": \"web_search_base\", \"turns\": [[{\"role\": \"user\", \"content\": \"Who?\"}]], "
                + "\"involved_classes\": [\"WebSearchAPI\"], \"initial_config\": {\"WebSearchAPI\": {\"show_snippet\": true}}, "
                + "\"missed_function\": {}, \"ground_truth\": [[\"Zhang Yiming\"]]}]}");
        Path file = dir.resolve("campaign.yaml");
        Files.writeString(file, "name: v\nmodes: [react]\nmodels: [{name: oracle, profile: oracle}]\nbenchmarks: [{name: b, eval_set: \""
                + set + "\"}]\n");
        CliRun r = CliRun.of("campaign", "start", file.toString(), "--address", "127.0.0.1:" + FreePorts.next());
        assertRefusedBeforeAnything(r, "the BFCL web_search_base set asks a search service, and the environment variable SERPAPI_API_KEY "
                + "that holds its SerpAPI key is not set (docs/bfcl.md#web-search)");
    }

    private Path webSearchSet() throws Exception {
        return Files.writeString(dir.resolve("ws.json"), "{\"style\": \"bfcl_multi_turn\", \"category\": \"web_search_base\", "
                + "\"source\": \"x\", \"function_docs\": {\"WebSearchAPI\": []}, \"data\": [{\"id\": \"web_search_base_0\", "
                + "\"category\": \"web_search_base\", \"turns\": [[{\"role\": \"user\", \"content\": \"Who?\"}]], "
                + "\"involved_classes\": [\"WebSearchAPI\"], \"initial_config\": {\"WebSearchAPI\": {\"show_snippet\": true}}, "
                + "\"missed_function\": {}, \"ground_truth\": [[\"Zhang Yiming\"]]}]}");
    }

    private Path reactCampaign(String benchmark) throws Exception {
        return Files.writeString(dir.resolve("campaign.yaml"), "name: v\nmodes: [react]\nmodels: [{name: oracle, profile: oracle}]\n"
                + "benchmarks: [" + benchmark + "]\n");
    }

    /** The campaign file names the key's variable ({@code api_key_env} of the benchmark): that one is asked for, not the worker's. */
    @Test
    void aWebSearchSetTakesItsKeyVariableFromTheCampaignFile() throws Exception {
        Path file = reactCampaign("{name: b, eval_set: \"" + webSearchSet() + "\", api_key_env: MY_SEARCH_KEY}");
        ProfileCatalog profiles = ProfileCatalog.load(IbenchHome.resolve().root().resolve("profiles"));
        assertThat(catchThrowable(() -> CampaignStarter.plan(file, profiles, Map.of("SERPAPI_API_KEY", "k-1"))))
                .hasMessageContaining("benchmarks 'b': the BFCL web_search_base set asks a search service, and the environment variable "
                        + "MY_SEARCH_KEY that holds its SerpAPI key is not set");
        assertThat(CampaignStarter.plan(file, profiles, Map.of("MY_SEARCH_KEY", "k-2")).knownItems()).isEqualTo(1);
        assertThat(CampaignStarter.plan(file, profiles, Map.of("MY_SEARCH_KEY", "k-2")).spec().benchmarks().get(0).apiKeyEnv())
                .isEqualTo("MY_SEARCH_KEY");
    }

    @Test
    void aSearchKeyVariableOnASetThatSearchesNothingIsRefused() throws Exception {
        Path file = dir.resolve("campaign.yaml");
        Files.writeString(file, "name: v\nmodels: [{name: oracle, profile: oracle}]\nbenchmarks: [{name: b, eval_set: \""
                + Files.writeString(dir.resolve("set.json"), "[" + SAMPLE + "]") + "\", api_key_env: MY_SEARCH_KEY}]\n");
        assertRefusedBeforeAnything(CliRun.of("campaign", "start", file.toString(), "--address", "127.0.0.1:" + FreePorts.next()),
                "api_key_env names the search key of a BFCL web-search set (web_search_base, web_search_no_snippet), and this eval set is not one");
    }

    @Test
    void aKeyInPlaceOfTheVariableNameIsRefusedWithoutRepeatingIt() throws Exception {
        Path file = reactCampaign("{name: b, eval_set: \"" + webSearchSet() + "\", api_key_env: \"sk-live/abc123\"}");
        CliRun r = CliRun.of("campaign", "start", file.toString(), "--address", "127.0.0.1:" + FreePorts.next());
        assertThat(r.exit()).isNotZero();
        assertThat(r.err()).contains("benchmarks[0].api_key_env:").contains("is not an environment variable name")
                .doesNotContain("no Temporal server");
    }

    @Test
    void aTextFileThatIsNotJsonLikePasswdIsRefused() throws Exception {
        Path passwd = Files.writeString(dir.resolve("passwd"), "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin:/bin/sh\n");
        assertRefusedBeforeAnything(startWith(passwd), passwd.toString(), "not valid JSON");
    }

    @Test
    void aBinaryFileIsRefusedAsBinary() throws Exception {
        Path binary = Files.write(dir.resolve("set.json"), new byte[] {'S', 'Q', 'L', 'i', 't', 'e', 0, 3, (byte) 0xff, (byte) 0xfe, 1});
        assertRefusedBeforeAnything(startWith(binary), binary.toString(), "a binary file");
    }

    @Test
    void aTruncatedEvalSetIsRefused() throws Exception {
        String whole = "[" + SAMPLE + ", " + SAMPLE.replace("s1", "s2") + "]";
        Path truncated = Files.writeString(dir.resolve("cut.json"), whole.substring(0, whole.length() - 30));
        assertRefusedBeforeAnything(startWith(truncated), truncated.toString(), "not valid JSON");
    }

    @Test
    void jsonThatHoldsNoQuestionsIsNotAnEvalSet() throws Exception {
        Path ids = Files.writeString(dir.resolve("ids.json"), "[{\"sample_id\": 1}, {\"sample_id\": 2}]");
        assertRefusedBeforeAnything(startWith(ids), ids.toString(), "sample #0", "no 'input'");
        Path empty = Files.writeString(dir.resolve("empty.json"), "[]");
        assertRefusedBeforeAnything(startWith(empty), empty.toString(), "holds no samples");
    }
}
