package dev.ibench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The soak's multi-turn answers depend on the conversation only, so a round with another campaign seed scores as the reference. */
class ChaosEndpointTest {
    @Test
    void aTradingBotStepDependsOnTheMessagesNotOnTheSeed() {
        String messages = "[{\"role\":\"system\",\"content\":\"functions: get_current_time, get_symbol_by_name\"},{\"role\":\"user\",\"content\":\"Buy Apple\"}]";
        String seed1 = "{\"model\":\"m\",\"messages\":" + messages + ",\"seed\":1}";
        String seed2 = "{\"seed\":2,\"model\":\"m\",\"messages\":" + messages + "}";
        assertThat(ChaosEndpoint.tradingBotStep(seed1)).isEqualTo(ChaosEndpoint.tradingBotStep(seed2))
                .isIn("[get_current_time()]", "[get_symbol_by_name(name='Apple')]", "That is all for this request.");
        // the conversation so far decides: over 30 different conversations, each of the three answers comes up
        assertThat(java.util.stream.IntStream.range(0, 30).mapToObj(i -> ChaosEndpoint.tradingBotStep(
                "{\"messages\":[{\"role\":\"user\",\"content\":\"get_current_time turn " + i + "\"}]}")).distinct().count()).isEqualTo(3);
    }
}
