package dev.ibench.bench;

import dev.ibench.activities.rest.EmbeddingNearDuplicateDetector;
import dev.ibench.core.json.Json;
import dev.ibench.core.rest.*;
import java.nio.file.*;
import java.util.*;
/**
 * Near-duplicate scan of published REST endpoints (docs/rest-benchmarks.md): for each {@code *-rest-endpoints.json}
 * under the given folders, lists the endpoints the embedding detector flags at the threshold.
 * Usage: {@code NearDupScan THRESHOLD DIR...}
 */
public class NearDupScan {
    public static void main(String[] a) throws Exception {
        EmbeddingNearDuplicateDetector d = new EmbeddingNearDuplicateDetector(Double.parseDouble(a[0]));
        int total = 0, flagged = 0;
        for (int i = 1; i < a.length; i++) {
            try (var ds = Files.newDirectoryStream(Path.of(a[i]), "*-rest-endpoints.json")) {
                for (Path f : ds) {
                    RestPublication p = Json.MAPPER.readValue(f.toFile(), RestPublication.class);
                    List<EndpointSpec> kept = new ArrayList<>();
                    for (EndpointSpec e : p.endpoints()) {
                        total++;
                        var m = d.nearDuplicate(e, kept);
                        if (m.isPresent()) { flagged++; System.out.printf("%.3f %s ~ %s%n", m.get().similarity(), e.name(), m.get().endpoint()); }
                        kept.add(e);
                    }
                }
            }
        }
        System.out.println("threshold " + a[0] + ": " + flagged + " of " + total + " endpoints flagged");
    }
}
