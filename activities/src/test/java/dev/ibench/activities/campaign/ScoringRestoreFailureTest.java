package dev.ibench.activities.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.activities.ablation.AblationGenerator;
import dev.ibench.activities.ablation.ModelWrittenAblations;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.ResultsStoreException;
import dev.ibench.core.ablation.Ablation;
import dev.ibench.core.campaign.AblationSettings;
import dev.ibench.core.campaign.GeneratorModel;
import dev.ibench.core.campaign.ToolkitExpansionSettings;
import dev.ibench.core.parse.ParserChains;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Infrastructure stays infrastructure in scoring: a toolkit_expansion cell reads the written tools back from the
 * results store when it restores a prediction; when that store fails, the scoring step fails (Temporal retries it,
 * and the cell then records the item as infra_error, which retry-errors re-runs) instead of scoring the answer as
 * unparseable, a model error.
 */
class ScoringRestoreFailureTest {
    @TempDir Path dir;

    @Test
    void aStoreFailureDuringRestoreFailsTheScoringStepAndStoresNoScore() throws Exception {
        Path evalSet = dir.resolve("set.json");
        Files.writeString(evalSet, """
                [{"sample_id": "s1", "input": "Who is Batman?", "gold_answer": "Bruce Wayne",
                  "output": [{"name": "filter_data", "arguments": {"key_name": "superhero_name", "value": "Batman"}, "label": "$var_1"}],
                  "tools": [{"name": "filter_data", "description": "Filters rows", "arguments": {"key_name": {"type": "string"}, "value": {"type": "string"}}}]}]
                """);
        try (ResultsDatabase database = ResultsDatabase.open(dir.resolve("results.db"))) {
            ResultsStore store = new ResultsStore(database);
            CellRecord cell = new CellRecord("c/m/b/direct", "c", "m", "b", "direct", "toolkit_expansion", evalSet.toString(), 1);
            store.saveCampaign("c", "c", "{}");
            store.saveCell(cell);
            store.saveCellSamples(cell.cellId(), List.of("s1"));
            store.saveModelCall(new ModelCallRecord(cell.cellId(), "s1", 0, 0, "k",
                    "[{\"name\": \"filter_data\", \"arguments\": {\"key_name\": \"superhero_name\", \"value\": \"Batman\"}}]",
                    10, 5, 1L, false));

            // the generator's store: the same kind of store, whose database is gone by the time the cell is scored
            ResultsDatabase broken = ResultsDatabase.open(dir.resolve("generations.db"));
            broken.close();
            AblationGenerator generator = new AblationGenerator(new ResultsStore(broken),
                    model -> { throw new AssertionError("the stored material is read first; the writer is not asked"); },
                    new dev.ibench.core.ablation.TextSimilarity() {
                        @Override
                        public double between(String a, String b) {
                            throw new AssertionError("no similarity is computed when the store fails");
                        }

                        @Override
                        public String name() {
                            return "none";
                        }
                    });
            ToolkitExpansionSettings settings = new ToolkitExpansionSettings(new GeneratorModel("writer", null, null, null), null, null, null);
            EvalSetCache evalSets = new EvalSetCache();
            CellAblation ablation = new CellAblation(Ablation.parse("toolkit_expansion"),
                    List.copyOf(evalSets.samples(evalSet.toString()).values()), 7L,
                    ModelWrittenAblations.of("toolkit_expansion", new AblationSettings(null, settings), generator));
            ScoringActivitiesImpl scoring = new ScoringActivitiesImpl(store, evalSets, evalSetName -> null,
                    c -> ParserChains.named("json"), c -> ablation, new SimpleMeterRegistry());

            assertThatThrownBy(() -> scoring.scoreSample(new WorkItem(cell.cellId(), 0, 0)))
                    .isInstanceOf(ResultsStoreException.class);
            assertThat(store.sampleResults(cell.cellId())).as("nothing scored: not a model error").isEmpty();
        }
    }
}
