package dev.ibench.core.rest;

import java.util.List;
import java.util.Optional;

/**
 * Finds a published endpoint that is a near-duplicate of a candidate (e.g. {@code get_employees} vs
 * {@code get_all_employees}): different SQL, but names and descriptions so similar that a model could not tell
 * them apart. The embedding-based implementation lives with the other side effects (activities); core ships
 * {@link #NONE}.
 */
public interface NearDuplicateDetector {
    /** The near-duplicate's name and the similarity that made it one, if any. */
    Optional<Match> nearDuplicate(EndpointSpec candidate, List<EndpointSpec> published);

    record Match(String endpoint, double similarity) {}

    NearDuplicateDetector NONE = (candidate, published) -> Optional.empty();
}
