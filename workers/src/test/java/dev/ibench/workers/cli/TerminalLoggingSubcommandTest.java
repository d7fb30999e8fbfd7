package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Found in code (issue 45): library logs stayed on the console whenever any argument was literally {@code worker}
 * (a campaign id, a benchmark file); only the {@code worker} command itself keeps them there.
 */
class TerminalLoggingSubcommandTest {
    @Test
    void theCommandIsTheFirstWordAfterTheTopLevelOptions() {
        assertThat(TerminalLogging.subcommand(new String[] {"worker", "--roles", "llm"})).isEqualTo("worker");
        assertThat(TerminalLogging.subcommand(new String[] {"--store", "jdbc:sqlite:/tmp/r.db", "worker"})).isEqualTo("worker");
        assertThat(TerminalLogging.subcommand(new String[] {"--store=/tmp/r.db", "--verbose", "worker"})).isEqualTo("worker");
        assertThat(TerminalLogging.subcommand(new String[] {"campaign", "status", "worker"})).isEqualTo("campaign");
        assertThat(TerminalLogging.subcommand(new String[] {"--store", "worker", "campaign", "list"})).isEqualTo("campaign");
        assertThat(TerminalLogging.subcommand(new String[] {})).isEmpty();
    }
}
