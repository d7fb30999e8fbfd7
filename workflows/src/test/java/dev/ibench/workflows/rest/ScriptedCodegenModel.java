package dev.ibench.workflows.rest;

import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.activities.llm.client.ModelClient;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.core.json.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * TEST DOUBLE, not a model: answers REST code-gen and judge prompts by rule, so every path of the workflow is
 * taken. Questions are split by the hash of their SQL into four kinds: {@link Kind#VALID} proposals wrap the SQL
 * verbatim (verified at once), {@link Kind#RETRY} answers prose first and a valid proposal once the prompt carries
 * the previous verdict, {@link Kind#EXTRA_COLUMN} adds a constant column (a format difference the LLM judge,
 * answering yes, accepts), and {@link Kind#REFUSED} is refused as too long (the deterministic generator takes over).
 */
final class ScriptedCodegenModel implements ModelClient {
    enum Kind { VALID, RETRY, EXTRA_COLUMN, REFUSED }

    final List<String> codegenPrompts = new CopyOnWriteArrayList<>();
    final List<String> judgePrompts = new CopyOnWriteArrayList<>();

    static Kind kindOf(String sql) {
        return Kind.values()[Math.floorMod(sql.hashCode(), Kind.values().length)];
    }

    @Override
    public String endpoint() {
        return "scripted-codegen-test-model";
    }

    @Override
    public boolean cacheable() {
        return false;
    }

    @Override
    public ModelResponse complete(ModelRequest request) {
        String prompt = request.prompt().messages().get(0).content();
        if (prompt.startsWith("You are an expert grader")) {
            judgePrompts.add(prompt);
            return answer("yes, the same rows; the response only adds a constant column");
        }
        codegenPrompts.add(prompt);
        String sql = prompt.lines().filter(l -> l.startsWith("SQL: ")).findFirst().orElseThrow().substring(5);
        return switch (kindOf(sql)) {
            case VALID -> answer(proposal(sql));
            case RETRY -> answer(prompt.contains("was rejected") ? proposal(sql) : "Sure! Here is an endpoint for you.");
            case EXTRA_COLUMN -> answer(proposal("SELECT *, 1 AS extra FROM (" + sql + ")"));
            case REFUSED -> throw ModelCallException.of(ErrorKind.CONTEXT_LENGTH, endpoint(), "prompt longer than the context");
        };
    }

    private static String proposal(String sql) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("slug", "answer_" + Integer.toHexString(sql.hashCode()));
        p.put("summary", "Get the answer of query " + Integer.toHexString(sql.hashCode()));
        p.put("description", "Runs the query.");
        p.put("parameters", List.of());
        p.put("sql", sql);
        p.put("arguments", Map.of());
        try {
            return "Here it is:\n" + Json.MAPPER.writeValueAsString(p);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static ModelResponse answer(String text) {
        return new ModelResponse(text, List.of(), "stop", 10, 10, 1);
    }
}
