package dev.ibench.activities.campaign;

import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.core.sample.EvalSample;

/** An item of a batch ready to be sent: its sample, the runner, the rendered prompt (and its JSON to store), the request looked up in the cache. */
record ReadyItem(String sampleId, EvalSample sample, ModelRunner runner, ModelRunner.Prepared prepared, String promptJson,
                 ModelGateway.LookedUp looked) {}
