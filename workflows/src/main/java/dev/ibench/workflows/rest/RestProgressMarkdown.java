package dev.ibench.workflows.rest;

import dev.ibench.activities.rest.RestJob;

/** The current details the Temporal UI shows for a REST generation run. */
final class RestProgressMarkdown {
    private RestProgressMarkdown() {}

    static String render(RestJob job, RestGenerationProgress p) {
        return "**REST generation** of **" + job.source() + "/" + job.dbId() + "** · code-gen "
                + (job.codegenProfile() == null ? "deterministic only" : job.codegenProfile() + (job.deterministicFirst() ? " after deterministic" : " then deterministic"))
                + " · " + p.state() + "\n\n"
                + "| done | candidates | in flight | verified by | discarded by |\n|---:|---:|---:|---|---|\n"
                + "| " + p.done() + " | " + p.candidates() + " | " + p.inFlight() + " | " + p.verifiedBy() + " | " + p.discardedBy() + " |";
    }
}
