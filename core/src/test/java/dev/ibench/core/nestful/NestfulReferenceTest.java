package dev.ibench.core.nestful;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NestfulReferenceTest {
    @Test
    void everySpellingOfTheDataIsAReference() {
        assertThat(NestfulReference.parse("$var_1.result$")).contains(new NestfulReference("var_1", "result"));
        assertThat(NestfulReference.parse("$var1.output_0$")).contains(new NestfulReference("var1", "output_0"));
        assertThat(NestfulReference.parse("$var_2.result")).contains(new NestfulReference("var_2", "result"));
        assertThat(NestfulReference.parse("$var3$")).contains(new NestfulReference("var3", null));
    }

    @Test
    void ordinaryValuesAndSlotLabelsAreNot() {
        assertThat(NestfulReference.parse("$FILTERED_DF$")).isEmpty();
        assertThat(NestfulReference.parse("costs $var_1.result$ dollars")).isEmpty();
        assertThat(NestfulReference.parse(12)).isEmpty();
        assertThat(NestfulReference.parse("var_1.result")).isEmpty();
    }

    @Test
    void labelsLoseTheirDollarSigns() {
        assertThat(NestfulReference.normalizeLabel("$var_1")).isEqualTo("var_1");
        assertThat(NestfulReference.normalizeLabel("$var1$")).isEqualTo("var1");
    }
}
