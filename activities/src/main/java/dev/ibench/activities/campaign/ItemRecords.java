package dev.ibench.activities.campaign;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.RenderedPrompt;

/** How a model-call item's answer and prompt are kept in the results store. */
final class ItemRecords {
    private ItemRecords() {}

    /** An item's answer as the store keeps it (attempt 0: the first and only stored output of the item). */
    static ModelCallRecord output(WorkItem item, String sampleId, CallResult result) {
        return new ModelCallRecord(item.cellId(), sampleId, item.trial(), 0, result.cacheKey(),
                RawModelOutput.of(result.response()), result.response().promptTokens(), result.response().completionTokens(),
                result.response().latencyMillis(), result.cacheHit(), result.response().reasoning(),
                result.response().reasoningTokens() > 0 ? result.response().reasoningTokens() : null);
    }

    /** The rendered prompt as the store keeps it, as JSON. */
    static String promptJson(RenderedPrompt prompt) {
        try {
            return Json.MAPPER.writeValueAsString(prompt);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise a rendered prompt", e);
        }
    }
}
