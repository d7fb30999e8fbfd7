package dev.ibench.activities.durability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DurabilityCheckRequestTest {

    @Test
    void expectedValueIsTheSumOfSquares() {
        long bruteForce = 0;
        for (int i = 1; i <= 40; i++) {
            bruteForce += (long) i * i;
        }
        assertThat(new DurabilityCheckRequest("c", 40, 0).expectedValue()).isEqualTo(bruteForce).isEqualTo(22140L);
    }

    @Test
    void rejectsBadInputNamingTheField() {
        assertThatThrownBy(() -> new DurabilityCheckRequest(" ", 3, 1)).hasMessageContaining("campaignId");
        assertThatThrownBy(() -> new DurabilityCheckRequest("c", 0, 1)).hasMessageContaining("steps");
        assertThatThrownBy(() -> new DurabilityCheckRequest("c", 3, -1)).hasMessageContaining("stepMillis");
    }
}
