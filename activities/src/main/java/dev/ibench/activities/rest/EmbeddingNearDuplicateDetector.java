package dev.ibench.activities.rest;

import dev.ibench.core.rest.EndpointSpec;
import dev.ibench.core.rest.NearDuplicateDetector;
import dev.ibench.core.rest.QueryParameter;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.langchain4j.store.embedding.CosineSimilarity;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Near-duplicate endpoints by meaning (seed appendix E.2: {@code get_employees} vs {@code get_all_employees}): two
 * endpoints are near-duplicates when they take the same parameters (names and types; otherwise a model can tell
 * them apart by their arguments) and the cosine similarity of their name-and-summary embeddings
 * (all-MiniLM-L6-v2, quantised, in-process ONNX) is at least the threshold. Embeddings of published endpoints are
 * kept per name.
 */
public final class EmbeddingNearDuplicateDetector implements NearDuplicateDetector {
    public static final double DEFAULT_THRESHOLD = 0.95;

    private final EmbeddingModel model;
    private final double threshold;
    private final Map<String, Embedding> cache = new HashMap<>();

    public EmbeddingNearDuplicateDetector(double threshold) {
        this(new AllMiniLmL6V2QuantizedEmbeddingModel(), threshold);
    }

    public EmbeddingNearDuplicateDetector(EmbeddingModel model, double threshold) {
        this.model = model;
        this.threshold = threshold;
    }

    @Override
    public Optional<Match> nearDuplicate(EndpointSpec candidate, List<EndpointSpec> published) {
        Map<String, String> signature = signature(candidate);
        Embedding c = model.embed(text(candidate)).content();
        Match best = null;
        for (EndpointSpec p : published) {
            if (!signature.equals(signature(p))) continue;
            double sim = similarity(c, cache.computeIfAbsent(p.name(), n -> model.embed(text(p)).content()));
            if (sim >= threshold && (best == null || sim > best.similarity())) best = new Match(p.name(), sim);
        }
        return Optional.ofNullable(best);
    }

    /** Cosine similarity of two endpoints' texts (for reports and threshold tuning). */
    public double similarity(EndpointSpec a, EndpointSpec b) {
        return similarity(model.embed(text(a)).content(), model.embed(text(b)).content());
    }

    private static double similarity(Embedding a, Embedding b) {
        return CosineSimilarity.between(a, b);
    }

    /** What a model sees first: the name's words (without the version/database suffix) and the summary. */
    static String text(EndpointSpec e) {
        String words = e.name().replaceFirst("_v\\d+_.*$", "").replace('_', ' ');
        return words + ". " + e.summary();
    }

    private static Map<String, String> signature(EndpointSpec e) {
        Map<String, String> m = new TreeMap<>();
        for (QueryParameter p : e.parameters()) m.put(p.name(), p.type().jsonType());
        return m;
    }
}
