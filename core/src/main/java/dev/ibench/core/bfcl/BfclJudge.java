package dev.ibench.core.bfcl;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.ibench.core.json.Json;
import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.util.List;
import java.util.Map;

/**
 * Judges a parsed model output on a BFCL sample as BFCL's evaluator does: AST categories by {@link BfclAstChecker}
 * against the possible answer held in the sample's {@code gold_answer} (an output that does not decode fails with
 * {@code ast_decoder:decoder_failed}; one that decodes to no call, {@code []}, with the checker's {@code wrong_count},
 * as BFCL's prompt-mode decoder hands {@code []} to the checker); irrelevance categories are correct when the output decodes to no call (prose, an
 * empty list); {@code live_relevance} is correct when it decodes to at least one call. Function names are judged per
 * {@link BfclMode}: as bfcl-eval's prompt handlers or its function-calling handlers judge them.
 */
public final class BfclJudge {
    private BfclJudge() {}

    /** {@link #judge(EvalSample, BfclCategory, ParsedOutput, BfclMode)} in prompt mode. */
    public static BfclVerdict judge(EvalSample sample, BfclCategory category, ParsedOutput parsed) {
        return judge(sample, category, parsed, BfclMode.PROMPT);
    }

    public static BfclVerdict judge(EvalSample sample, BfclCategory category, ParsedOutput parsed, BfclMode mode) {
        return judge(sample, category, parsed, mode, null);
    }

    /**
     * {@link #judge(EvalSample, BfclCategory, ParsedOutput, BfclMode)} knowing the raw output: in function-calling mode, a
     * native answer whose arguments load as JSON but not as an object fails an AST category as bfcl-eval's FC handlers
     * fail it ({@code ast_decoder:decoder_wrong_output_format}, {@link BfclFunctionCallingDecode}).
     */
    public static BfclVerdict judge(EvalSample sample, BfclCategory category, ParsedOutput parsed, BfclMode mode, String rawOutput) {
        if (category.kind() == BfclCategory.Kind.AST && !parsed.isParsed() && mode == BfclMode.FC
                && BfclFunctionCallingDecode.wrongOutputFormat(rawOutput)) {
            return BfclVerdict.wrong(category, "ast_decoder:decoder_wrong_output_format",
                    "Did not output in the specified format: a call's arguments are not an object.");
        }
        List<ToolCall> calls = parsed.isParsed() ? parsed.calls() : List.of();
        return switch (category.kind()) {
            case IRRELEVANCE -> calls.isEmpty() ? BfclVerdict.correct(category)
                    : BfclVerdict.wrong(category, "irrelevance_error:decoder_success",
                            "called " + calls.stream().map(ToolCall::name).toList() + " where no function fits the question");
            case RELEVANCE -> !calls.isEmpty() ? BfclVerdict.correct(category)
                    : BfclVerdict.wrong(category, "relevance_error:decoder_failed", "no function call where one fits the question");
            case AST -> ast(sample, category, parsed, mode);
        };
    }

    /**
     * The verdict of an entry that has no model output to judge ({@code outcome}: ibench recorded it {@code rejected} or
     * {@code infra_error}), as bfcl-eval judges an entry whose inference failed: it records the text
     * {@code "Error during inference: ..."} as the model's result, which does not decode, so an AST category fails with
     * {@code ast_decoder:decoder_failed}, {@code live_relevance} with {@code relevance_error:decoder_failed}, and an
     * irrelevance category passes (no call).
     */
    public static BfclVerdict unscored(EvalSample sample, BfclCategory category, String outcome) {
        return judge(sample, category, ParsedOutput.unparseable("no model output (" + outcome + "): judged as bfcl-eval judges an inference error"));
    }

    private static BfclVerdict ast(EvalSample sample, BfclCategory category, ParsedOutput parsed, BfclMode mode) {
        if (!parsed.isParsed()) {
            return BfclVerdict.wrong(category, "ast_decoder:decoder_failed", "the output is not a function call: " + parsed.problem());
        }
        BfclCheckResult result = BfclAstChecker.check(new BfclTestCase(sample.sampleId(), category.key(), sample.tools()),
                possibleAnswer(sample), parsed.calls(), mode);
        return result.valid() ? BfclVerdict.correct(category) : BfclVerdict.wrong(category, result.bfclErrorType(), result.message());
    }

    private static BfclPossibleAnswer possibleAnswer(EvalSample sample) {
        if (sample.goldAnswer() == null) {
            throw new IllegalArgumentException("BFCL sample " + sample.sampleId() + " has no possible answer in 'gold_answer'");
        }
        List<Map<String, Map<String, List<Object>>>> expected = Json.MAPPER.convertValue(sample.goldAnswer(), new TypeReference<>() {});
        return new BfclPossibleAnswer(sample.sampleId(), expected);
    }
}
