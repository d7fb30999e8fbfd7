package dev.ibench.core.compile;

import dev.ibench.core.runtime.InitializationStep;
import dev.ibench.core.sample.KeyDescription;
import dev.ibench.core.sample.ToolCall;
import java.util.List;

/** A query compiled to a SLOT sequence: the hidden join step, the calls, and the keys of the starting table. */
public record CompiledQuery(InitializationStep initialization, List<ToolCall> calls, List<KeyDescription> keys) {
    public CompiledQuery {
        calls = List.copyOf(calls);
        keys = List.copyOf(keys);
    }
}
