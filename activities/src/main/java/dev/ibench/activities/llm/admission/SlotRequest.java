package dev.ibench.activities.llm.admission;

/**
 * One request's reservation under an endpoint's send limits, in microseconds: {@code intervalMicros} is {@code 1 / rate}
 * (0: no rate), {@code chargeMicros} the request's estimated tokens at the tokens-per-minute pace (0: no token limit),
 * and {@code correctionMicros} what this worker's earlier requests used more (positive) or less (negative) than they
 * were charged, settled with this reservation.
 */
public record SlotRequest(long intervalMicros, long chargeMicros, long correctionMicros) {}
