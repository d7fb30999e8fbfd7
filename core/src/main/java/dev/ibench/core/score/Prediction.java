package dev.ibench.core.score;

/** One recorded raw model output: {@code {sample_id, generated_text}} (other fields of the line are ignored). */
public record Prediction(String sampleId, String generatedText, int line) {}
