package dev.ibench.core.ablation;

/** Cosine similarity of two texts' embeddings (the worker's all-MiniLM-L6-v2); {@link #name} says which model, for the record. */
public interface TextSimilarity {
    double between(String a, String b);

    String name();
}
