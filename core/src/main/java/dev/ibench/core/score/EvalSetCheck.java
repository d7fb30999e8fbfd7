package dev.ibench.core.score;

import dev.ibench.core.bfcl.BfclMemoryEvalSet;
import dev.ibench.core.bfcl.BfclMultiTurnEvalSet;
import dev.ibench.core.sample.EvalSample;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The whole-file check a campaign runs on each eval set before it contacts a server or stores anything: the file is
 * text, parses completely as one of {@link EvalSetReader}'s layouts, holds at least one sample, and every sample has
 * the {@code sample_id} and {@code input} question a model is asked. A JSON file of something else (a build's
 * {@code coverage.json}, a list of ids) fails here with the reason. A BFCL multi-turn set ({@link BfclMultiTurnEvalSet}) is
 * checked by {@link #multiTurn}: its entries are conversations, run turn by turn (docs/bfcl.md#multi-turn).
 */
public final class EvalSetCheck {
    private EvalSetCheck() {}

    /**
     * The samples of an eval set of single-call samples.
     *
     * @throws IllegalArgumentException naming the file (and the sample) and what is wrong; a BFCL multi-turn set is named as
     *                                  such (read it with {@link #multiTurn})
     */
    public static List<EvalSample> samples(Path file) {
        List<EvalSample> samples = new ArrayList<>();
        forEach(file, samples::add);
        return samples;
    }

    /**
     * The same check as {@link #samples}, reading one sample at a time and handing each checked sample to {@code each}
     * (a campaign's planning folds what it needs: the count, the databases, the prompt styles), so memory does not grow
     * with the set. Returns the number of samples.
     *
     * @throws IllegalArgumentException as {@link #samples} does
     */
    public static int forEach(Path file, Consumer<EvalSample> each) {
        try {
            return checked(file, each);
        } catch (IllegalArgumentException e) {
            if (BfclMultiTurnEvalSet.isOne(file)) {
                throw new IllegalArgumentException("eval set " + file + ": a BFCL multi-turn eval set, not a set of samples", e);
            }
            if (BfclMemoryEvalSet.isOne(file)) {
                throw new IllegalArgumentException("eval set " + file + ": a BFCL memory eval set, not a set of samples", e);
            }
            throw e;
        }
    }

    /** The environment variable naming the folder of memory_vector's embedding model (docs/bfcl.md#memory). */
    public static final String VECTOR_MODEL_ENV = "IBENCH_BFCL_VECTOR_MODEL";

    /**
     * A BFCL memory eval set a campaign can run, checked whole: it holds questions, each of a scenario whose prerequisite
     * conversations it carries; a {@code memory_vector} set only when {@code vectorModelGiven} (its backend's embedding
     * model is a folder the user names in {@value #VECTOR_MODEL_ENV}; no package registry ships it).
     *
     * @throws IllegalArgumentException naming the file and what is wrong
     */
    public static BfclMemoryEvalSet memory(Path file, boolean vectorModelGiven) {
        BfclMemoryEvalSet set = BfclMemoryEvalSet.read(file);
        if (set.questions() == null || set.questions().isEmpty()) {
            throw new IllegalArgumentException("eval set " + file + ": a BFCL memory eval set that holds no questions");
        }
        if ("memory_vector".equals(set.category()) && !vectorModelGiven) {
            throw new IllegalArgumentException("eval set " + file + ": a BFCL memory_vector eval set, which campaigns run only when "
                    + VECTOR_MODEL_ENV + " names the folder of its embedding model (docs/bfcl.md#memory)");
        }
        for (var q : set.questions()) {
            if (set.scenarios() == null || !set.scenarios().containsKey(q.scenario())) {
                throw new IllegalArgumentException("eval set " + file + " question " + q.id() + ": no prerequisite conversations for its scenario '"
                        + q.scenario() + "'");
            }
        }
        return set;
    }

    /**
     * A BFCL multi-turn eval set, checked whole: it reads as one, holds at least one entry, and every entry has turns, its
     * ground truth for each turn and involved classes whose function docs the set carries.
     *
     * @throws IllegalArgumentException naming the file (and the entry) and what is wrong
     */
    public static BfclMultiTurnEvalSet multiTurn(Path file) {
        BfclMultiTurnEvalSet set = BfclMultiTurnEvalSet.read(file);
        if (set.entries() == null || set.entries().isEmpty()) {
            throw new IllegalArgumentException("eval set " + file + ": a BFCL multi-turn eval set that holds no entries");
        }
        for (int i = 0; i < set.entries().size(); i++) {
            var e = set.entries().get(i);
            String where = "eval set " + file + " entry #" + i + " (id " + e.id() + "): ";
            if (e.turns() == null || e.turns().isEmpty()) {
                throw new IllegalArgumentException(where + "no turns ('question')");
            }
            if (e.groundTruth() == null || e.groundTruth().size() != e.turns().size()) {
                throw new IllegalArgumentException(where + (e.groundTruth() == null ? 0 : e.groundTruth().size()) + " ground-truth turns for "
                        + e.turns().size() + " turns");
            }
            for (String cls : e.involvedClasses() == null ? List.<String>of() : e.involvedClasses()) {
                if (set.functionDocs() == null || !set.functionDocs().containsKey(cls)) {
                    throw new IllegalArgumentException(where + "no function docs for involved class " + cls);
                }
            }
        }
        return set;
    }

    private static int checked(Path file, Consumer<EvalSample> each) {
        int[] index = {0};
        Map<String, Integer> firstWithId = new HashMap<>(); // ids only: results are stored by sample id, so each must be one sample's
        int count = EvalSetReader.forEach(file, s -> {
            int i = index[0]++;
            if (s.input() == null || s.input().isBlank()) {
                throw new IllegalArgumentException("eval set " + file + " sample #" + i + " (sample_id " + s.sampleId()
                        + "): no 'input' (the question the model is asked); is this an eval set?");
            }
            Integer earlier = s.sampleId() == null ? null : firstWithId.putIfAbsent(s.sampleId(), i);
            if (earlier != null) {
                throw new IllegalArgumentException("eval set " + file + " sample #" + i + ": sample_id '" + s.sampleId()
                        + "' is also the id of sample #" + earlier + "; each sample needs its own id (results are stored by it)");
            }
            each.accept(s);
        });
        if (count == 0) {
            throw new IllegalArgumentException("eval set " + file + ": holds no samples");
        }
        return count;
    }
}
