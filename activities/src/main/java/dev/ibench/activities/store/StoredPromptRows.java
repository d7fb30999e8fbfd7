package dev.ibench.activities.store;

import java.sql.SQLException;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The rendered prompts of a results store ({@code rendered_prompts}, {@code react_step_prompts}): each a delta against
 * its cell's base prompt, which {@code prompt_texts} keeps once by content ({@link PromptStorage}).
 */
final class StoredPromptRows {
    private final ResultsDatabase database;
    private final StoreStatements statements;
    private final PromptStorage prompts = new PromptStorage();
    /** Base prompts known to be in {@code prompt_texts} (committed): a prompt of a known base needs no lookup. Bounded. */
    private final Set<String> heldBases = Collections.synchronizedSet(Collections.newSetFromMap(
            new java.util.LinkedHashMap<String, Boolean>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                    return size() > 1024;
                }
            }));
    /** Bases this thread's running transaction wrote or found (it sees its own writes). */
    private final ThreadLocal<Set<String>> basesInTransaction = ThreadLocal.withInitial(HashSet::new);
    private final java.util.concurrent.atomic.AtomicLong promptTextLookups = new java.util.concurrent.atomic.AtomicLong();

    StoredPromptRows(ResultsDatabase database, StoreStatements statements) {
        this.database = database;
        this.statements = statements;
    }

    /**
     * The prompt a direct cell sent for a sample's trial (after its ablation), as JSON; stored as a delta against the
     * cell's base prompt, which is kept once by content ({@link PromptStorage}). {@link #prompt} returns it exactly.
     */
    void savePrompt(String cellId, String sampleId, int trial, String promptJson) {
        PromptStorage.Encoded e = prompts.encode(cellId, promptJson);
        database.inTransaction(() -> {
            savePromptText(e);
            statements.updateInTransaction("save prompt " + ResultsStore.key(cellId, sampleId, trial),
                    "INSERT INTO rendered_prompts(cell_id, sample_id, trial, prompt_json, base_sha256, prefix_chars, suffix_chars) "
                            + "VALUES (?,?,?,?,?,?,?) ON CONFLICT(cell_id, sample_id, trial) DO UPDATE SET prompt_json=excluded.prompt_json, "
                            + "base_sha256=excluded.base_sha256, prefix_chars=excluded.prefix_chars, suffix_chars=excluded.suffix_chars",
                    cellId, sampleId, trial, e.middle(), e.baseSha256(), e.prefixChars(), e.suffixChars());
        });
    }

    Optional<String> prompt(String cellId, String sampleId, int trial) {
        return statements.query("read prompt " + ResultsStore.key(cellId, sampleId, trial),
                "SELECT p.prompt_json, t.text, p.prefix_chars, p.suffix_chars, p.base_sha256 FROM rendered_prompts p "
                        + "LEFT JOIN prompt_texts t ON t.sha256=p.base_sha256 WHERE p.cell_id=? AND p.sample_id=? AND p.trial=?",
                this::storedPrompt, cellId, sampleId, trial).stream().findFirst();
    }

    /** The prompt step {@code step} of a ReACT trajectory sent (after the cell's ablation), as JSON; stored as {@link #savePrompt} stores. */
    void saveStepPrompt(String cellId, String sampleId, int trial, int step, String promptJson) {
        PromptStorage.Encoded e = prompts.encode(cellId, promptJson);
        database.inTransaction(() -> {
            savePromptText(e);
            statements.updateInTransaction("save prompt " + ResultsStore.key(cellId, sampleId, trial) + " step " + step,
                    "INSERT INTO react_step_prompts(cell_id, sample_id, trial, step, prompt_json, base_sha256, prefix_chars, suffix_chars) "
                            + "VALUES (?,?,?,?,?,?,?,?) ON CONFLICT(cell_id, sample_id, trial, step) DO UPDATE SET prompt_json=excluded.prompt_json, "
                            + "base_sha256=excluded.base_sha256, prefix_chars=excluded.prefix_chars, suffix_chars=excluded.suffix_chars",
                    cellId, sampleId, trial, step, e.middle(), e.baseSha256(), e.prefixChars(), e.suffixChars());
        });
    }

    /** The stored prompts of a ReACT trajectory, in step order. */
    List<String> stepPrompts(String cellId, String sampleId, int trial) {
        return statements.query("read step prompts " + ResultsStore.key(cellId, sampleId, trial),
                "SELECT p.prompt_json, t.text, p.prefix_chars, p.suffix_chars, p.base_sha256 FROM react_step_prompts p "
                        + "LEFT JOIN prompt_texts t ON t.sha256=p.base_sha256 WHERE p.cell_id=? AND p.sample_id=? AND p.trial=? ORDER BY p.step",
                this::storedPrompt, cellId, sampleId, trial);
    }

    /**
     * A base prompt, kept once by content; made sure of in the transaction of each row that refers to it, so no row ever
     * refers to a missing one. Looked up by its key first: the whole text is sent only when the store lacks it.
     */
    private void savePromptText(PromptStorage.Encoded e) {
        String sha = e.baseSha256();
        if (heldBases.contains(sha) || basesInTransaction.get().contains(sha)) {
            return;
        }
        promptTextLookups.incrementAndGet();
        boolean held = !statements.query("look up prompt text " + e.baseSha256(), "SELECT 1 FROM prompt_texts WHERE sha256=?", rs -> 1,
                e.baseSha256()).isEmpty();
        if (!held) {
            statements.updateInTransaction("save prompt text " + e.baseSha256(), "INSERT INTO prompt_texts(sha256, text) VALUES (?,?) ON CONFLICT(sha256) DO NOTHING",
                    e.baseSha256(), e.baseText());
        }
        // held for the rest of this transaction (its rows commit or roll back together), and for good once it commits: a
        // rolled-back group must not leave a base believed held that is not
        basesInTransaction.get().add(sha);
        database.afterTransaction(committed -> {
            basesInTransaction.get().remove(sha);
            if (committed) {
                heldBases.add(sha);
            }
        });
    }

    /** How many times this store looked a base prompt up in {@code prompt_texts} (once per base, not once per prompt). */
    long promptTextLookups() {
        return promptTextLookups.get();
    }

    private String storedPrompt(java.sql.ResultSet rs) throws SQLException {
        String middle = rs.getString(1);
        String base = rs.getString(2);
        Integer prefix = rs.getObject(3) == null ? null : rs.getInt(3);
        Integer suffix = rs.getObject(4) == null ? null : rs.getInt(4);
        if (prefix != null && base == null) {
            throw new ResultsStoreException(database.description() + ": a stored prompt refers to base text " + rs.getString(5)
                    + ", which prompt_texts does not hold");
        }
        return PromptStorage.decode(middle, base, prefix, prefix == null ? null : suffix);
    }
}
