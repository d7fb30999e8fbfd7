package dev.ibench.core.bfcl;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Selects BFCL multi-turn entries by the backend classes they involve: an entry is kept when its
 * {@code involved_classes} are exactly this set, in any order ({@code ibench import bfcl --involved-classes}). Entries
 * sharing their classes share BFCL's system prompt (the classes' function docs come first), so a prompt-caching model
 * evaluates that prefix once for all of them.
 */
public record InvolvedClassesSelection(Set<String> classes) {
    public InvolvedClassesSelection {
        classes = Set.copyOf(classes);
    }

    /**
     * Parses {@code A,B}: comma-separated class names as bfcl-eval spells them; an empty list, an empty name or a class
     * bfcl-eval's multi-turn categories do not have is refused, naming it and the known ones.
     */
    public static InvolvedClassesSelection parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("--involved-classes: give at least one class, e.g. TradingBot or GorillaFileSystem,TwitterAPI");
        }
        Set<String> names = new LinkedHashSet<>();
        for (String part : text.split(",", -1)) {
            String name = part.trim();
            if (name.isEmpty()) {
                throw new IllegalArgumentException("--involved-classes '" + text + "': an empty class name");
            }
            if (!BfclMultiTurnImporter.DOC_FILES.containsKey(name)) {
                throw new IllegalArgumentException("--involved-classes: unknown class '" + name + "' (known: "
                        + String.join(", ", new TreeSet<>(BfclMultiTurnImporter.DOC_FILES.keySet())) + ")");
            }
            names.add(name);
        }
        return new InvolvedClassesSelection(names);
    }

    /** Whether {@code entry} involves exactly these classes. */
    public boolean matches(BfclMultiTurnEntry entry) {
        List<String> involved = entry.involvedClasses() == null ? List.of() : entry.involvedClasses();
        return involved.size() == classes.size() && new HashSet<>(involved).equals(classes);
    }

    /** The entries that involve exactly these classes, in their order. */
    public List<BfclMultiTurnEntry> select(List<BfclMultiTurnEntry> entries) {
        return entries.stream().filter(this::matches).toList();
    }

    /** {@code imported} with only the entries that involve exactly these classes, and only these classes' function docs. */
    public BfclMultiTurnImporter.Result select(BfclMultiTurnImporter.Result imported) {
        Map<String, List<Map<String, Object>>> docs = new LinkedHashMap<>(imported.functionDocs());
        docs.keySet().retainAll(classes);
        return new BfclMultiTurnImporter.Result(select(imported.entries()), imported.rejected(), docs);
    }

    @Override
    public String toString() {
        return String.join(",", new TreeSet<>(classes));
    }
}
