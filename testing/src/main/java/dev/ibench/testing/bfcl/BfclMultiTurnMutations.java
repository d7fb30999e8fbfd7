package dev.ibench.testing.bfcl;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Seeded mutations of a BFCL multi-turn ground truth, as a model's decoded calls (per turn, per step): a call dropped,
 * an argument changed (a string literal extended, a number incremented, a boolean flipped), two turns' calls swapped,
 * a call repeated, a turn left without calls, a call moved to the next turn, the last turn missing, the calls of a turn
 * reversed. Each mutation applies to a copy; a kind that does not apply to an entry (one turn, no literal) is skipped.
 */
public final class BfclMultiTurnMutations {
    /** One mutated conversation: what was changed and the decoded calls per turn per step. */
    public record Mutation(String kind, List<List<List<String>>> turns) {}

    private static final Pattern LITERAL = Pattern.compile("'(?:[^'\\\\]++|\\\\.)*+'|\"(?:[^\"\\\\]++|\\\\.)*+\"|(?<![\\w.])-?\\d+(?:\\.\\d+)?(?![\\w.])|\\bTrue\\b|\\bFalse\\b");
    static final List<String> KINDS = List.of("drop_call", "change_argument", "swap_turns", "repeat_call", "empty_turn", "call_late",
            "missing_turn", "reverse_turn");

    private final Random random;

    public BfclMultiTurnMutations(long seed) {
        this.random = new Random(seed);
    }

    /** The ground truth as a model that makes each turn's calls in one step. */
    public static List<List<List<String>>> oneStepPerTurn(List<List<String>> groundTruth) {
        return groundTruth.stream().map(t -> t.isEmpty() ? List.<List<String>>of() : List.of(List.copyOf(t))).toList();
    }

    /** The ground truth as a model that makes one call per step. */
    public static List<List<List<String>>> oneCallPerStep(List<List<String>> groundTruth) {
        return groundTruth.stream().map(t -> t.stream().map(List::of).toList()).toList();
    }

    /** {@code count} mutations of different kinds (kinds drawn without repetition, skipping those that do not apply). */
    public List<Mutation> of(List<List<String>> groundTruth, int count) {
        List<String> kinds = new ArrayList<>(KINDS);
        java.util.Collections.shuffle(kinds, random);
        List<Mutation> out = new ArrayList<>();
        for (String kind : kinds) {
            if (out.size() == count) {
                break;
            }
            List<List<String>> turns = copy(groundTruth);
            if (apply(kind, turns)) {
                out.add(new Mutation(kind, oneStepPerTurn(turns)));
            }
        }
        return out;
    }

    private boolean apply(String kind, List<List<String>> turns) {
        List<Integer> withCalls = new ArrayList<>();
        for (int i = 0; i < turns.size(); i++) {
            if (!turns.get(i).isEmpty()) {
                withCalls.add(i);
            }
        }
        if (withCalls.isEmpty()) {
            return false;
        }
        int t = withCalls.get(random.nextInt(withCalls.size()));
        List<String> turn = turns.get(t);
        int c = random.nextInt(turn.size());
        switch (kind) {
            case "drop_call" -> turn.remove(c);
            case "change_argument" -> {
                String changed = changeArgument(turn.get(c));
                if (changed == null) {
                    return false;
                }
                turn.set(c, changed);
            }
            case "swap_turns" -> {
                if (withCalls.size() < 2) {
                    return false;
                }
                int other = withCalls.get(random.nextInt(withCalls.size()));
                if (other == t) {
                    other = withCalls.get((withCalls.indexOf(t) + 1) % withCalls.size());
                }
                turns.set(t, turns.get(other));
                turns.set(other, turn);
            }
            case "repeat_call" -> turn.add(c + 1, turn.get(c));
            case "empty_turn" -> turn.clear();
            case "call_late" -> {
                if (t + 1 >= turns.size()) {
                    return false;
                }
                turns.get(t + 1).add(0, turn.remove(c));
            }
            case "missing_turn" -> turns.remove(turns.size() - 1);
            case "reverse_turn" -> {
                if (turn.size() < 2) {
                    return false;
                }
                java.util.Collections.reverse(turn);
            }
            default -> throw new IllegalArgumentException(kind);
        }
        return true;
    }

    private String changeArgument(String call) {
        int open = call.indexOf('(');
        if (open < 0) {
            return null;
        }
        List<int[]> spans = new ArrayList<>();
        Matcher m = LITERAL.matcher(call);
        m.region(open, call.length());
        while (m.find()) {
            spans.add(new int[] {m.start(), m.end()});
        }
        if (spans.isEmpty()) {
            return null;
        }
        int[] span = spans.get(random.nextInt(spans.size()));
        String literal = call.substring(span[0], span[1]);
        String replaced;
        if (literal.equals("True") || literal.equals("False")) {
            replaced = literal.equals("True") ? "False" : "True";
        } else if (literal.startsWith("'") || literal.startsWith("\"")) {
            replaced = literal.substring(0, literal.length() - 1) + "_x" + literal.charAt(literal.length() - 1);
        } else if (literal.contains(".")) {
            replaced = Double.toString(Double.parseDouble(literal) + 1.5);
        } else {
            replaced = Long.toString(Long.parseLong(literal) + 1);
        }
        return call.substring(0, span[0]) + replaced + call.substring(span[1]);
    }

    private static List<List<String>> copy(List<List<String>> turns) {
        List<List<String>> out = new ArrayList<>();
        turns.forEach(t -> out.add(new ArrayList<>(t)));
        return out;
    }
}
