package dev.ibench.activities.multiturn;

import dev.ibench.activities.artifact.ArtifactHash;
import dev.ibench.activities.bfcl.BfclMemorySnapshots;
import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.store.BfclMemoryRows;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.core.bfcl.BfclMemoryEvalSet;
import dev.ibench.core.bfcl.BfclMemoryPrerequisite;
import dev.ibench.core.bfcl.BfclMemoryQuestion;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.prompt.BfclMemoryPrompt;
import io.temporal.failure.ApplicationFailure;
import java.util.List;
import java.util.Map;

/**
 * The conversations of a BFCL memory cell as bfcl-eval runs them: prerequisite conversation {@code k} of a scenario starts
 * from the memory stored after the {@code k} before it (row {@code k} of {@link BfclMemoryRows}), each question from the
 * memory after all of them; each with the memory instruction bfcl-eval puts in front of its first turn
 * ({@link BfclMemoryPrompt}: the memory as the stored row shows it; the answer format for a question).
 */
public final class BfclMemoryEntries {
    /** The failure type of a question whose scenario's memory is not stored (its prerequisite conversations did not finish). */
    public static final String NOT_FILLED = "BfclMemoryNotFilled";

    private final EvalSetCache evalSets;
    private final BfclMemoryRows rows;
    private final BfclMemorySnapshots snapshots;

    public BfclMemoryEntries(EvalSetCache evalSets, BfclMemoryRows rows, BfclMemorySnapshots snapshots) {
        this.evalSets = evalSets;
        this.rows = rows;
        this.snapshots = snapshots;
    }

    public BfclMemoryRows rows() {
        return rows;
    }

    public BfclMemoryEvalSet set(CellRecord cell) {
        return evalSets.memory(cell.evalSet());
    }

    public Map<String, List<Map<String, Object>>> functionDocs(CellRecord cell) {
        BfclMemoryEvalSet set = set(cell);
        return Map.of(set.backend(), set.functionDocs());
    }

    /** Prerequisite conversation {@code conversation} (0-based) of {@code scenario}, from the memory the ones before left. */
    public BfclMultiTurnEntry prerequisite(CellRecord cell, String scenario, int trial, int conversation) {
        BfclMemoryEvalSet set = set(cell);
        BfclMemoryPrerequisite p = set.prerequisites(scenario).get(conversation);
        BfclMemoryRows.Row start = row(cell, scenario, trial, conversation);
        return BfclMemoryPrompt.withInstruction(set.prerequisiteEntry(scenario, p, snapshot(start)), scenario, start.memoryContext(), false);
    }

    /** The question {@code questionId}, from its scenario's memory after all its prerequisite conversations. */
    public BfclMultiTurnEntry question(CellRecord cell, String questionId, int trial) {
        BfclMemoryEvalSet set = set(cell);
        BfclMemoryQuestion q = set.question(questionId);
        BfclMemoryRows.Row filled = row(cell, q.scenario(), trial, set.prerequisites(q.scenario()).size());
        return BfclMemoryPrompt.withInstruction(set.questionEntry(q, snapshot(filled)), q.scenario(), filled.memoryContext(), true);
    }

    private BfclMemoryRows.Row row(CellRecord cell, String scenario, int trial, int conversations) {
        return rows.get(cell.cellId(), trial, scenario, conversations).orElseThrow(() -> ApplicationFailure.newNonRetryableFailure(
                "cell " + cell.cellId() + " trial " + trial + ": the memory of scenario " + scenario + " after " + conversations
                        + " prerequisite conversations is not stored (they did not all finish; retry the cell's errors)", NOT_FILLED));
    }

    /** The snapshot text of a stored row (null: the empty memory). */
    public String snapshot(BfclMemoryRows.Row row) {
        if (row.snapshotSha256() == null) {
            return null;
        }
        if (snapshots == null) {
            throw new IllegalStateException("this worker was set up without the artifact store that holds BFCL memory snapshots");
        }
        return snapshots.get(ArtifactHash.parse(row.snapshotSha256()));
    }
}
