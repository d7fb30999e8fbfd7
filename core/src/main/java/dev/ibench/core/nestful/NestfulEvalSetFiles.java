package dev.ibench.core.nestful;

import java.nio.file.Path;

/**
 * Where a NESTful eval set's files are: {@code <name>-nestful.json} (written by {@code ibench import nestful}) and,
 * next to it, {@code <name>-nestful-functions/}, the Python functions its calls execute against (win rate).
 */
public final class NestfulEvalSetFiles {
    public static final String SUFFIX = "-nestful.json";

    private NestfulEvalSetFiles() {}

    public static boolean isNestfulEvalSet(Path evalSet) {
        return evalSet.getFileName().toString().endsWith(SUFFIX);
    }

    public static Path evalSet(Path outDir, String name) {
        return outDir.resolve(name + SUFFIX);
    }

    public static Path functionsFolder(Path evalSet) {
        String name = evalSet.getFileName().toString();
        return evalSet.resolveSibling(name.substring(0, name.length() - ".json".length()) + "-functions");
    }
}
