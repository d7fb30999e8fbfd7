package dev.ibench.workers.cli;

/** Answer of a command of the CLI contract whose feature has not been built yet: says so and exits 2. */
final class NotBuiltYet {
    static final int EXIT_CODE = 2;

    private NotBuiltYet() {}

    static int report(String command, String issue) {
        System.err.println("ibench " + command + ": not built yet (tracked in issue " + issue + ").");
        return EXIT_CODE;
    }
}
