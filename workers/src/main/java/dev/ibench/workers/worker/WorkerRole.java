package dev.ibench.workers.worker;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/** The roles a worker process can serve; each role owns one or more task queues. */
public enum WorkerRole {
    WORKFLOWS, LLM, TOOLS, SCORING;

    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code "workflows,llm"}; rejects unknown names, listing the valid ones. */
    public static Set<WorkerRole> parseList(String csv) {
        if (csv == null || csv.isBlank()) {
            throw new IllegalArgumentException("--roles must name at least one role of " + validNames());
        }
        Set<WorkerRole> roles = EnumSet.noneOf(WorkerRole.class);
        for (String part : csv.split(",")) {
            String name = part.trim().toLowerCase(Locale.ROOT);
            if (name.isEmpty()) {
                continue;
            }
            roles.add(Arrays.stream(values())
                    .filter(role -> role.cliName().equals(name))
                    .findFirst()
                    .orElseThrow(() -> new IllegalArgumentException(
                            "unknown worker role '" + part.trim() + "'; valid roles: " + validNames())));
        }
        if (roles.isEmpty()) {
            throw new IllegalArgumentException("--roles must name at least one role of " + validNames());
        }
        return roles;
    }

    public static String validNames() {
        return Arrays.stream(values()).map(WorkerRole::cliName).collect(Collectors.joining(","));
    }
}
