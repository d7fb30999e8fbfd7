package dev.ibench.activities.bfcl;

import dev.ibench.activities.artifact.ArtifactHash;
import dev.ibench.core.bfcl.BfclMemoryEvalSet;
import dev.ibench.core.bfcl.BfclMemoryPrerequisite;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Fills a BFCL memory scenario's memory as bfcl-eval does before its questions: the prerequisite conversations in order,
 * each in its own session of the backend opened from the memory the one before left (the first from an empty memory),
 * the memory after each stored by hash ({@link BfclMemorySnapshots}). Given the hashes already stored (from an earlier,
 * interrupted run), it resumes after the last of them.
 */
public final class BfclMemoryScenario {
    /** Drives one prerequisite conversation on its open session: the model's steps, their calls executed there. */
    @FunctionalInterface
    public interface Conversation {
        void run(BfclMultiTurnEntry conversation, BfclMultiTurnSession session);
    }

    private final BfclMultiTurnExecutor executor;
    private final BfclMemorySnapshots snapshots;
    private final Duration perRequest;

    public BfclMemoryScenario(BfclMultiTurnExecutor executor, BfclMemorySnapshots snapshots, Duration perRequest) {
        this.executor = executor;
        this.snapshots = snapshots;
        this.perRequest = perRequest;
    }

    /**
     * Runs the conversations of {@code scenario} after the {@code done.size()} already stored; the hashes of the memory
     * after every conversation (the last is the final snapshot the questions start from).
     */
    public List<ArtifactHash> fill(BfclMemoryEvalSet set, String scenario, List<ArtifactHash> done, Conversation conversation) {
        List<BfclMemoryPrerequisite> prerequisites = set.scenarios().get(scenario);
        if (prerequisites == null) {
            throw new IllegalArgumentException("the memory eval set has no scenario '" + scenario + "'");
        }
        if (done.size() > prerequisites.size()) {
            throw new IllegalArgumentException("scenario '" + scenario + "' has " + prerequisites.size() + " prerequisite conversations, not "
                    + done.size());
        }
        List<ArtifactHash> hashes = new ArrayList<>(done);
        for (int i = done.size(); i < prerequisites.size(); i++) {
            String before = hashes.isEmpty() ? null : snapshots.get(hashes.get(hashes.size() - 1));
            BfclMultiTurnEntry entry = set.prerequisiteEntry(scenario, prerequisites.get(i), before);
            try (BfclMultiTurnSession session = executor.open(entry, List.of(), perRequest)) {
                conversation.run(entry, session);
                hashes.add(snapshots.put(session.memorySnapshot()));
            }
        }
        return hashes;
    }

    /** The final snapshot's text ({@code null}: the scenario has no prerequisite conversation, the memory is empty). */
    public String finalSnapshot(List<ArtifactHash> hashes) {
        return hashes.isEmpty() ? null : snapshots.get(hashes.get(hashes.size() - 1));
    }
}
