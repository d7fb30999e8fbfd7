package dev.ibench.activities.campaign;

import dev.ibench.activities.llm.client.CallCancellation;
import dev.ibench.activities.store.CellRecord;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * What the items of one running batch attempt share.
 *
 * @param window      whether the batch is a window batch (a 429 pauses its slot, {@link RateLimitPause})
 * @param stops       set once the batch starts no further item
 * @param ahead       the items readied ahead of their turn
 * @param scopes      the cancellation scopes of the items in flight, aborted together when the batch is cancelled
 * @param writer      where answered items' writes are grouped into transactions
 * @param spend       the batch's tokens and cost so far
 * @param dontSend    true once an item must not be sent any more (a write failed, the batch was cancelled or superseded)
 * @param writeFailed told of an item whose writes failed
 */
record RunningBatch(CellRecord cell, boolean window, AtomicBoolean stops, ItemsAhead<ReadyItem> ahead, Set<CallCancellation.Scope> scopes,
                    GroupedOutputWriter writer, BatchSpend spend, BooleanSupplier dontSend, Consumer<ItemFailure> writeFailed) {}
