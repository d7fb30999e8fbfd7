package dev.ibench.core.parse;

import java.util.List;
import java.util.Optional;

/**
 * An ordered list of {@link ParseStage}s. The first stage whose value normalises to calls wins and is recorded.
 * If some stage found a value but none normalised, the output is {@link ParseStatus#WRONG_FORMAT}; if no stage found
 * anything it is {@link ParseStatus#UNPARSEABLE}. Never throws.
 */
public final class ParserChain {
    private final String name;
    private final List<ParseStage> stages;
    private final boolean stripsSpecialTokens;
    private final boolean separatesReasoning;
    private final boolean promptOpensThinking;

    public ParserChain(String name, List<ParseStage> stages) {
        this(name, stages, true);
    }

    /**
     * {@code stripsSpecialTokens} false: the stages read the output as the model wrote it, reasoning included (the
     * ibm-reference mode; {@link #separatingReasoning} takes the reasoning out all the same).
     */
    public ParserChain(String name, List<ParseStage> stages, boolean stripsSpecialTokens) {
        this(name, stages, stripsSpecialTokens, stripsSpecialTokens, false);
    }

    private ParserChain(String name, List<ParseStage> stages, boolean stripsSpecialTokens, boolean separatesReasoning, boolean promptOpensThinking) {
        this.name = name;
        this.stages = List.copyOf(stages);
        this.stripsSpecialTokens = stripsSpecialTokens;
        this.separatesReasoning = separatesReasoning;
        this.promptOpensThinking = promptOpensThinking;
    }

    /**
     * This chain taking the reasoning out before its stages read the output (special tokens stay as they are in a
     * chain that keeps them); {@code promptOpensThinking}: the prompt ended inside thinking, so an output that closes
     * none is reasoning up to its first call block ({@link ReasoningSeparator#split(String, boolean)}).
     */
    public ParserChain separatingReasoning(boolean promptOpensThinking) {
        return new ParserChain(name, stages, stripsSpecialTokens, true, promptOpensThinking);
    }

    /** True when reasoning is taken out before the stages read the output. */
    public boolean separatesReasoning() {
        return separatesReasoning;
    }

    public String name() {
        return name;
    }

    public List<String> stageNames() {
        return stages.stream().map(ParseStage::name).toList();
    }

    public ParsedOutput parse(String rawOutput) {
        return parse(rawOutput, null);
    }

    /**
     * Parses a raw output after taking its reasoning out ({@link ReasoningSeparator}): reasoning is never read as calls
     * (except by a chain that reads the output as written, the ibm-reference mode, which follows the reference scorer
     * unless the profile's family is a reasoning family: {@link ParserChains#forProfile(List, String, boolean)}).
     * {@code separateReasoning} is reasoning the server returned apart from the output ({@code reasoning_content}),
     * null when none: with an empty output it makes the answer {@link ParseStatus#REASONING_ONLY}.
     */
    public ParsedOutput parse(String rawOutput, String separateReasoning) {
        boolean reasoned = separateReasoning != null && !separateReasoning.isBlank();
        if (rawOutput == null || rawOutput.isBlank()) {
            return reasoned ? ParsedOutput.reasoningOnly("the server returned reasoning (" + separateReasoning.strip().length()
                    + " characters) and no answer") : ParsedOutput.unparseable("empty output");
        }
        String text = stripsSpecialTokens ? stripSpecialTokens(rawOutput) : rawOutput;
        if (separatesReasoning) { // the ibm-reference mode reads reasoning as written unless the family reasons (ParserChains)
            ReasoningSplit split = ReasoningSeparator.split(text, promptOpensThinking);
            if (split.reasoningOnly()) {
                return ParsedOutput.reasoningOnly(split.cutInReasoning()
                        ? "the output ended inside its reasoning (" + split.reasoning().length() + " characters), before any answer"
                        : "the output holds reasoning (" + split.reasoning().length() + " characters) and no answer after it");
            }
            text = split.answer();
            if (text.isBlank()) {
                return ParsedOutput.unparseable("empty output");
            }
        }
        ParsedOutput firstFormatProblem = null;
        for (ParseStage stage : stages) {
            Optional<Object> value;
            try {
                value = stage.extract(text);
            } catch (RuntimeException e) {
                value = Optional.empty();
            }
            if (value.isEmpty()) {
                continue;
            }
            CallNormalizer.Result result = CallNormalizer.normalize(value.get());
            if (result.problem() == null) {
                return ParsedOutput.parsed(result.calls(), stage.name());
            }
            if (firstFormatProblem == null) {
                firstFormatProblem = ParsedOutput.wrongFormat(result.calls(), stage.name(), result.problem(), result.malformedItems());
            }
        }
        return firstFormatProblem != null
                ? firstFormatProblem
                : ParsedOutput.unparseable("no stage of chain '" + name + "' (" + String.join(", ", stageNames()) + ") found calls");
    }

    private static String stripSpecialTokens(String text) {
        return text.replace("<|endoftext|>", "").replace("<|eot_id|>", "").replace("<|im_end|>", "")
                .replace("<|python_tag|>", "").replace("<|eom_id|>", "").replace("[TOOL_CALLS]", "").replace("<|tool_call|>", "").strip();
    }
}
