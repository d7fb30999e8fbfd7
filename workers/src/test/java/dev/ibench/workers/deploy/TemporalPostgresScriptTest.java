package dev.ibench.workers.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.workflows.visibility.IbenchSearchAttributes;
import io.temporal.api.enums.v1.IndexedValueType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** deploy/local/temporal-postgres.sh registers exactly the search attributes the workflows use, with their types. */
class TemporalPostgresScriptTest {
    @Test
    void theScriptRegistersEverySearchAttributeOfTheWorkflowsWithItsType() throws Exception {
        String script = Files.readString(DeployFiles.root().resolve("deploy/local/temporal-postgres.sh"));
        Matcher line = Pattern.compile("(?m)^IBENCH_SEARCH_ATTRIBUTES=\"([^\"]*)\"").matcher(script);
        assertThat(line.find()).as("IBENCH_SEARCH_ATTRIBUTES line in temporal-postgres.sh").isTrue();
        List<String> expected = IbenchSearchAttributes.ALL.stream()
                .map(key -> key.getName() + "=" + typeName(key.getValueType()))
                .toList();
        assertThat(List.of(line.group(1).trim().split("\\s+"))).containsExactlyInAnyOrderElementsOf(expected);
    }

    /** The temporal CLI's type names, for the types the workflows use. */
    private static String typeName(IndexedValueType type) {
        return switch (type) {
            case INDEXED_VALUE_TYPE_KEYWORD -> "Keyword";
            case INDEXED_VALUE_TYPE_DOUBLE -> "Double";
            case INDEXED_VALUE_TYPE_INT -> "Int";
            case INDEXED_VALUE_TYPE_TEXT -> "Text";
            default -> throw new AssertionError("add the CLI name of " + type);
        };
    }
}
