package dev.ibench.core.parse;

import java.util.List;
import java.util.Optional;

/**
 * The reference's REST parser for Mixtral models ({@code parse_mixtral_output_rest}): the prepared output
 * ({@link ReferenceRestText}, wrapped in brackets) read as one JSON list; when that fails the prediction is empty
 * without a parsing error.
 */
public final class ReferenceRestJsonListStage implements ParseStage {
    @Override
    public String name() {
        return "ibm_reference_rest_mixtral";
    }

    @Override
    public Optional<Object> extract(String text) {
        Optional<Object> value = ReferenceJsonReader.loads(ReferenceRestText.prepared(text, true));
        return ReferenceCallDecisions.decide(value.orElse(List.of()) instanceof List<?> list ? new java.util.ArrayList<Object>(list) : List.of(), false);
    }
}
