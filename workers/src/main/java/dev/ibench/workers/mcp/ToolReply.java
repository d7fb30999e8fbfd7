package dev.ibench.workers.mcp;

/** What one served tool call returns: the text an agent reads, whether the call succeeded, and its value as JSON data. */
record ToolReply(boolean ok, String text, Object structured) {
    static ToolReply error(String message) {
        return new ToolReply(false, message.startsWith("Error: ") ? message : "Error: " + message, null);
    }
}
