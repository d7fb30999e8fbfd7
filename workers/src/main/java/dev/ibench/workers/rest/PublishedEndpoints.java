package dev.ibench.workers.rest;

import dev.ibench.core.json.Json;
import dev.ibench.core.rest.EndpointSpec;
import dev.ibench.core.rest.ReadOnlyStatementGuard;
import dev.ibench.core.rest.RestPublication;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Loads every {@code *-rest-endpoints.json} in a build folder. An endpoint whose SQL is not a single SELECT, whose
 * method is not GET, or whose path is already taken is refused with a message; the rest are served.
 */
public final class PublishedEndpoints {
    private final Map<String, ServedEndpoint> byPath = new LinkedHashMap<>();
    private final List<String> problems = new ArrayList<>();

    public static PublishedEndpoints load(Path dir, Path dataRootOverride) throws IOException {
        if (!Files.isDirectory(dir)) throw new IOException("not a folder: " + dir);
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(RestPublication.FILE_SUFFIX)).sorted().toList();
        }
        return load(files, dataRootOverride);
    }

    /** The endpoints of the given {@code *-rest-endpoints.json} files. */
    public static PublishedEndpoints load(List<Path> files, Path dataRootOverride) {
        PublishedEndpoints out = new PublishedEndpoints();
        for (Path f : files) {
            RestPublication pub;
            try {
                pub = Json.MAPPER.readValue(f.toFile(), RestPublication.class);
            } catch (IOException e) {
                out.problems.add(f.getFileName() + ": unreadable (" + e.getMessage().lines().findFirst().orElse("") + ")");
                continue;
            }
            Path db = pub.databaseFile(dataRootOverride);
            if (!Files.isRegularFile(db)) {
                out.problems.add(f.getFileName() + ": database not found at " + db + " (use --data-root)");
                continue;
            }
            for (EndpointSpec e : pub.endpoints()) out.add(f, pub, e, db);
        }
        return out;
    }

    private void add(Path file, RestPublication pub, EndpointSpec e, Path db) {
        if (!EndpointSpec.GET.equals(e.method())) {
            problems.add(file.getFileName() + ": " + e.name() + ": method " + e.method() + " is not served (GET only)");
            return;
        }
        try {
            ReadOnlyStatementGuard.check(e.sql());
        } catch (SQLException ex) {
            problems.add(file.getFileName() + ": " + e.name() + ": refused: " + ex.getMessage());
            return;
        }
        if (byPath.containsKey(e.path())) {
            problems.add(file.getFileName() + ": " + e.name() + ": path " + e.path() + " already served");
            return;
        }
        byPath.put(e.path(), new ServedEndpoint(pub.source(), pub.dbId(), e, db.toAbsolutePath().normalize()));
    }

    public ServedEndpoint at(String path) {
        return byPath.get(path);
    }

    public List<ServedEndpoint> all() {
        return List.copyOf(byPath.values());
    }

    public List<String> problems() {
        return List.copyOf(problems);
    }
}
