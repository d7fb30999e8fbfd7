package dev.ibench.core.score;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A bfcl-eval result file ({@code {id, result}} per line, as its generate writes them) read as predictions. */
class PredictionsReaderBfclResultTest {
    @TempDir Path dir;

    @Test
    void bfclEvalResultLinesAreRawOutputsAndMultiTurnTurnsAreBadLines() throws Exception {
        Path file = dir.resolve("BFCL_v4_format_sensitivity_result.json");
        Files.writeString(file, """
                {"id": "format_sensitivity_0:ret_fmt=python&tool_call_tag=False&func_doc_fmt=json&prompt_fmt=plaintext&style=classic:simple_python_19", "result": "[f(a=1)]", "input_token_count": 12}
                {"id": "multi_turn_base_0", "result": [["[cd(folder='a')]"]]}
                {"sample_id": "s1", "generated_text": "[g()]"}
                """);
        PredictionsReader.Result read = PredictionsReader.read(file);
        assertThat(read.predictions()).extracting(Prediction::sampleId, Prediction::generatedText).containsExactly(
                org.assertj.core.groups.Tuple.tuple("format_sensitivity_0:ret_fmt=python&tool_call_tag=False&func_doc_fmt=json&prompt_fmt=plaintext"
                        + "&style=classic:simple_python_19", "[f(a=1)]"),
                org.assertj.core.groups.Tuple.tuple("s1", "[g()]"));
        assertThat(read.problems()).containsExactly(file + " line 2: result is missing or not a string");
    }
}
