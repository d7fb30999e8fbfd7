package dev.ibench.activities.multiturn;

import dev.ibench.activities.llm.Heartbeating;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.activities.llm.failure.ModelCallFailures;
import dev.ibench.activities.react.ReactAgentModel;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.core.bfcl.BfclMultiTurnDecoder;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.prompt.BfclMultiTurnPrompt;
import dev.ibench.core.bfcl.BfclMultiTurnStep;
import dev.ibench.core.prompt.RenderedPrompt;
import io.temporal.failure.ApplicationFailure;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link MultiTurnModelActivities} against the results store and the cell's {@link MultiTurnModel}. A step stored before
 * (its activity was retried after a crash) is read back, never asked again; the model's text is stored before the
 * activity completes. Failed model calls map as in every cell ({@link ModelCallFailures#forActivity}).
 */
public final class MultiTurnModelActivitiesImpl implements MultiTurnModelActivities {
    private static final Logger LOG = LoggerFactory.getLogger(MultiTurnModelActivitiesImpl.class);
    private static final Duration HEARTBEAT_EVERY = Duration.ofSeconds(2);
    private static final int PREVIEW_CHARS = 160;

    private final MultiTurnConversations conversations;
    private final Function<CellRecord, MultiTurnModel> modelOfCell;

    public MultiTurnModelActivitiesImpl(MultiTurnConversations conversations, Function<CellRecord, MultiTurnModel> modelOfCell) {
        this.conversations = conversations;
        this.modelOfCell = modelOfCell;
    }

    @Override
    public MultiTurnStepSummary think(MultiTurnStepRef ref) {
        CellRecord cell = conversations.cell(ref.cellId());
        String sampleId = conversations.sampleId(ref.cellId(), ref.position(), ref.trial());
        return think(cell, ConversationStep.of(ref, sampleId), () -> conversations.entry(cell, sampleId, ref.trial()));
    }

    /**
     * The model step {@code at} of a conversation of {@code cell} whose entry {@code entryOf} gives (read only when the
     * step is not stored yet): what every conversation's model step does, a multi-turn entry's or a memory scenario's.
     */
    public MultiTurnStepSummary think(CellRecord cell, ConversationStep at, Supplier<BfclMultiTurnEntry> entryOf) {
        Optional<ModelCallRecord> stored = conversations.modelCall(at);
        if (stored.isPresent()) {
            return summary(at, stored.get().rawOutput(), true, 0, 0, null, false);
        }
        BfclMultiTurnEntry entry = entryOf.get();
        List<List<BfclMultiTurnStep>> turns = conversations.steps(at.cellId(), at.sampleId(), at.trial(), at.turn());
        List<BfclMultiTurnStep> current = turns.get(at.turn());
        if (current.size() != at.step() - 1 || (!current.isEmpty() && current.get(current.size() - 1).results() == null)) {
            throw ApplicationFailure.newNonRetryableFailure(at + ": the earlier steps of the turn are not all stored and executed",
                    "MultiTurnGap");
        }
        MultiTurnModel model = modelOfCell.apply(cell);
        // a function-calling model (mode: tools) gets bfcl-eval's FC request: native tools, tool calls and tool messages
        RenderedPrompt prompt = model.functionCalling()
                ? BfclMultiTurnPrompt.functionCalling(entry, conversations.functionDocs(cell), turns)
                : RenderedPrompt.chat(BfclMultiTurnPrompt.messages(entry, conversations.functionDocs(cell), turns), List.of());
        conversations.store().saveStepPrompt(at.cellId(), at.sampleId(), at.trial(), at.storeStep(), MultiTurnConversations.json(prompt));
        // one line per step asked of the model (never for a step read back): how a worker's log shows what it paid for
        LOG.info("multi-turn step asked of the model: {} sample {} turn {} step {}", at.cellId(), at.sampleId(), at.turn(), at.step());
        ReactAgentModel.Reply reply;
        try {
            reply = Heartbeating.call(() -> model.next(entry, prompt, at.turn(), at.step(), at.trial()), HEARTBEAT_EVERY, at.storeStep());
        } catch (ModelCallException e) {
            throw ModelCallFailures.forActivity(e);
        }
        conversations.store().saveModelCall(new ModelCallRecord(at.cellId(), at.sampleId(), at.trial(), at.storeStep(), reply.cacheKey(),
                reply.text(), reply.promptTokens(), reply.completionTokens(), reply.latencyMs(), reply.cacheHit(), reply.reasoning(),
                reply.reasoningTokens()));
        // a cache hit was paid once, by the call that filled the cache (docs/ledger.md)
        return reply.cacheHit() ? summary(at, reply.text(), false, 0, 0, reply.costUsd(), false)
                : summary(at, reply.text(), false, orZero(reply.promptTokens()), orZero(reply.completionTokens()), reply.costUsd(),
                        reply.tokensUnknown());
    }

    private static MultiTurnStepSummary summary(ConversationStep ref, String text, boolean reused, long prompt, long completion, Double cost,
                                                boolean tokensUnknown) {
        List<String> calls = BfclMultiTurnDecoder.decode(text);
        return new MultiTurnStepSummary(ref.turn(), ref.step(), calls.size(), MultiTurnConversations.preview(calls, PREVIEW_CHARS), reused,
                prompt, completion, cost, tokensUnknown);
    }

    private static long orZero(Integer tokens) {
        return tokens == null ? 0 : tokens;
    }
}
