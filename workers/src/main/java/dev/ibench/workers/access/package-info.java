/**
 * Who may use a served tool server (REST or MCP over HTTP) and how much: the bearer token, the {@code Host} and
 * {@code Origin} checks against DNS rebinding, per-client request-rate and concurrency limits, and JSON error pages in
 * place of Tomcat's (docs/tool-server.md).
 */
package dev.ibench.workers.access;
