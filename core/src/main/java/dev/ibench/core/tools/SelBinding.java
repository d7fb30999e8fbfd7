package dev.ibench.core.tools;

import java.util.List;
import java.util.Map;

/**
 * How a SLOT tool becomes SEL tools: one SEL tool per value of {@code param} (a fixed list or the key names),
 * named {@code namePattern} with {@code {value}} replaced; {@code dropped} parameters disappear and take
 * their default; {@code nestedInto} names an object parameter whose members become top-level SEL parameters
 * ({@code perValueParams}, e.g. {@code transform_data_to_substring(start_index, end_index)}).
 */
public record SelBinding(
        String param,
        String namePattern,
        Map<String, String> valueNames,
        Map<String, Object> dropped,
        String nestedInto,
        Map<String, List<ParamDeclaration>> perValueParams,
        Map<String, String> valueDescriptions) {

    public SelBinding {
        valueNames = valueNames == null ? Map.of() : Map.copyOf(valueNames);
        dropped = dropped == null ? Map.of() : Map.copyOf(dropped);
        perValueParams = perValueParams == null ? Map.of() : Map.copyOf(perValueParams);
        valueDescriptions = valueDescriptions == null ? Map.of() : Map.copyOf(valueDescriptions);
    }

    /** The SEL tool name for one value of the bound parameter. */
    public String toolName(String value) {
        return namePattern.replace("{value}", valueNames.getOrDefault(value, value));
    }
}
