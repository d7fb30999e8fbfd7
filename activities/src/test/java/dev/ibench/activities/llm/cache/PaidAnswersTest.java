package dev.ibench.activities.llm.cache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.activities.llm.spend.SpendEntry;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The holder of paid, not yet stored answers stays within its bounds, dropping the oldest answer first. */
class PaidAnswersTest {
    private static PaidAnswers.Held answer(String text) {
        ModelResponse response = new ModelResponse(text, List.of(), "stop", 10, 5, 1);
        SpendEntry paid = new SpendEntry("c", "cell", "m", "e", "s", 0, 1, SpendEntry.OK, null, 10, 5, 1, null, false, 0);
        return new PaidAnswers.Held(new CallResult(response, false, 1, null, "k"), paid);
    }

    @Test
    void overTheEntryBoundTheOldestIsDropped() {
        PaidAnswers held = new PaidAnswers(2, 1_000_000);
        held.put("a", answer("1"));
        held.put("b", answer("2"));
        held.put("c", answer("3"));
        assertThat(held.size()).isEqualTo(2);
        assertThat(held.contains("a")).isFalse();
        assertThat(held.get("c").result().response().text()).isEqualTo("3");
    }

    @Test
    void overTheCharacterBoundTheOldestIsDroppedButOneAnswerIsKept() {
        // each answer counts its text plus 256 characters of overhead
        PaidAnswers held = new PaidAnswers(100, 2 * (100 + 256));
        held.put("a", answer("x".repeat(100)));
        held.put("b", answer("y".repeat(100)));
        assertThat(held.size()).isEqualTo(2);
        held.put("c", answer("z".repeat(100)));
        assertThat(held.contains("a")).isFalse();
        assertThat(held.size()).isEqualTo(2);
        held.put("big", answer("w".repeat(10_000)));
        assertThat(held.size()).as("an answer over the bound alone is kept").isEqualTo(1);
        assertThat(held.contains("big")).isTrue();
        held.remove("big");
        assertThat(held.size()).isZero();
        held.put("d", answer("x".repeat(100)));
        held.put("e", answer("y".repeat(100)));
        assertThat(held.size()).as("the removed answer's characters are freed").isEqualTo(2);
    }
}
