package dev.ibench.workers.mcp;

import dev.ibench.core.score.EvalSetFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Which eval-set file {@code serve-tools DIR --mcp} serves: DIR itself if a file, {@code --eval-set}, or DIR's only eval
 * set, told from the folder's other files ({@code coverage.json}, {@code artifacts.json}, ...) by content ({@link EvalSetFiles}).
 */
public final class McpEvalSetChoice {
    private McpEvalSetChoice() {}

    /** @throws IllegalArgumentException naming the folder and the eval sets to choose from */
    public static Path resolve(Path dir, String evalSet) {
        if (Files.isRegularFile(dir) && evalSet == null) {
            return dir;
        }
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(dir + ": no such folder or eval-set file");
        }
        List<Path> candidates = evalSets(dir);
        if (evalSet != null) {
            Path file = dir.resolve(evalSet);
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("--eval-set: " + file + " not found; eval sets in " + dir + ": " + names(candidates));
            }
            return file;
        }
        if (candidates.size() != 1) {
            throw new IllegalArgumentException(dir + " holds " + candidates.size() + " eval sets; choose one with --eval-set: " + names(candidates));
        }
        return candidates.get(0);
    }

    private static List<Path> evalSets(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(Files::isRegularFile)
                    .filter(EvalSetFiles::isEvalSet)
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String names(List<Path> files) {
        return files.isEmpty() ? "(none)" : String.join(", ", files.stream().map(p -> p.getFileName().toString()).toList());
    }
}
