package dev.ibench.core.bfcl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * bfcl-eval's agentic verdict ({@code _evaluate_single_agentic_entry} and {@code agentic_checker}); expected values
 * worked out by hand from its Python: {@code re.sub(r"[\,\.\/\-\_\*\^\(\)]", "", s).lower().replace("'", '"')} on both
 * texts, then {@code re.search(rf"\b{re.escape(answer)}\b", response)}.
 */
class BfclAgenticCheckerTest {
    @Test
    void theAnswerMustOccurAsWholeWordsAfterStandardizing() {
        assertThat(BfclAgenticChecker.answerFound("{'answer': 'Michael', 'context': 'you told me'}", List.of("michael"))).isTrue();
        // "e-mail" and "E_MAIL." both standardize to "email"
        assertThat(BfclAgenticChecker.answerFound("Send it by E_MAIL.", List.of("e-mail"))).isTrue();
        // "35" inside "350" is no whole word
        assertThat(BfclAgenticChecker.answerFound("You are 350 years old", List.of("35"))).isFalse();
        // the hyphen goes, the space stays: "thirtyfive" is not "thirty five"
        assertThat(BfclAgenticChecker.answerFound("Thirty-Five", List.of("thirty five"))).isFalse();
        assertThat(BfclAgenticChecker.answerFound("Thirty-Five", List.of("nope", "thirty-five"))).isTrue();
        // the comma goes: "April 1,2024" is "april 12024", which "April 1, 2024" ("april 1 2024") does not hold
        assertThat(BfclAgenticChecker.answerFound("April 1, 2024", List.of("April 1,2024"))).isFalse();
        // a quote is read as a double quote on both sides; \b then needs a word character next to the quotes
        assertThat(BfclAgenticChecker.answerFound("x\"blue\"y", List.of("'blue'"))).isTrue();
        assertThat(BfclAgenticChecker.answerFound("the \"blue\" one", List.of("'blue'"))).isFalse();
    }

    @Test
    void theLastStepThatIsNoCallIsJudged() {
        BfclAgenticChecker.Verdict v = BfclAgenticChecker.check(
                List.of("[core_memory_retrieve(key='name')]", "Your name is Michael.", "[core_memory_list_keys()]"), List.of("Michael"));
        assertThat(v.valid()).isTrue();
        assertThat(v.judgedText()).isEqualTo("Your name is Michael.");

        BfclAgenticChecker.Verdict wrong = BfclAgenticChecker.check(List.of("Michael?", "[]", "I do not know"), List.of("Michael"));
        assertThat(wrong.valid()).isFalse();
        assertThat(wrong.errorType()).isEqualTo("agentic:answer_not_found");
        assertThat(wrong.judgedText()).isEqualTo("I do not know");
    }

    @Test
    void onlyCallsOrAnEmptyLastTextIsNoLastMessage() {
        assertThat(BfclAgenticChecker.check(List.of("[memory_retrieve()]"), List.of("x")).errorType()).isEqualTo("agentic:no_last_message");
        assertThat(BfclAgenticChecker.check(List.of("x is the answer", ""), List.of("x")).errorType()).isEqualTo("agentic:no_last_message");
        assertThat(BfclAgenticChecker.check(List.of(), List.of("x")).errorType()).isEqualTo("agentic:no_last_message");
    }
}
