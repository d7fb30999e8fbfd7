package dev.ibench.workflows;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TaskQueuesTest {

    @Test
    void eachLlmEndpointGetsItsOwnQueue() {
        assertThat(TaskQueues.llm("vllm-a")).isEqualTo("ibench-llm-vllm-a");
        assertThat(TaskQueues.llm("vllm-a")).isNotEqualTo(TaskQueues.llm("ollama"));
    }

    @Test
    void rejectsEndpointIdsThatCannotBeQueueNames() {
        assertThatThrownBy(() -> TaskQueues.llm("a b")).hasMessageContaining("a b");
        assertThatThrownBy(() -> TaskQueues.llm("")).isInstanceOf(IllegalArgumentException.class);
    }
}
