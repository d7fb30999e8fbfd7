package dev.ibench.activities.llm.cache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.DecodingSettings;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.activities.llm.spend.SpendEntry;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.RenderedPrompt;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The holder of paid, not yet stored answers stays within its bounds, dropping the oldest answer first, and keeps each
 * item's answer apart from another item's under the same cache key.
 */
class PaidAnswersTest {
    private static PaidAnswers.Held answer(String text) {
        return answer(text, "cell");
    }

    private static PaidAnswers.Held answer(String text, String cellId) {
        ModelResponse response = new ModelResponse(text, List.of(), "stop", 10, 5, 1);
        SpendEntry paid = new SpendEntry("c", cellId, "m", "e", "s", 0, 1, SpendEntry.OK, null, 10, 5, 1, null, false, 0);
        return new PaidAnswers.Held(new CallResult(response, false, 1, null, "k"), paid);
    }

    /** The request of sample "s", trial 0, as the answers above were paid for. */
    private static final ModelRequest REQUEST = new ModelRequest("m", RenderedPrompt.chat(List.of(ChatMessage.user("q")), List.of()),
            new DecodingSettings(10, 0, List.of(), null), "s");

    @Test
    void overTheEntryBoundTheOldestIsDropped() {
        PaidAnswers held = new PaidAnswers(2, 1_000_000);
        held.put("a", answer("1"));
        held.put("b", answer("2"));
        held.put("c", answer("3"));
        assertThat(held.size()).isEqualTo(2);
        assertThat(held.contains("a")).isFalse();
        assertThat(held.get("c", "cell", REQUEST).result().response().text()).isEqualTo("3");
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
        PaidAnswers.Held big = answer("w".repeat(10_000));
        held.put("big", big);
        assertThat(held.size()).as("an answer over the bound alone is kept").isEqualTo(1);
        assertThat(held.contains("big")).isTrue();
        held.remove("big", big);
        assertThat(held.size()).isZero();
        held.put("d", answer("x".repeat(100)));
        held.put("e", answer("y".repeat(100)));
        assertThat(held.size()).as("the removed answer's characters are freed").isEqualTo(2);
    }

    @Test
    void twoItemsUnderOneKeyKeepTheirOwnAnswers() {
        PaidAnswers held = new PaidAnswers();
        PaidAnswers.Held first = answer("first", "cell-a");
        PaidAnswers.Held second = answer("second", "cell-b");
        held.put("k", first);
        held.put("k", second);
        assertThat(held.size()).as("the second item's answer does not replace the first's").isEqualTo(2);
        assertThat(held.get("k", "cell-a", REQUEST)).isSameAs(first);

        held.removeAnswer(second.result());
        assertThat(held.get("k", "cell-b", REQUEST)).as("the second item's answer is stored: let go").isNull();
        assertThat(held.get("k", "cell-a", REQUEST)).as("the first item's answer is still held for its retry").isSameAs(first);
        assertThat(held.contains("k")).isTrue();
        held.removeAnswer(first.result());
        assertThat(held.contains("k")).isFalse();
    }
}
