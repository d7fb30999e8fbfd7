package dev.ibench.workers.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine;

/**
 * Test helper: several {@code ibench} commands in one JVM, as {@link IbenchCli#main} runs one (the process prepared by
 * {@link IbenchCli#prepareProcess}, then the picocli command), so a test pays one JVM start for them. Commands are separated by {@code --and};
 * prints {@code exit=<code> <command>} for each and exits with the largest code.
 */
final class CommandSequence {
    static final String AND = "--and";

    private CommandSequence() {}

    public static void main(String[] args) {
        List<List<String>> commands = new ArrayList<>();
        commands.add(new ArrayList<>());
        for (String a : args) {
            if (a.equals(AND)) {
                commands.add(new ArrayList<>());
            } else {
                commands.get(commands.size() - 1).add(a);
            }
        }
        IbenchCli.prepareProcess(commands.get(0).toArray(String[]::new));
        int worst = 0;
        for (List<String> command : commands) {
            int exit = new CommandLine(new IbenchCli()).execute(command.toArray(String[]::new));
            System.out.println("exit=" + exit + " " + String.join(" ", command));
            worst = Math.max(worst, exit);
        }
        System.out.flush();
        System.exit(worst);
    }

    static List<String> of(List<List<String>> commands) {
        List<String> args = new ArrayList<>();
        for (List<String> c : commands) {
            if (!args.isEmpty()) {
                args.add(AND);
            }
            args.addAll(c);
        }
        return args;
    }

    static List<String> command(String... words) {
        return Arrays.asList(words);
    }
}
