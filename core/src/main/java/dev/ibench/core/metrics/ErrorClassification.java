package dev.ibench.core.metrics;

/** A failing sample's BFCL category and the concrete reason; {@code category} is null when nothing is wrong. */
public record ErrorClassification(BfclErrorCategory category, String reason) {
    public static final ErrorClassification NONE = new ErrorClassification(null, null);

    public boolean isError() {
        return category != null;
    }
}
