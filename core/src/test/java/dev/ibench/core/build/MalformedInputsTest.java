package dev.ibench.core.build;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.TestData;
import dev.ibench.core.tools.BuildMode;
import dev.ibench.core.tools.ToolStyle;
import dev.ibench.core.verify.EvalSetVerifier;
import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One build over a BIRD-layout folder full of broken inputs: each gets its reason and the build still emits the good question. */
class MalformedInputsTest {
    @TempDir
    Path tmp;

    private static String question(int id, String db, String text, String sql) {
        return "{\"question_id\": " + id + ", \"db_id\": \"" + db + "\", \"question\": \"" + text + "\", \"evidence\": \"\", \"SQL\": \"" + sql + "\", \"difficulty\": \"simple\"}";
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyBrokenInputGetsAReasonAndTheBuildContinues() throws Exception {
        Path root = tmp.resolve("data/bird");
        Path dir = root.resolve("dev_databases/superhero");
        Files.createDirectories(dir.resolve("database_description"));
        Files.copy(TestData.superhero(), dir.resolve("superhero.sqlite"));
        Files.writeString(dir.resolve("database_description/colour.csv"), "original_column_name,column_name,column_description\nid,,\"broken quote\n");
        Files.write(dir.resolve("database_description/superhero.csv"),
                "original_column_name,column_name,column_description\nsuperhero_name,,the hero\u2019s name\n".getBytes(Charset.forName("windows-1252")));

        ByteArrayOutputStream json = new ByteArrayOutputStream();
        json.writeBytes(("[" + question(1, "superhero", "How many heroes?", "SELECT COUNT(*) FROM superhero") + ",\n"
                + question(2, "superhero", "Broken SQL?", "SELEC name FROM WHERE") + ",\n"
                + question(3, "ghost", "Missing db?", "SELECT 1 FROM ghost") + ",\n"
                + question(5, "superhero", "Unknown column?", "SELECT nope FROM superhero") + ",\n").getBytes(StandardCharsets.UTF_8));
        json.writeBytes("{\"question_id\": 4, \"db_id\": \"superhero\", \"question\": \"caf".getBytes(StandardCharsets.UTF_8));
        json.write(0xE9); // a Latin-1 byte: not valid UTF-8
        json.writeBytes("?\", \"SQL\": \"SELECT COUNT(*) FROM colour\"}]".getBytes(StandardCharsets.UTF_8));
        Files.write(root.resolve("dev.json"), json.toByteArray());

        Path out = tmp.resolve("out");
        List<String> log = new ArrayList<>();
        BenchmarkBuilder.Result r = new BenchmarkBuilder(log::add).build(new BuildOptions("bird", root, List.of("superhero", "ghost"),
                List.of(ToolStyle.SLOT, ToolStyle.SEL), BuildMode.PAPER, out, tmp.resolve("data")));

        Map<String, Object> cov = r.coverageJson();
        assertThat(cov).containsEntry("questions", 5).containsEntry("verified", 1);
        assertThat((Map<String, Integer>) cov.get("by_reason")).containsEntry("sql_parse_error", 1).containsEntry("missing_database", 1)
                .containsEntry("invalid_text_encoding", 1).containsEntry("unknown_column", 1);
        Map<String, Object> superhero = (Map<String, Object>) ((Map<String, Object>) cov.get("by_db")).get("superhero");
        assertThat((List<String>) superhero.get("warnings")).anySatisfy(w -> assertThat(w).contains("corrupt description CSV colour.csv"))
                .anySatisfy(w -> assertThat(w).contains("superhero.csv is not UTF-8"));
        assertThat(log).anySatisfy(l -> assertThat(l).contains("ghost: missing_database"));
        assertThat(out.resolve("bird-superhero-slot.json")).exists();
        assertThat(Files.readString(out.resolve("bird-superhero-slot.json"))).contains("the hero\u2019s name")
                .contains("\"database_path\" : \"bird/dev_databases/superhero/superhero.sqlite\"");

        EvalSetVerifier.Result v = new EvalSetVerifier().verify(out, null);
        assertThat(v.samples()).isEqualTo(2);
        assertThat(v.agreement()).isEqualTo(1.0);
    }
}
