package dev.ibench.activities.store;

/**
 * One provider batch of a cell (table {@code llm_batches}, docs/batch.md): its key (cell, first item index, part
 * number), the items its input file holds lines for ({@code itemCount} lines from {@code fromIndex} on; 0 until the file
 * is built), the endpoint, the batch endpoint its lines go to ({@code /v1/chat/completions}), the uploaded file and the created batch (null until each exists), the status last seen, and
 * {@code notBefore}: epoch seconds before which the provider cannot have created this batch (for looking it up).
 */
public record BatchRecord(String batchKey, String cellId, int fromIndex, int itemCount, String endpoint, String requestUrl,
                          String inputFileId, String batchId, String status, long notBefore) {
    public static final String PREPARING = "preparing";
    /** Every item of the part was stored before or answered from the response cache: nothing was sent. */
    public static final String NOTHING_TO_SEND = "nothing_to_send";
}
