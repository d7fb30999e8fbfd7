package dev.ibench.core.bfcl;

import static org.assertj.core.api.Assertions.assertThat;

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
}
