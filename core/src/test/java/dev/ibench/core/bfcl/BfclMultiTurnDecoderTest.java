package dev.ibench.core.bfcl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.sample.NativeTurnText;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Decoding a multi-turn step as bfcl-eval's {@code default_decode_execute_prompting} does: strip, bracket, keyword
 * arguments only, values as Python's repr; anything that is not a call list decodes to no call (the end of the turn).
 * Expected texts written by hand from bfcl-eval's {@code decoded_output_to_execution_list}.
 */
class BfclMultiTurnDecoderTest {
    @Test
    void aCallListDecodesToCallTextsWithReprValues() {
        assertThat(BfclMultiTurnDecoder.decode("[cd(folder=\"document\"), tail(file_name='log.txt', lines=20)]"))
                .containsExactly("cd(folder='document')", "tail(file_name='log.txt', lines=20)");
        assertThat(BfclMultiTurnDecoder.decode("ls(a=True), echo(content=\"it's\", file_name=None)"))
                .containsExactly("ls(a=True)", "echo(content=\"it's\", file_name=None)");
        assertThat(BfclMultiTurnDecoder.decode("```\n[add(a=1.5, b=[1, 2], c={'k': 'v'})]\n```"))
                .containsExactly("add(a=1.5, b=[1, 2], c={'k': 'v'})");
    }

    @Test
    void positionalArgumentsAreDroppedAsBfclEvalDropsThem() {
        assertThat(BfclMultiTurnDecoder.decode("[sort('final_report.pdf'), mv('a', destination='b')]"))
                .containsExactly("sort()", "mv(destination='b')");
    }

    @Test
    void textThatIsNoCallListEndsTheTurn() {
        assertThat(BfclMultiTurnDecoder.decode("I have moved the file for you.")).isEmpty();
        assertThat(BfclMultiTurnDecoder.decode("")).isEmpty();
        assertThat(BfclMultiTurnDecoder.decode("[]")).isEmpty();
        assertThat(BfclMultiTurnDecoder.decode(null)).isEmpty();
    }

    /**
     * A step of a model that thinks inline, in Qwen3's format (a {@code <think>} block with a call it drafts and drops,
     * then the call list): the calls after the reasoning are decoded, the drafted one is not, and the turn they make
     * is scored on them (before reasoning was taken out, the whole text read as no call list: an empty turn).
     */
    @Test
    void aModelThatThinksInlineGetsItsCallsDecodedAndScored() {
        String step = "<think>\nThe user wants the log's last lines. I could run rm(file_name='log.txt') but that deletes it; "
                + "no. First cd into the folder, then tail.\n</think>\n\n[cd(folder='document'), tail(file_name='log.txt', lines=20)]";
        List<String> calls = BfclMultiTurnDecoder.decode(step);
        assertThat(calls).containsExactly("cd(folder='document')", "tail(file_name='log.txt', lines=20)");

        BfclMultiTurnTrace.Turn turn = new BfclMultiTurnTrace.Turn(List.of(calls), List.of(List.of("None", "line 1\nline 2")),
                List.of("cd(folder='document')", "tail(file_name='log.txt', lines=20)"), List.of("None", "line 1\nline 2"), List.of());
        BfclMultiTurnVerdict verdict = BfclMultiTurnChecker.check(new BfclMultiTurnTrace(List.of(turn)), 1);
        assertThat(verdict.errorType()).isNull();
        assertThat(verdict.valid()).isTrue();
    }

    @Test
    void reasoningCutOffBeforeAnyCallEndsTheTurn() {
        assertThat(BfclMultiTurnDecoder.decode("<think>\nI will call cd(folder='document') and then")).isEmpty();
        assertThat(BfclMultiTurnDecoder.decode("Let me think: ls(a=True) first.</think>[ls(a=True)]")).containsExactly("ls(a=True)");
    }

    /**
     * A function-calling model's stored turn, as bfcl-eval's {@code convert_to_function_call} renders it (written by hand:
     * {@code f"{key}({','.join(f'{k}={repr(v)}' ...)})"}, so no space after the comma); arguments that are not a JSON
     * object make its {@code .items()} fail, which ends the turn: no call at all; a turn without calls ends the turn.
     */
    @Test
    void aFunctionCallingTurnDecodesAsBfclEvalsFcHandlers() {
        String two = new NativeTurnText("", List.of(new NativeTurnText.Call("c1", "mv", "{\"source\": \"a.txt\", \"destination\": \"b\"}"),
                new NativeTurnText.Call("c2", "ls", "{\"a\": true, \"n\": 1.5, \"l\": [1, \"x\"], \"z\": null}"))).stored();
        assertThat(BfclMultiTurnDecoder.decode(two)).containsExactly("mv(source='a.txt',destination='b')", "ls(a=True,n=1.5,l=[1, 'x'],z=None)");

        String listArguments = new NativeTurnText("", List.of(new NativeTurnText.Call("c1", "cd", "{\"folder\": \"d\"}"),
                new NativeTurnText.Call("c2", "ls", "[1]"))).stored();
        assertThat(BfclMultiTurnDecoder.decode(listArguments)).isEmpty();
        assertThat(BfclMultiTurnDecoder.decode(new NativeTurnText("", List.of(new NativeTurnText.Call("c1", "cd", "{\"folder\": \"d"))).stored())).isEmpty();
        assertThat(BfclMultiTurnDecoder.decode(new NativeTurnText("[cd(folder='d')]", List.of()).stored()))
                .as("text beside no calls is not decoded as a call list").isEmpty();
    }
}
