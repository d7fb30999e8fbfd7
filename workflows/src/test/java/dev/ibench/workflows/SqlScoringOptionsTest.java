package dev.ibench.workflows;

import static org.assertj.core.api.Assertions.assertThat;

import io.temporal.activity.ActivityOptions;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A sql cell's scoring limits come from its query deadline: the judge stops a runaway query at the deadline and scores
 * a {@code timeout} failure, so the activity must outlive it by a margin (before, both were 30 s and the activity could
 * time out first, an infra_error).
 */
class SqlScoringOptionsTest {
    @Test
    void oneItemOutlivesItsQueryDeadlineByTheMargin() {
        ActivityOptions options = CellActivityOptions.sqlScoring("q", "s", Duration.ofSeconds(30));
        assertThat(options.getStartToCloseTimeout()).isEqualTo(Duration.ofSeconds(60));
        assertThat(CellActivityOptions.sqlScoring("q", "s", Duration.ofSeconds(120)).getStartToCloseTimeout()).isEqualTo(Duration.ofSeconds(150));
        assertThat(CellActivityOptions.sqlScoring("q", "s", Duration.ofSeconds(2)).getStartToCloseTimeout()).isEqualTo(Duration.ofSeconds(32));
    }

    @Test
    void aBatchHeartbeatsPastOneDeadlineAndMayRunEveryQueryToItsDeadline() {
        ActivityOptions options = CellActivityOptions.sqlScoringBatch("q", "s", Duration.ofSeconds(30), 40);
        assertThat(options.getHeartbeatTimeout()).isEqualTo(Duration.ofSeconds(60));
        // 40 queries of 30 s each: 20 minutes, plus the margin
        assertThat(options.getStartToCloseTimeout()).isEqualTo(Duration.ofMinutes(20).plusSeconds(30));
        assertThat(CellActivityOptions.sqlScoringBatch("q", "s", Duration.ofSeconds(2), 3).getStartToCloseTimeout())
                .as("never shorter than the plain scoring batch").isEqualTo(Duration.ofMinutes(10));
    }
}
