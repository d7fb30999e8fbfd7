/**
 * Where a ReACT action runs: {@link dev.ibench.activities.toolbackend.ReactToolBackend} opens one sample's tools,
 * in process or on an MCP server ({@code dev.ibench.activities.mcp}); chosen per campaign by
 * {@code dev.ibench.activities.react.ReactToolBackends}.
 */
package dev.ibench.activities.toolbackend;
