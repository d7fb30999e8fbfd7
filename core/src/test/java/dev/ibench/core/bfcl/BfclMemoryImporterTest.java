package dev.ibench.core.bfcl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Importing a memory category from files laid out as bfcl-eval's {@code bfcl_eval/data} (hand-written rows). */
class BfclMemoryImporterTest {
    @TempDir
    Path data;

    private Path layout() throws IOException {
        Files.createDirectories(data.resolve("possible_answer"));
        Files.createDirectories(data.resolve("memory_prereq_conversation"));
        Files.createDirectories(data.resolve("multi_turn_func_doc"));
        Files.writeString(data.resolve("BFCL_v4_memory.json"), String.join("\n",
                "{\"id\": \"memory_0-notetaker-0\", \"question\": [[{\"role\": \"user\", \"content\": \"What is my name?\"}]], \"involved_classes\": [\"MemoryAPI\"], \"scenario\": \"notetaker\"}",
                "{\"id\": \"memory_1-notetaker-1\", \"question\": [[{\"role\": \"user\", \"content\": \"a\"}], [{\"role\": \"user\", \"content\": \"b\"}]], \"scenario\": \"notetaker\"}",
                "{\"id\": \"memory_2-notetaker-2\", \"question\": [[{\"role\": \"user\", \"content\": \"No answer?\"}]], \"scenario\": \"notetaker\"}",
                "{\"id\": \"memory_3-customer-0\", \"question\": [[{\"role\": \"user\", \"content\": \"Where do I live?\"}]], \"scenario\": \"customer\"}"));
        Files.writeString(data.resolve("possible_answer/BFCL_v4_memory.json"), String.join("\n",
                "{\"id\": \"memory_0-notetaker-0\", \"ground_truth\": [\"Michael\", \"Mike\"]}",
                "{\"id\": \"memory_1-notetaker-1\", \"ground_truth\": [\"x\"]}",
                "{\"id\": \"memory_3-customer-0\", \"ground_truth\": [\"Seattle\"]}"));
        Files.writeString(data.resolve("memory_prereq_conversation/memory_notetaker.json"), String.join("\n",
                "{\"id\": \"memory_prereq_0-notetaker-0\", \"topic\": \"intro\", \"question\": [[{\"role\": \"user\", \"content\": \"I am Michael.\"}], [{\"role\": \"user\", \"content\": \"Bye.\"}]]}",
                "{\"id\": \"memory_prereq_1-notetaker-1\", \"topic\": \"later\", \"question\": [[{\"role\": \"user\", \"content\": \"Call me Mike.\"}]]}"));
        Files.writeString(data.resolve("memory_prereq_conversation/memory_customer.json"),
                "{\"id\": \"memory_prereq_0-customer-0\", \"topic\": \"t\", \"question\": [[{\"role\": \"user\", \"content\": \"Seattle.\"}]]}\n");
        Files.writeString(data.resolve("multi_turn_func_doc/memory_kv.json"),
                "{\"name\": \"core_memory_add\", \"description\": \"d\", \"parameters\": {\"type\": \"dict\", \"properties\": {}, \"required\": []}}\n");
        Files.copy(data.resolve("multi_turn_func_doc/memory_kv.json"), data.resolve("multi_turn_func_doc/memory_rec_sum.json"));
        return data.resolve("BFCL_v4_memory.json");
    }

    @Test
    void questionsPrerequisitesAndDocsAreReadWithIdsRenamedForTheCategory() throws IOException {
        BfclMemoryImporter.Result r = BfclMemoryImporter.read(layout(), "memory_kv");
        BfclMemoryEvalSet set = r.evalSet();
        assertThat(set.backend()).isEqualTo("MemoryAPI_kv");
        assertThat(set.questions()).extracting(BfclMemoryQuestion::id).containsExactly("memory_kv_0-notetaker-0", "memory_kv_3-customer-0");
        assertThat(set.questions().get(0).groundTruth()).containsExactly("Michael", "Mike");
        assertThat(set.questions().get(0).question()).containsExactly(Map.of("role", "user", "content", "What is my name?"));
        assertThat(set.scenarios().keySet()).containsExactly("notetaker", "customer");
        assertThat(set.scenarios().get("notetaker")).extracting(BfclMemoryPrerequisite::id)
                .containsExactly("memory_kv_prereq_0-notetaker-0", "memory_kv_prereq_1-notetaker-1");
        assertThat(set.scenarios().get("notetaker").get(0).turns()).hasSize(2);
        assertThat(set.functionDocs()).extracting(d -> d.get("name")).containsExactly("core_memory_add");
        assertThat(r.rejected()).extracting(BfclImporter.RejectedRow::line, BfclImporter.RejectedRow::reason).containsExactly(
                org.assertj.core.groups.Tuple.tuple(2, "'question' is not one turn (a list of messages)"),
                org.assertj.core.groups.Tuple.tuple(3, "no possible answer with id 'memory_2-notetaker-2'"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void conversationsAreEntriesOfTheBackendStartingFromTheGivenMemory() throws IOException {
        BfclMemoryEvalSet set = BfclMemoryImporter.read(layout(), "memory_rec_sum").evalSet();
        BfclMemoryPrerequisite first = set.scenarios().get("notetaker").get(0);
        BfclMultiTurnEntry prereq = set.prerequisiteEntry("notetaker", first, null);
        assertThat(prereq.id()).isEqualTo("memory_rec_sum_prereq_0-notetaker-0");
        assertThat(prereq.involvedClasses()).containsExactly("MemoryAPI_rec_sum");
        assertThat(prereq.groundTruth()).containsExactly(List.of(), List.of());
        assertThat((Map<String, Object>) prereq.initialConfig().get("MemoryAPI_rec_sum")).containsEntry("scenario", "notetaker").containsEntry("memory_snapshot", null);
        BfclMultiTurnEntry q = set.questionEntry(set.questionsOf("notetaker").get(0), "{\"memory\": \"Michael\"}");
        assertThat(q.turns()).hasSize(1);
        assertThat((Map<String, Object>) q.initialConfig().get("MemoryAPI_rec_sum")).containsEntry("memory_snapshot", "{\"memory\": \"Michael\"}")
                .containsEntry("test_id", "memory_rec_sum_0-notetaker-0");
    }

    @Test
    void aMissingFileBesideTheTestsOrAnUnknownCategoryIsOneSentence() throws IOException {
        Path tests = layout();
        assertThatThrownBy(() -> BfclMemoryImporter.read(tests, "memory_vector"))
                .hasMessage("BFCL category memory_vector needs " + data.resolve("multi_turn_func_doc/memory_vector.json")
                        + " beside BFCL_v4_memory.json (bfcl-eval's bfcl_eval/data layout), and it is missing");
        assertThatThrownBy(() -> BfclMemoryImporter.read(tests, "memory_graph"))
                .hasMessage("not a BFCL memory category: 'memory_graph' (valid: memory_kv, memory_rec_sum, memory_vector)");
    }

    @Test
    void aScenarioWhosePrerequisitesCannotBeReadLeavesItsQuestionsOutSayingWhy() throws IOException {
        Path tests = layout();
        Path prereq = data.resolve("memory_prereq_conversation/memory_customer.json");
        Files.writeString(prereq, "{\"id\": \"memory_prereq_0-customer-0\", \"question\": \"not turns\"}\n");
        BfclMemoryImporter.Result r = BfclMemoryImporter.read(tests, "memory_kv");
        assertThat(r.evalSet().scenarios()).containsOnlyKeys("notetaker");
        assertThat(r.rejected()).extracting(BfclImporter.RejectedRow::id).contains("memory_3-customer-0");
        assertThat(r.rejected().get(r.rejected().size() - 1).reason())
                .isEqualTo("BFCL memory prerequisite file " + prereq + " line 1: no 'id' or no 'question' turns (lists of messages)");
    }
}
