package dev.ibench.core.campaign;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;

/**
 * The MCP server a campaign's ReACT cells take their tools from ({@code tools_via: mcp}): either a command that
 * starts a stdio server (e.g. {@code [./ibench, serve-tools, out/bird, --mcp, stdio, --eval-set, bird-superhero-slot.json]})
 * or the URL of a streamable-HTTP endpoint (e.g. {@code http://127.0.0.1:8765/mcp}). Exactly one of the two.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record McpServerEntry(@JsonProperty("command") List<String> command, @JsonProperty("url") String url) {
    public McpServerEntry {
        command = command == null ? null : List.copyOf(command);
    }

    /** What is wrong with this entry, one line per problem (empty when usable). */
    public List<String> problems() {
        List<String> out = new ArrayList<>();
        boolean hasCommand = command != null && !command.isEmpty();
        boolean hasUrl = url != null && !url.isBlank();
        if (hasCommand == hasUrl) {
            out.add("mcp: give exactly one of 'command' (a stdio server to start) or 'url' (a streamable-HTTP endpoint)");
        }
        if (hasCommand && command.stream().anyMatch(a -> a == null || a.isBlank())) {
            out.add("mcp.command: empty argument in " + command);
        }
        if (hasUrl && !(url.startsWith("http://") || url.startsWith("https://"))) {
            out.add("mcp.url: '" + url + "' is not an http:// or https:// URL");
        }
        return out;
    }
}
