package dev.ibench.core.react;

import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.ChatToolCall;
import dev.ibench.core.prompt.NativeToolSpecs;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.sample.EvalSample;
import java.util.ArrayList;
import java.util.List;

/**
 * The conversation a native ReACT agent ({@code react: {agent: native}}) reads at its next step: a system message with
 * {@link #INSTRUCTIONS}, the question as the user's message (followed by the step 0 note when there is one), then per
 * earlier step the model's turn as an assistant message with its tool calls as it made them, and one {@code tool}
 * message per call with its observation (cut to the observation size, as in the text loop); a turn that could not be
 * read is followed by a user message saying so. The sample's tools travel natively (OpenAI function format).
 */
public final class NativeReactConversation {
    /** The system message: what the agent is asked, without the text loop's format. */
    public static final String INSTRUCTIONS = "Answer the user's question using the tools. Call tools as needed; each call's "
            + "result comes back to you. When you know the answer, reply with the answer alone, without calling a tool.";

    private NativeReactConversation() {}

    public static RenderedPrompt forNextStep(EvalSample sample, String initialObservation, List<ReactStep> previous,
                                             ReactSettings settings) {
        List<ChatMessage> messages = new ArrayList<>();
        messages.add(ChatMessage.system(INSTRUCTIONS));
        boolean note = initialObservation != null && !initialObservation.isBlank();
        messages.add(ChatMessage.user(sample.input() + (note ? "\n\n" + initialObservation : "")));
        for (ReactStep step : previous) {
            if (step.turn() instanceof ReactTurn.NativeCalls n) {
                List<ChatToolCall> calls = withIds(step.step(), n.calls());
                messages.add(ChatMessage.assistant(n.thought(), calls, null));
                List<String> observations = step.observations();
                for (int i = 0; i < calls.size(); i++) {
                    String observation = i < observations.size() ? observations.get(i) : "";
                    messages.add(ChatMessage.tool(calls.get(i).id(), ObservationTruncation.truncate(observation, settings.observationChars())));
                }
            } else if (step.turn() instanceof ReactTurn.Unparsable u) {
                messages.add(ChatMessage.assistant(step.turn().thought() == null ? "" : step.turn().thought()));
                messages.add(ChatMessage.user(invalidReply(u.problem())));
            } else if (step.turn() instanceof ReactTurn.FinalAnswer f) {
                messages.add(ChatMessage.assistant(f.answer()));
            }
        }
        return RenderedPrompt.chat(messages, NativeToolSpecs.openAi(sample.tools()));
    }

    /** What a turn that could not be read is answered with. */
    public static String invalidReply(String problem) {
        return "Invalid reply: " + problem + ". Call one of the tools, or reply with the answer.";
    }

    /** The observation of a native call whose arguments are not a JSON object: not run, the model's format error. */
    public static String argumentsNotAnObject(ChatToolCall call) {
        return "Error: the arguments of " + call.name() + " are not a JSON object: " + call.arguments();
    }

    /** The calls with an id each: the model's own, or {@code call_<step>_<n>} for a call that came without one. */
    public static List<ChatToolCall> withIds(int step, List<ChatToolCall> calls) {
        List<ChatToolCall> out = new ArrayList<>();
        for (int i = 0; i < calls.size(); i++) {
            ChatToolCall c = calls.get(i);
            out.add(c.id() != null && !c.id().isEmpty() ? c : new ChatToolCall("call_" + step + "_" + (i + 1), c.name(), c.arguments()));
        }
        return out;
    }
}
