package dev.ibench.activities.campaign;

/**
 * Small summary of a stored model call (the raw output itself stays in the results store), shown in the cell's event
 * history in the UI: tokens, latency and what this activity spent in USD (null: no prices; 0: answered from the cache
 * or from an earlier attempt's stored output). Every attempt's spend is in the ledger (docs/ledger.md).
 * {@code tokensUnknown}: this activity paid for the call but the server reported no usage (and no tokenizer counted it),
 * so its 0 tokens mean "not known" and its cost is null; results recorded before it read as false.
 */
public record ModelCallResult(boolean cacheHit, int promptTokens, int completionTokens, long latencyMs, Double costUsd,
                              boolean tokensUnknown) {}
