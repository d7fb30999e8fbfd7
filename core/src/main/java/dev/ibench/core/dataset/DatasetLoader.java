package dev.ibench.core.dataset;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** Loads a dataset folder. {@code dbIds} empty means every database under the root. */
public interface DatasetLoader {
    Dataset load(Path root, List<String> dbIds, Path dataRoot) throws IOException;

    static DatasetLoader forSource(String source) {
        return switch (source.toLowerCase(java.util.Locale.ROOT)) {
            case "bird" -> new BirdLoader();
            case "spider" -> new SpiderLoader();
            default -> throw new IllegalArgumentException("unknown source '" + source + "' (expected bird or spider)");
        };
    }

    /** The path stored in samples: relative to the data root when the file is under it, else absolute. */
    static String portablePath(Path file, Path dataRoot) {
        Path abs = file.toAbsolutePath().normalize();
        Path base = dataRoot.toAbsolutePath().normalize();
        if (abs.startsWith(base)) return base.relativize(abs).toString().replace('\\', '/');
        return abs.toString();
    }
}
