package dev.ibench.core.bfcl;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The function descriptions a model is shown for a BFCL Java or JavaScript question, as bfcl-eval prepares them for
 * generation ({@code utils._func_doc_language_specific_pre_processing}): the language named in each description, every
 * parameter declared {@code string} with its Java / JavaScript type written into its description (list element types
 * and dict schemas too), so that the model answers with source text, which the checker converts back. The stored
 * descriptions keep their real types for the checker; Python categories are shown unchanged.
 */
public final class BfclFunctionDocs {
    private BfclFunctionDocs() {}

    @SuppressWarnings("unchecked")
    public static List<Map<String, Object>> forModel(String datasetName, List<Map<String, Object>> functions) {
        BfclLanguage language = BfclCategory.ofDataset(datasetName).map(c -> BfclLanguage.of(c.key())).orElse(BfclLanguage.PYTHON);
        if (language == BfclLanguage.PYTHON) {
            return functions;
        }
        String name = language == BfclLanguage.JAVA ? "Java" : "JavaScript";
        List<Map<String, Object>> copy = Json.MAPPER.convertValue(functions, new TypeReference<>() {});
        for (Map<String, Object> f : copy) {
            f.put("description", f.get("description") + (language == BfclLanguage.JAVA
                    ? " Note that the provided function is in Java 8 SDK syntax." : " Note that the provided function is in JavaScript syntax."));
            if (!(f.get("parameters") instanceof Map<?, ?> p) || !(p.get("properties") instanceof Map<?, ?> properties)) {
                continue;
            }
            for (Object spec : properties.values()) {
                if (!(spec instanceof Map<?, ?>)) {
                    continue;
                }
                Map<String, Object> value = (Map<String, Object>) spec;
                String type = String.valueOf(value.get("type"));
                String description = String.valueOf(value.getOrDefault("description", ""));
                description += "any".equals(type) ? " This parameter can be of any type of " + name + " object in string representation."
                        : " This is " + name + " " + type + " type parameter in string representation.";
                if ((language == BfclLanguage.JAVA && ("ArrayList".equals(type) || "Array".equals(type)))
                        || (language == BfclLanguage.JAVASCRIPT && "array".equals(type))) {
                    description += " The list elements are of type " + BfclLanguage.itemsType(value) + "; they are not in string representation.";
                    value.remove("items");
                }
                if (language == BfclLanguage.JAVASCRIPT && "dict".equals(type) && value.containsKey("properties")) {
                    description += " The dictionary entries have the following schema; they are not in string representation. "
                            + pythonJson(value.remove("properties"));
                }
                value.put("description", description);
                value.put("type", "string");
            }
        }
        return copy;
    }

    /** Python's {@code json.dumps}: {@code ", "} and {@code ": "} separators, non-ASCII escaped. */
    private static String pythonJson(Object value) {
        try {
            return PYTHON_JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static final ObjectWriter PYTHON_JSON = new ObjectMapper().writer(new MinimalPrettyPrinter() {
        @Override
        public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(": ");
        }

        @Override
        public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
            g.writeRaw(", ");
        }

        @Override
        public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(", ");
        }
    }).with(JsonWriteFeature.ESCAPE_NON_ASCII);
}
