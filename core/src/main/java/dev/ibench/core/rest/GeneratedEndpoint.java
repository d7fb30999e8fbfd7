package dev.ibench.core.rest;

import java.util.LinkedHashMap;
import java.util.Map;

/** A proposed endpoint for one question together with the arguments that reproduce that question (its own literals). */
public record GeneratedEndpoint(EndpointSpec spec, Map<String, Object> arguments) {
    public GeneratedEndpoint {
        arguments = new LinkedHashMap<>(arguments);
    }
}
