package dev.ibench.workflows;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps workflow code in small classes with one job (issue #41): a cell's run is split into a coordinator, one class per
 * way a cell runs and one per shared concern, and this keeps it so. Read from the module's sources (the classes' line
 * counts are not in their bytecode): every class of {@code workflows.campaign} stays within {@link #CAMPAIGN_LINES}
 * lines unless {@link #CAMPAIGN_EXCEPTIONS} names it with its reason, every workflows class within {@link #MODULE_LINES},
 * and every method within {@link #METHOD_LINES}.
 */
class WorkflowClassSizeTest {
    static final Path MAIN = Path.of("src", "main", "java", "dev", "ibench", "workflows");
    static final int CAMPAIGN_LINES = 250;
    static final int MODULE_LINES = 400;
    static final int METHOD_LINES = 60;
    /** Campaign classes allowed more than {@link #CAMPAIGN_LINES} lines, each with its reason; none today. */
    static final Map<String, String> CAMPAIGN_EXCEPTIONS = Map.of();

    /**
     * A method or constructor's first line, in a class or a class nested in it (indented 4 or 8), with its signature on
     * one line; a signature over several lines is not measured.
     */
    private static final Pattern METHOD = Pattern.compile(
            "^( {4}| {8})(?!(?:return|if|else|for|while|try|catch|finally|switch|do|synchronized|case|new)\\b)"
                    + "(?:[\\w<>\\[\\], .?@]+\\s+)?\\w+\\([^;]*\\)\\s*(?:throws [\\w., ]+)?\\s*\\{\\s*$");

    @Test
    void everyCampaignClassStaysWithinItsSize() throws IOException {
        List<String> tooLong = new ArrayList<>();
        for (Path file : javaFiles(MAIN.resolve("campaign"))) {
            int lines = Files.readAllLines(file).size();
            String name = file.getFileName().toString();
            if (lines > CAMPAIGN_LINES && !CAMPAIGN_EXCEPTIONS.containsKey(name)) {
                tooLong.add(name + ": " + lines + " lines");
            }
        }
        assertThat(tooLong).as("campaign classes over " + CAMPAIGN_LINES + " lines").isEmpty();
    }

    @Test
    void everyWorkflowsClassStaysWithinItsSize() throws IOException {
        List<String> tooLong = new ArrayList<>();
        for (Path file : javaFiles(MAIN)) {
            int lines = Files.readAllLines(file).size();
            if (lines > MODULE_LINES) {
                tooLong.add(MAIN.relativize(file) + ": " + lines + " lines");
            }
        }
        assertThat(tooLong).as("workflows classes over " + MODULE_LINES + " lines").isEmpty();
    }

    @Test
    void everyWorkflowsMethodStaysWithinItsSize() throws IOException {
        List<String> tooLong = new ArrayList<>();
        for (Path file : javaFiles(MAIN)) {
            tooLong.addAll(longMethods(file.getFileName().toString(), Files.readAllLines(file)));
        }
        assertThat(tooLong).as("workflows methods over " + METHOD_LINES + " lines").isEmpty();
    }

    @Test
    void aLongMethodIsFound() {
        List<String> body = new ArrayList<>(List.of("class A {", "    private void run(int a) throws Exception {"));
        for (int i = 0; i < METHOD_LINES - 1; i++) {
            body.add("        if (a > " + i + ") {");
        }
        body.addAll(List.of("    }", "    A() {", "    }", "}"));
        assertThat(longMethods("A.java", body)).containsExactly("A.java: private void run(int a) throws Exception { (61 lines)");
    }

    /** Methods of {@code lines} longer than {@link #METHOD_LINES}, from their first line to their closing brace. */
    static List<String> longMethods(String name, List<String> lines) {
        List<String> tooLong = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = METHOD.matcher(lines.get(i));
            if (!m.matches() || lines.get(i).matches(".*\\b(class|record|interface|enum)\\b.*")) {
                continue;
            }
            String end = m.group(1) + "}";
            int j = i + 1;
            while (j < lines.size() && !lines.get(j).equals(end)) {
                j++;
            }
            int length = j - i + 1;
            if (length > METHOD_LINES) {
                tooLong.add(name + ": " + lines.get(i).strip() + " (" + length + " lines)");
            }
        }
        return tooLong;
    }

    private static List<Path> javaFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        }
    }
}
