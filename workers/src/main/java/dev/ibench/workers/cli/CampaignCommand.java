package dev.ibench.workers.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(
        name = "campaign",
        mixinStandardHelpOptions = true,
        description = "Start, watch, steer and report durable evaluation campaigns.",
        subcommands = {
            CampaignCommand.Start.class,
            CampaignCommand.Status.class,
            CampaignCommand.Pause.class,
            CampaignCommand.Resume.class,
            CampaignCommand.Cancel.class,
            CampaignCommand.RetryErrors.class,
            CampaignCommand.Report.class,
            CampaignCommand.Trajectory.class
        })
final class CampaignCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        return NotBuiltYet.report("campaign", "#6");
    }

    @Command(name = "start", mixinStandardHelpOptions = true, description = "Start a campaign from a YAML file.")
    static final class Start implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "FILE.yaml") String file;
        public Integer call() { return NotBuiltYet.report("campaign start", "#6"); }
    }

    @Command(name = "status", mixinStandardHelpOptions = true, description = "Show per-cell progress of a campaign.")
    static final class Status implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "ID") String id;
        public Integer call() { return NotBuiltYet.report("campaign status", "#6"); }
    }

    @Command(name = "pause", mixinStandardHelpOptions = true, description = "Pause a running campaign.")
    static final class Pause implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "ID") String id;
        public Integer call() { return NotBuiltYet.report("campaign pause", "#6"); }
    }

    @Command(name = "resume", mixinStandardHelpOptions = true, description = "Resume a paused campaign.")
    static final class Resume implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "ID") String id;
        public Integer call() { return NotBuiltYet.report("campaign resume", "#6"); }
    }

    @Command(name = "cancel", mixinStandardHelpOptions = true, description = "Cancel a campaign.")
    static final class Cancel implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "ID") String id;
        public Integer call() { return NotBuiltYet.report("campaign cancel", "#6"); }
    }

    @Command(name = "retry-errors", mixinStandardHelpOptions = true, description = "Re-run only the samples recorded as infra_error.")
    static final class RetryErrors implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "ID") String id;
        public Integer call() { return NotBuiltYet.report("campaign retry-errors", "#6"); }
    }

    @Command(name = "report", mixinStandardHelpOptions = true, description = "Write a campaign report (html, md or json).")
    static final class Report implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "ID") String id;
        public Integer call() { return NotBuiltYet.report("campaign report", "#6"); }
    }

    /** Implemented in {@link TrajectoryCommand} (issue #7). */
    @Command(name = "trajectory", mixinStandardHelpOptions = true, description = "Print the ReACT trajectory of one sample.")
    static final class Trajectory extends TrajectoryCommand {}
}
