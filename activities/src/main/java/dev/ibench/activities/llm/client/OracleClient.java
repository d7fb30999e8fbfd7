package dev.ibench.activities.llm.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.core.json.Json;
import dev.ibench.core.sample.EvalSample;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * TEST TOOL, not a model: answers each request with the gold call sequence of its sample, as the JSON
 * list the SLOT/SEL prompts ask for. A run with it must score perfectly; anything less is a harness bug.
 */
public final class OracleClient implements ModelClient {
    private final Map<String, EvalSample> samples;

    public OracleClient(Collection<EvalSample> samples) {
        this.samples = samples.stream().collect(Collectors.toMap(EvalSample::sampleId, Function.identity(), (a, b) -> a));
    }

    @Override
    public String endpoint() {
        return "oracle";
    }

    @Override
    public boolean cacheable() {
        return false;
    }

    @Override
    public ModelResponse complete(ModelRequest request) {
        EvalSample sample = samples.get(request.sampleId());
        if (sample == null) {
            throw ModelCallException.of(ErrorKind.BAD_REQUEST, endpoint(), "the oracle has no gold sequence for sample '" + request.sampleId()
                    + "' (it knows " + samples.size() + " samples)");
        }
        try {
            return new ModelResponse(Json.MAPPER.writeValueAsString(sample.output()), List.of(), "stop", 0, 0, 0);
        } catch (JsonProcessingException e) {
            throw ModelCallException.of(ErrorKind.BAD_REQUEST, endpoint(), "cannot write gold sequence of sample " + request.sampleId());
        }
    }
}
