package dev.ibench.core.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code ibm-reference} parsing mode: the decisions of the seed authors' scorer (IBM/api-integrated-llm-experiment,
 * {@code output_parsers.py}: {@code parse_generated_text} and {@code parse_multi_step}, with {@code get_api_field_value}
 * of {@code scoring.py}) for sequence (non single-intent) scoring, the path SLOT, SEL and NESTful sets take whatever the
 * model. Newlines are removed and {@code \_} becomes {@code _}; then the first reader that does not fail gives the
 * items: {@link ReferenceJsonReader} (JSON, then JSON Lines), {@link ReferencePythonAstReader},
 * {@link ReferenceCallSplitReader}, {@link ReferenceToolCallTagReader}; {@link ReferenceCallDecisions} then decides
 * which items are calls. Whatever fails in the reference yields nothing here (unparseable, an empty prediction). Case
 * by case in docs/output-parsing.md.
 */
public final class IbmReferenceStage implements ParseStage {
    @Override
    public String name() {
        return "ibm_reference";
    }

    @Override
    public Optional<Object> extract(String text) {
        String flat = text.replace("\n", "").replace("\\_", "_").strip();
        Optional<List<Object>> items = ReferenceJsonReader.readList(flat);
        if (items.isEmpty()) {
            items = ReferencePythonAstReader.read(flat);
        }
        if (items.isEmpty()) {
            items = ReferenceCallSplitReader.read(flat);
        }
        if (items.isEmpty()) {
            items = ReferenceToolCallTagReader.read(flat);
        }
        return items.flatMap(list -> ReferenceCallDecisions.decide(list, text.contains("label")));
    }

    /** Python's {@code str.split(separator)}: every occurrence splits, empty pieces are kept. */
    static List<String> pythonSplit(String text, String separator) {
        List<String> pieces = new ArrayList<>();
        int from = 0;
        int at;
        while ((at = text.indexOf(separator, from)) >= 0) {
            pieces.add(text.substring(from, at));
            from = at + separator.length();
        }
        pieces.add(text.substring(from));
        return pieces;
    }

    /** Python's {@code str.strip(chars)}: every character of {@code chars} removed from both ends. */
    static String pythonStrip(String text, String chars) {
        int from = 0;
        int to = text.length();
        while (from < to && chars.indexOf(text.charAt(from)) >= 0) {
            from++;
        }
        while (to > from && chars.indexOf(text.charAt(to - 1)) >= 0) {
            to--;
        }
        return text.substring(from, to);
    }
}
