package dev.ibench.activities.ablation;

import dev.ibench.core.ablation.TextSimilarity;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.langchain4j.store.embedding.CosineSimilarity;

/**
 * Cosine similarity of all-MiniLM-L6-v2 sentence embeddings (quantised, in-process ONNX, bundled in the jar; the model
 * REST dedup uses). The model is loaded on first use, once per worker.
 */
public final class MiniLmSimilarity implements TextSimilarity {
    public static final String MODEL_NAME = "all-MiniLM-L6-v2";
    private static volatile EmbeddingModel shared;

    @Override
    public double between(String a, String b) {
        EmbeddingModel model = model();
        return CosineSimilarity.between(model.embed(a).content(), model.embed(b).content());
    }

    @Override
    public String name() {
        return MODEL_NAME;
    }

    private static EmbeddingModel model() {
        EmbeddingModel m = shared;
        if (m == null) {
            synchronized (MiniLmSimilarity.class) {
                if (shared == null) {
                    shared = new AllMiniLmL6V2QuantizedEmbeddingModel();
                }
                m = shared;
            }
        }
        return m;
    }
}
