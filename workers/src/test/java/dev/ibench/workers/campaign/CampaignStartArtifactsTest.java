package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.ibench.core.campaign.CampaignSpecException;
import dev.ibench.workers.IbenchHome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code campaign start} refuses, before any workflow starts (the Temporal client is never touched: null here), an
 * eval set by reference that the artifact store does not hold and an eval set whose database exists nowhere; and it
 * gives a BFCL multi-turn set by reference the checks it gives the file, with the same message.
 */
class CampaignStartArtifactsTest {
    @TempDir Path dir;

    @BeforeEach
    void store() {
        System.setProperty(StoreSetting.PROPERTY, dir.resolve("results.db").toString());
        System.setProperty("ibench.home", dir.toString());
    }

    @AfterEach
    void clear() {
        System.clearProperty(StoreSetting.PROPERTY);
        System.clearProperty("ibench.home");
    }

    private Path campaign(String evalSet) throws Exception {
        return Files.writeString(dir.resolve("c.yaml"), """
                name: c
                models: [{name: oracle, profile: oracle}]
                benchmarks: [{name: b, eval_set: "%s"}]
                """.formatted(evalSet));
    }

    @Test
    void aReferenceTheStoreDoesNotHoldIsRefused() throws Exception {
        String ref = "sha256:" + "ab".repeat(32);
        assertThatThrownBy(() -> new CampaignStarter(CampaignServices.of(IbenchHome.resolve()), null).start(campaign(ref), "x"))
                .isInstanceOf(CampaignSpecException.class).hasMessageContaining("benchmarks 'b'").hasMessageContaining(ref)
                .hasMessageContaining("is not in the artifact tables of results store");
        assertThatThrownBy(() -> CampaignStarter.validate(campaign("sha256:XYZ")))
                .isInstanceOf(CampaignSpecException.class).hasMessageContaining("64 lowercase hex digits");
    }

    @Test
    void anEvalSetWhoseDatabaseExistsNowhereIsRefusedNamingIt() throws Exception {
        Files.writeString(dir.resolve("set-slot.json"), """
                [{"sample_id": "s1", "dataset_name": "t", "input": "q", "query": "SELECT 1", "gold_answer": [[1]], "output": [],
                  "tools": [], "initialization_step": {"database_path": "nowhere/gone.sqlite", "alias_to_table_dict": {"t": "t"}}}]
                """);
        assertThatThrownBy(() -> new CampaignStarter(CampaignServices.of(IbenchHome.resolve()), null)
                .start(campaign("set-slot.json"), "x"))
                .isInstanceOf(CampaignSpecException.class).hasMessageContaining("benchmarks 'b'")
                .hasMessageContaining("database_path 'nowhere/gone.sqlite' names no file");
    }

    /**
     * The same campaign file, its multi-turn set named by path and then by the reference the store holds it under: both
     * are refused with the same message, the reference's before any workflow starts (the client is null here).
     */
    @Test
    void aMultiTurnSetByReferenceIsRefusedAsItsFileIs() throws Exception {
        Path set = Files.writeString(dir.resolve("mt.json"), "{\"style\": \"bfcl_multi_turn\", \"category\": \"multi_turn_base\", "
                + "\"source\": \"x\", \"function_docs\": {\"MathAPI\": []}, \"data\": [{\"id\": \"multi_turn_base_0\", "
                + "\"category\": \"multi_turn_base\", \"turns\": [[{\"role\": \"user\", \"content\": \"add\"}]], "
                + "\"involved_classes\": [\"MathAPI\"], \"initial_config\": {}, \"missed_function\": {}, "
                + "\"ground_truth\": [[\"add(a=1, b=2)\"]]}]}");
        CampaignServices services = CampaignServices.of(IbenchHome.resolve());
        String ref = services.evalSetPublisher().publish(set).toString();
        assertThat(ref).startsWith("sha256:");
        String direct = "name: v\nmodels: [{name: oracle, profile: oracle}]\nbenchmarks: [{name: b, eval_set: \"%s\"}]\n";
        Path file = Files.writeString(dir.resolve("c.yaml"), direct.formatted(set));
        Throwable byPath = catchThrowable(() -> CampaignStarter.validate(file));
        assertThat(byPath).isInstanceOf(CampaignSpecException.class);
        Files.writeString(file, direct.formatted(ref));
        assertThatThrownBy(() -> new CampaignStarter(services, null).start(file, "x"))
                .isInstanceOf(CampaignSpecException.class).hasMessage(byPath.getMessage())
                .hasMessageContaining("a BFCL multi-turn eval set runs its conversations in mode react only, but modes are [direct]");
        // a mode: tools profile (openai-gpt-4o is a built-in one) runs as bfcl-eval's function-calling handlers run theirs
        Files.writeString(file, "name: v\nmodes: [react]\nmodels: [{name: oracle, profile: oracle}, {name: gpt, profile: openai-gpt-4o}]\n"
                + "benchmarks: [{name: b, eval_set: \"" + set + "\"}]\n");
        assertThat(catchThrowable(() -> CampaignStarter.validate(file))).isNull();
        assertThat(dir.resolve(".ibench/artifacts/sha256")).as("the manifest and the set's file were fetched").isDirectory();
        assertThat(dir.resolve(".ibench/artifacts/eval-sets")).as("to tell the set's kind, nothing is unpacked").doesNotExist();
    }

    /** A format_sensitivity set by reference gets its file's check: a mode: tools profile (the oracle) is refused with the same message. */
    @Test
    void aFormatSensitivitySetByReferenceIsRefusedForAToolsModeProfileAsItsFileIs() throws Exception {
        Path set = Files.writeString(dir.resolve("fs.json"), "{\"style\": \"bfcl_format_sensitivity\", \"data\": [{\"sample_id\": "
                + "\"format_sensitivity_0:ret_fmt=python&tool_call_tag=True&func_doc_fmt=json&prompt_fmt=plaintext&style=classic:simple_python_1\", "
                + "\"dataset_name\": \"bfcl_simple_python\", \"input\": \"q\", \"output\": [], \"tools\": []}]}");
        CampaignServices services = CampaignServices.of(IbenchHome.resolve());
        String ref = services.evalSetPublisher().publish(set).toString();
        Path file = campaign(set.toString());
        Throwable byPath = catchThrowable(() -> CampaignStarter.validate(file));
        assertThat(byPath).isInstanceOf(CampaignSpecException.class).hasMessageContaining("has profile oracle in mode tools");
        assertThatThrownBy(() -> new CampaignStarter(services, null).start(campaign(ref), "x"))
                .isInstanceOf(CampaignSpecException.class).hasMessage(byPath.getMessage());
    }

    /** A reference to a stored file that is not an eval-set manifest is refused at start, naming the benchmark. */
    @Test
    void aReferenceToAFileThatIsNotAnEvalSetManifestIsRefused() throws Exception {
        CampaignServices services = CampaignServices.of(IbenchHome.resolve());
        String ref = services.artifacts().put(Files.writeString(dir.resolve("notes.txt"), "not a manifest")).toString();
        assertThatThrownBy(() -> new CampaignStarter(services, null).start(campaign(ref), "x"))
                .isInstanceOf(CampaignSpecException.class).hasMessageContaining("benchmarks 'b'")
                .hasMessageContaining("is not an eval-set manifest");
    }
}
