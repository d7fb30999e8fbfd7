package dev.ibench.core.bfcl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InvolvedClassesSelectionTest {
    private static BfclMultiTurnEntry entry(String id, String... classes) {
        return new BfclMultiTurnEntry(id, "multi_turn_base", List.of(List.of()), List.of(classes), Map.of(), Map.of(), List.of(List.of()));
    }

    @Test
    void keepsTheEntriesWithExactlyTheseClassesInAnyOrder() {
        List<BfclMultiTurnEntry> entries = List.of(entry("a", "TradingBot"), entry("b", "MessageAPI", "TradingBot"),
                entry("c", "TradingBot", "MessageAPI"), entry("d", "VehicleControlAPI"), entry("e"));
        assertThat(InvolvedClassesSelection.parse("TradingBot").select(entries)).extracting(BfclMultiTurnEntry::id).containsExactly("a");
        assertThat(InvolvedClassesSelection.parse(" MessageAPI , TradingBot").select(entries)).extracting(BfclMultiTurnEntry::id)
                .containsExactly("b", "c");
        assertThat(InvolvedClassesSelection.parse("TradingBot,TradingBot").select(entries)).extracting(BfclMultiTurnEntry::id)
                .containsExactly("a");
        assertThat(InvolvedClassesSelection.parse("TradingBot,MessageAPI")).hasToString("MessageAPI,TradingBot");
    }

    @Test
    void refusesUnknownAndEmptyNamesNamingThem() {
        assertThatThrownBy(() -> InvolvedClassesSelection.parse("TradingBot,tradingbot")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--involved-classes: unknown class 'tradingbot' (known: GorillaFileSystem, MathAPI, MessageAPI,");
        assertThatThrownBy(() -> InvolvedClassesSelection.parse("TradingBot,")).hasMessage("--involved-classes 'TradingBot,': an empty class name");
        assertThatThrownBy(() -> InvolvedClassesSelection.parse(" ")).hasMessageStartingWith("--involved-classes: give at least one class");
    }
}
