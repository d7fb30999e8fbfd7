package dev.ibench.workers.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Checks one {@code ibench ...} command line written in the docs against the CLI's picocli model: every word that
 * names a subcommand must be one, and every {@code --option} must exist on the command it is given to. Values and
 * positional arguments are not checked, so placeholders (FILE, DIR, ID, {@code <...>}) and examples pass.
 * Alternatives written {@code a \| b} in a table (e.g. {@code campaign start FILE \| status ID}) are each checked
 * as a subcommand of the same parent.
 */
final class DocCommandChecker {
    private static final Set<String> SHELL_STOPS = Set.of("|", ">", ">>", "2>&1", "&&", "||", ";", "&", "<", "#", "...", "…");
    private static final Pattern ALTERNATIVE = Pattern.compile("\\s+\\\\?\\|\\s+");

    private final CommandLine root;

    DocCommandChecker(CommandLine root) {
        this.root = root;
    }

    /** The problems of one command line (the words after {@code ibench}); empty when it matches the CLI. */
    List<String> problems(String commandLine) {
        List<String> problems = new ArrayList<>();
        String[] alternatives = ALTERNATIVE.split(commandLine.trim());
        CommandLine parent = check(words(alternatives[0]), root, problems);
        for (int i = 1; i < alternatives.length; i++) {
            List<String> words = words(alternatives[i]);
            if (words.isEmpty() || parent == null) continue;
            if (parent.getSubcommands().containsKey(words.get(0))) {
                check(words, parent, problems);
            }
            // otherwise a shell pipe (`| jq ...`) or an alternative value: nothing to check
        }
        return problems;
    }

    /** Walks the words from {@code start}; returns the parent of the deepest command reached (for alternatives). */
    private CommandLine check(List<String> words, CommandLine start, List<String> problems) {
        CommandLine current = start;
        CommandLine parent = start;
        boolean positionalSeen = false;
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            if (SHELL_STOPS.contains(word) || word.startsWith("#") || word.startsWith(">") || word.startsWith("2>")) break;
            if (word.startsWith("-") && word.length() > 1 && !word.equals("--")) {
                String name = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
                OptionSpec option = current.getCommandSpec().findOption(name);
                if (option == null) {
                    problems.add("`" + qualified(current) + "` has no option " + name);
                    continue;
                }
                boolean takesValue = option.arity().max() > 0 && !word.contains("=");
                if (takesValue && i + 1 < words.size() && !words.get(i + 1).startsWith("-")) i++;
                continue;
            }
            if (!positionalSeen && current.getSubcommands().containsKey(word)) {
                parent = current;
                current = current.getSubcommands().get(word);
                continue;
            }
            if (!positionalSeen && !current.getSubcommands().isEmpty() && current.getCommandSpec().positionalParameters().isEmpty()
                    && !placeholder(word)) {
                problems.add("`" + qualified(current) + "` has no subcommand " + word + " (it has " + current.getSubcommands().keySet() + ")");
                return null;
            }
            positionalSeen = true;
        }
        return parent;
    }

    private static String qualified(CommandLine c) {
        CommandSpec spec = c.getCommandSpec();
        return spec.qualifiedName();
    }

    /** FILE, DIR, ID, N, {@code <name>}, {@code [..]}: a stand-in for what the reader types. */
    static boolean placeholder(String word) {
        String w = word.replaceAll("[\\[\\](),.]", "");
        return w.isEmpty() || w.contains("<") || w.contains("{") || w.contains("$") || w.contains("*")
                || w.equals(w.toUpperCase(Locale.ROOT)) && w.chars().anyMatch(Character::isLetter);
    }

    /** Splits on blanks and drops the brackets of optional parts ({@code [--json]}). */
    private static List<String> words(String text) {
        List<String> out = new ArrayList<>();
        for (String w : text.trim().split("\\s+")) {
            if (w.isEmpty()) continue;
            String clean = w;
            while (clean.startsWith("[") || clean.startsWith("(")) clean = clean.substring(1);
            while (clean.endsWith("]") || clean.endsWith(")") || clean.endsWith(",")) clean = clean.substring(0, clean.length() - 1);
            if (!clean.isEmpty()) out.add(clean);
        }
        return out;
    }
}
