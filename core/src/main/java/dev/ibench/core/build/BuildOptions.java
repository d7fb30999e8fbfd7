package dev.ibench.core.build;

import dev.ibench.core.tools.BuildMode;
import dev.ibench.core.tools.ToolStyle;
import java.nio.file.Path;
import java.util.List;

/**
 * What to build: a source ({@code bird} or {@code spider}) folder, databases (empty = all under the root),
 * styles, mode, output folder, and the data root that {@code database_path} is written relative to.
 */
public record BuildOptions(String source, Path root, List<String> dbIds, List<ToolStyle> styles, BuildMode mode, Path out, Path dataRoot) {
    public BuildOptions {
        dbIds = List.copyOf(dbIds);
        styles = List.copyOf(styles);
    }
}
