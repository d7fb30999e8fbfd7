package dev.ibench.workers.campaign;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibench.core.campaign.CampaignSpec;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** {@code campaign resume --budget}: a raise that could never take effect is refused before anything is written. */
class BudgetRaiseTest {
    private static final ModelProfile ORACLE = ProfileCatalog.load(null).resolve("oracle"); // a profile without prices
    private static final Function<String, Optional<ModelProfile>> PROFILES = name -> Optional.of(ORACLE);

    private static CampaignSpec spec() throws Exception {
        return Json.MAPPER.readValue("""
                {"name": "raise", "models": [
                  {"name": "priced", "profile": "oracle", "price_per_million_input": 1.0, "price_per_million_output": 2.0},
                  {"name": "unpriced", "profile": "oracle"}],
                 "benchmarks": [{"name": "b", "eval_set": "x.json"}]}""", CampaignSpec.class);
    }

    @Test
    void usdOnAModelWithoutPricesIsRefusedNamingIt() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BudgetRaise.check(spec(), "unpriced", 5.0, PROFILES));
        assertTrue(e.getMessage().contains("model unpriced has no prices"), e.getMessage());
        assertTrue(e.getMessage().contains("tokens=N"), e.getMessage());
    }

    @Test
    void tokensOnAModelWithoutPricesAndUsdOnAPricedModelAreAccepted() throws Exception {
        assertDoesNotThrow(() -> BudgetRaise.check(spec(), "unpriced", null, PROFILES));
        assertDoesNotThrow(() -> BudgetRaise.check(spec(), "priced", 5.0, PROFILES));
    }

    @Test
    void campaignUsdWhileAModelHasNoPricesIsRefused() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BudgetRaise.check(spec(), null, 5.0, PROFILES));
        assertTrue(e.getMessage().contains("unpriced"), e.getMessage());
        assertDoesNotThrow(() -> BudgetRaise.check(spec(), null, null, PROFILES));
    }

    @Test
    void aModelTheCampaignDoesNotRunIsRefusedListingItsModels() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BudgetRaise.check(spec(), "gpt-9", null, PROFILES));
        assertTrue(e.getMessage().contains("no model 'gpt-9'") && e.getMessage().contains("priced, unpriced"), e.getMessage());
    }
}
