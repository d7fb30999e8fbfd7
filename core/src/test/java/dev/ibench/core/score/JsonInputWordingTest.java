package dev.ibench.core.score;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45, unclear messages: Jackson's wording ({@code enable JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS to allow},
 * {@code Cannot construct instance of java.util.ArrayList}) reached users from the eval set, predictions and final
 * answers readers. Each is one plain sentence naming the file, where in it, and the problem.
 */
class JsonInputWordingTest {
    @TempDir Path dir;

    private Path write(String name, String content) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, content);
        return f;
    }

    private String evalSetError(String content) throws Exception {
        Path file = write("set.json", content);
        Throwable e = org.assertj.core.api.Assertions.catchThrowable(() -> EvalSetReader.read(file));
        assertThat(e).isInstanceOf(IllegalArgumentException.class);
        assertThat(e.getMessage()).startsWith("eval set " + file).doesNotContain("JsonReadFeature", "Feature", "java.", "(code ", "Source:");
        return e.getMessage();
    }

    @Test
    void nanInAnEvalSetNamesLineColumnAndTheValue() throws Exception {
        assertThat(evalSetError("[\n  {\"sample_id\": \"a\",\n   \"gold_answer\": NaN}\n]\n"))
                .contains("not valid JSON at line 3, column 19", "NaN is not allowed");
    }

    @Test
    void commentsUnquotedKeysAndLeadingZerosAreEachSaidPlainly() throws Exception {
        assertThat(evalSetError("[\n// the samples\n{\"sample_id\": \"a\"}]")).contains("line 2, column 1", "comments are not allowed");
        assertThat(evalSetError("[{sample_id: \"a\"}]")).contains("line 1, column 3", "a key must be in double quotes");
        assertThat(evalSetError("[{\"sample_id\": \"a\", \"gold_answer\": 007}]")).contains("line 1, column 36", "a number may not start with 0");
        assertThat(evalSetError("[{\"sample_id\": \"a\", \"gold_answer\": 07}]")).contains("line 1, column 36", "a number may not start with 0");
    }

    /** Samples are numbered from 0, as in the reader's other messages. */
    @Test
    void aSingleValueWhereAListBelongsNamesTheSampleAndTheKey() throws Exception {
        assertThat(evalSetError("[{\"sample_id\": \"a\"}, {\"sample_id\": \"b\", \"tools\": \"search\"}]"))
                .contains("sample #1", "tools: a list is expected here").doesNotContain("ArrayList", "Cannot construct");
    }

    @Test
    void aPredictionsLineWithNanNamesTheLineColumnAndTheValue() throws Exception {
        Path file = write("p.jsonl", "{\"sample_id\": \"a\", \"generated_text\": \"x\"}\n{\"sample_id\": \"b\", \"score\": NaN}\n");
        List<String> problems = PredictionsReader.read(file).problems();
        assertThat(problems).singleElement().asString().startsWith(file + " line 2: not valid JSON at column 29: NaN is not allowed");
    }

    @Test
    void aFinalAnswersLineThatIsNotJsonSaysWhy() throws Exception {
        Path file = write("answers.jsonl", "{'sample_id': 'a'}\n");
        List<String> problems = FinalAnswerScorer.score(List.of(), file, null).problems();
        assertThat(problems).singleElement().asString()
                .startsWith(file + " line 1: not valid JSON at column 2: ").doesNotContain("Feature", "(code ");
    }
}
