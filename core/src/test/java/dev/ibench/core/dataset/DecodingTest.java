package dev.ibench.core.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class DecodingTest {
    @Test
    void decodesUtf8WithBomAndFallsBackToWindows1252() {
        byte[] bom = "\uFEFFcaf\u00e9".getBytes(StandardCharsets.UTF_8);
        assertThat(TextDecoder.decode(bom)).isEqualTo(new TextDecoder.Decoded("caf\u00e9", "UTF-8"));
        byte[] cp = "caf\u00e9 \u2013 x".getBytes(Charset.forName("windows-1252"));
        assertThat(TextDecoder.decode(cp)).isEqualTo(new TextDecoder.Decoded("caf\u00e9 \u2013 x", "windows-1252"));
        assertThat(TextDecoder.strictUtf8(cp)).isNull();
    }

    @Test
    void csvHandlesQuotesAndRejectsUnbalancedOnes() throws Exception {
        assertThat(CsvReader.parse("a,b\n\"x, y\",\"he said \"\"hi\"\"\nnext line\"\n"))
                .containsExactly(java.util.List.of("a", "b"), java.util.List.of("x, y", "he said \"hi\"\nnext line"));
        assertThatThrownBy(() -> CsvReader.parse("a,b\n\"broken,1\n")).isInstanceOf(CsvReader.MalformedCsvException.class);
    }
}
