package dev.ibench.core.rest;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Keeps one endpoint per (SQL template, parameters): a candidate with the same template and parameters as a
 * published endpoint is merged into it (the question's sample calls the published one with its own arguments).
 * Distinct endpoints with the same name are renamed {@code _2, _3, ...}. Near-duplicates with different SQL go to
 * the {@link NearDuplicateDetector}; a candidate it flags is merged into the near-duplicate when the caller's
 * check says the kept endpoint, called with the candidate's arguments, answers the candidate's question
 * ({@code near_duplicate_merged}), and dropped otherwise ({@code near_duplicate}). Every non-trivial decision is
 * recorded.
 */
public final class EndpointDeduplicator {
    private final String source;
    private final String db;
    private final NearDuplicateDetector nearDuplicates;
    private final Map<String, EndpointSpec> byKey = new LinkedHashMap<>();
    private final Set<String> names = new HashSet<>();
    private final List<DedupDecision> decisions = new ArrayList<>();

    public EndpointDeduplicator(String source, String db, NearDuplicateDetector nearDuplicates) {
        this.source = source;
        this.db = db;
        this.nearDuplicates = nearDuplicates;
    }

    /** The outcome for one candidate: the endpoint its sample calls, or null when it was dropped. */
    public record Outcome(EndpointSpec endpoint, DedupDecision decision) {}

    public Outcome add(String questionId, EndpointSpec candidate) {
        return add(questionId, candidate, kept -> false);
    }

    /** @param keptAnswersCandidate whether a kept near-duplicate, called with the candidate's arguments, answers the candidate's question */
    public Outcome add(String questionId, EndpointSpec candidate, java.util.function.Predicate<EndpointSpec> keptAnswersCandidate) {
        String key = key(candidate);
        EndpointSpec existing = byKey.get(key);
        if (existing != null) {
            DedupDecision d = new DedupDecision(questionId, candidate.name(), existing.name(), "same_sql_template", null);
            decisions.add(d);
            return new Outcome(existing, d);
        }
        var near = nearDuplicates.nearDuplicate(candidate, List.copyOf(byKey.values()));
        if (near.isPresent()) {
            EndpointSpec kept = byKey.values().stream().filter(e -> e.name().equals(near.get().endpoint())).findFirst().orElseThrow();
            if (keptAnswersCandidate.test(kept)) {
                DedupDecision merged = new DedupDecision(questionId, candidate.name(), kept.name(), "near_duplicate_merged", near.get().similarity());
                decisions.add(merged);
                return new Outcome(kept, merged);
            }
            DedupDecision d = new DedupDecision(questionId, candidate.name(), near.get().endpoint(), "near_duplicate", near.get().similarity());
            decisions.add(d);
            return new Outcome(null, d);
        }
        EndpointSpec kept = candidate;
        DedupDecision d = null;
        if (names.contains(candidate.name())) {
            String slug = EndpointNaming.slugOf(candidate.name(), source, db);
            String name = candidate.name();
            String path = candidate.path();
            for (int i = 2; names.contains(name); i++) {
                name = EndpointNaming.name(slug + "_" + i, source, db);
                path = EndpointNaming.path(slug + "_" + i, source, db);
            }
            kept = candidate.withNameAndPath(name, path);
            d = new DedupDecision(questionId, candidate.name(), name, "renamed", null);
            decisions.add(d);
        }
        names.add(kept.name());
        byKey.put(key, kept);
        return new Outcome(kept, d);
    }

    public List<EndpointSpec> endpoints() {
        return List.copyOf(byKey.values());
    }

    public List<DedupDecision> decisions() {
        return List.copyOf(decisions);
    }

    private static String key(EndpointSpec s) {
        StringBuilder sb = new StringBuilder(s.sql().replaceAll("\\s+", " ").trim());
        for (QueryParameter p : s.parameters()) sb.append('|').append(p.name()).append(':').append(p.type().jsonType()).append(':').append(p.position());
        return sb.toString();
    }
}
