package dev.ibench.core.runtime;

import dev.ibench.core.tools.BuildMode;
import dev.ibench.core.tools.ParamDeclaration;
import dev.ibench.core.tools.SelBinding;
import dev.ibench.core.tools.ToolDeclaration;
import dev.ibench.core.tools.ToolStyle;
import dev.ibench.core.tools.ValueSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The single declaration of every tool operation (see docs/builder.md). SLOT and SEL specifications and
 * the runtime's routing of SEL names are all derived from these declarations.
 */
public final class ToolCatalog {
    private static final String DATA_SOURCE_DESCRIPTION = "The location of the data file in csv format.";
    private static final Set<ToolStyle> BOTH = Set.of(ToolStyle.SLOT, ToolStyle.SEL);

    private final BuildMode mode;
    private final List<ToolDeclaration> declarations;

    private ToolCatalog(BuildMode mode, List<ToolDeclaration> declarations) {
        this.mode = mode;
        this.declarations = List.copyOf(declarations);
    }

    public static ToolCatalog of(BuildMode mode) {
        return new ToolCatalog(mode, declare(mode));
    }

    public BuildMode mode() {
        return mode;
    }

    public List<ToolDeclaration> declarations() {
        return declarations;
    }

    public List<ToolDeclaration> declarationsFor(ToolStyle style) {
        return declarations.stream().filter(d -> d.styles().contains(style)).toList();
    }

    public ToolDeclaration declaration(String name) {
        return declarations.stream().filter(d -> d.name().equals(name)).findFirst().orElse(null);
    }

    private static ParamDeclaration dataSource() {
        return ParamDeclaration.free("data_source", "string", DATA_SOURCE_DESCRIPTION, true);
    }

    private static List<ToolDeclaration> declare(BuildMode mode) {
        boolean ext = mode == BuildMode.EXTENDED;
        List<ToolDeclaration> out = new ArrayList<>(List.of(filterData(ext), sortData(), aggregateData(), groupDataBy(), retrieveData(),
                selectUniqueValues(), transformData(ext), truncate()));
        if (ext) {
            out.addAll(List.of(filterDataAnyOf(), computeArithmetic(), computeColumn(), combineValues(), combineColumns(), combineResults()));
        }
        return out;
    }

    private static ToolDeclaration filterData(boolean ext) {
        List<String> conditions = Arrays.stream(FilterCondition.values()).filter(c -> ext || c.inPaperMode()).map(FilterCondition::wireName).toList();
        StringBuilder conditionDoc = new StringBuilder("The condition to apply for filtering. It must be one of the following:");
        Map<String, String> conditionDescriptions = new LinkedHashMap<>();
        for (FilterCondition c : FilterCondition.values()) {
            if (!ext && !c.inPaperMode()) continue;
            conditionDoc.append("- '").append(c.wireName()).append("': ").append(c.description());
            conditionDescriptions.put(c.wireName(), c.description());
        }
        return new ToolDeclaration("filter_data",
                "This function applies a filter on the given key of the input data based on the provided condition and value. It returns a new table (dict) with the rows that meet the condition.",
                List.of(dataSource(),
                        ParamDeclaration.keys("key_name", "string", "The key on which the filter will be applied.", true),
                        ParamDeclaration.free("value", "object", "The value to compare against in the filtering operation.", false),
                        ParamDeclaration.fixed("condition", conditionDoc.toString(), conditions)),
                BOTH, true,
                new SelBinding("condition", "select_data_{value}", null, null, null, null, conditionDescriptions));
    }

    private static ToolDeclaration sortData() {
        return new ToolDeclaration("sort_data",
                "Sort data by the values associated with the chosen key='key_name' If the input data is list-like, returns the sorted list. If the input data is tabular, returns the table with rows sorted by the values in column 'key_name'. If the data is grouped tables, then sort the groups by the value in 'key_name'",
                List.of(dataSource(),
                        ParamDeclaration.keys("key_name", "string", "name of key to sort by", true),
                        new ParamDeclaration("ascending", "boolean", "whether to sort by ascending order", true, ValueSource.FIXED, List.of("true", "false"))),
                BOTH, true,
                new SelBinding("ascending", "sort_data_{value}", Map.of("true", "ascending", "false", "descending"), null, null, null, null));
    }

    private static ToolDeclaration aggregateData() {
        List<String> aggregations = Arrays.stream(Aggregation.values()).map(Aggregation::wireName).toList();
        return new ToolDeclaration("aggregate_data",
                "Perform an aggregation on input data. If the input data is list-like, returns the value of the aggregation over the list index. If the input data is tabular, returns a numerical value for the aggregation over a column. If the data is grouped tables, returns the groups with a new key holding each group's result: 'count' for a count with an empty key_name, else '<aggregation_type>_<key_name>' ('<aggregation_type>_distinct_<key_name>' when distinct). An empty key_name with 'count' counts rows.",
                List.of(dataSource(),
                        ParamDeclaration.keys("key_name", "string", "name of key to aggregate", true),
                        ParamDeclaration.fixed("aggregation_type", "the type of aggregation to perform, must be one of " + aggregations, aggregations),
                        ParamDeclaration.free("distinct", "boolean", "whether to aggregate only distinct values", false),
                        ParamDeclaration.free("limit", "integer", "limit the aggregation to the first 'limit' elements", false)),
                BOTH, true,
                new SelBinding("aggregation_type", "compute_data_{value}", null, Map.of("limit", -1), null, null, null));
    }

    private static ToolDeclaration groupDataBy() {
        return new ToolDeclaration("group_data_by",
                "Group the rows of a table by the values of a key (or a list of keys). Returns grouped tables on which aggregate_data, filter_data, sort_data and retrieve_data act per group.",
                List.of(dataSource(), ParamDeclaration.keys("key_name", "string", "name of key (or list of keys) to group by", true)),
                BOTH, true, null);
    }

    private static ToolDeclaration retrieveData() {
        return new ToolDeclaration("retrieve_data",
                "Returns contents of a data column (a list), or of several columns (a list of rows) when key_name is a list. On grouped tables, returns one entry per group.",
                List.of(dataSource(),
                        ParamDeclaration.keys("key_name", "string", "key name or list of key names to select", true),
                        ParamDeclaration.free("distinct", "boolean", "whether to return only distinct values", false),
                        ParamDeclaration.free("limit", "integer", "only return the first 'limit' elements", false)),
                Set.of(ToolStyle.SLOT, ToolStyle.SEL), true,
                new SelBinding("key_name", "get_{value}s", null, Map.of("distinct", false, "limit", -1), null, null, null));
    }

    private static ToolDeclaration selectUniqueValues() {
        return new ToolDeclaration("select_unique_values",
                "Return only the distinct elements from the input list.",
                List.of(ParamDeclaration.free("unique_array", "array", "A list of input data", true)),
                BOTH, true, null);
    }

    private static ToolDeclaration transformData(boolean ext) {
        List<String> transforms = ext ? TransformData.OPERATIONS : TransformData.PAPER_OPERATIONS;
        return new ToolDeclaration("transform_data",
                "Transform the data assigned to a key in the input table (dict) using the specified operation and operation_args: 'substring' takes {start_index, end_index} (0-based, end exclusive, negative counts from the end); 'strftime' takes {format} such as '%Y' or '%Y-%m'" + (ext ? "; 'julianday' (day number of a date), 'length', 'lower' and 'upper' take no arguments." : "."),
                List.of(dataSource(),
                        ParamDeclaration.keys("key_name", "string", "name of key to transform", true),
                        ParamDeclaration.fixed("operation_type", "the type of operation to perform, must be one of " + transforms, transforms),
                        ParamDeclaration.free("operation_args", "object", "any arguments required by the operation_type", !ext)),
                BOTH, true,
                new SelBinding("operation_type", "transform_data_to_{value}", null, null, "operation_args",
                        Map.of("substring", List.of(
                                        ParamDeclaration.free("start_index", "integer", "start of substring", true),
                                        ParamDeclaration.free("end_index", "integer", "end of substring, must be >= start_index", false)),
                                "strftime", List.of(ParamDeclaration.free("format", "string", "strftime format such as '%Y'", true))),
                        Map.of("substring", "Transform list of string values by taking substrings", "strftime", "Transform date values with a strftime format")));
    }

    private static ToolDeclaration truncate() {
        return new ToolDeclaration("truncate",
                "Return the first `n` elements of a list-like object.",
                List.of(ParamDeclaration.free("truncate_array", "object", "A list-like object.", true),
                        ParamDeclaration.free("n", "integer", "The number of rows/elements to return.", true)),
                Set.of(ToolStyle.SEL), true, null);
    }

    private static ToolDeclaration filterDataAnyOf() {
        return new ToolDeclaration("filter_data_any_of",
                "Keep the rows that satisfy at least one of several filters (logical OR). Each filter is an object {key_name, condition, value} with the same conditions as filter_data.",
                List.of(dataSource(), ParamDeclaration.free("filters", "array", "list of {key_name, condition, value} filters, at least one must hold", true)),
                BOTH, false, null);
    }

    private static ToolDeclaration computeArithmetic() {
        return new ToolDeclaration("compute_arithmetic",
                "Combine two numbers (literals or the labels of single results of earlier calls) with an arithmetic operation; divide is real division.",
                List.of(ParamDeclaration.fixed("operation", "the operation, one of " + ComputeArithmetic.OPERATIONS, ComputeArithmetic.OPERATIONS),
                        ParamDeclaration.free("value_1", "number", "the first operand (a number or \"$LABEL$\")", true),
                        ParamDeclaration.free("value_2", "number", "the second operand (a number or \"$LABEL$\")", true)),
                BOTH, false,
                new SelBinding("operation", "{value}_values", null, null, null, null, null));
    }

    private static ToolDeclaration computeColumn() {
        return new ToolDeclaration("compute_column",
                "Add a key computed row by row from two operands, each a key name or a number; divide is real division. The new key is named '<value_1>_<operation>_<value_2>'.",
                List.of(dataSource(),
                        ParamDeclaration.fixed("operation", "the operation, one of " + ComputeColumn.OPERATIONS, ComputeColumn.OPERATIONS),
                        ParamDeclaration.free("value_1", "string", "the first operand: a key name or a number", true),
                        ParamDeclaration.free("value_2", "string", "the second operand: a key name or a number", true)),
                BOTH, false,
                new SelBinding("operation", "compute_column_{value}", null, null, null, null, null));
    }

    private static ToolDeclaration combineValues() {
        return new ToolDeclaration("combine_values",
                "Put single results of earlier calls side by side as one answer row.",
                List.of(ParamDeclaration.free("values", "array", "list of \"$LABEL$\" references or values", true)),
                BOTH, false, null);
    }

    private static ToolDeclaration combineColumns() {
        return new ToolDeclaration("combine_columns",
                "Zip equally long lists (such as the results of several getters on the same data) into a list of rows.",
                List.of(ParamDeclaration.free("values", "array", "list of \"$LABEL$\" references to lists", true)),
                Set.of(ToolStyle.SEL), false, null);
    }

    private static ToolDeclaration combineResults() {
        return new ToolDeclaration("combine_results",
                "Combine two retrieved lists with set semantics (duplicates removed): union, intersect or except.",
                List.of(ParamDeclaration.free("first", "string", "\"$LABEL$\" of the first list", true),
                        ParamDeclaration.free("second", "string", "\"$LABEL$\" of the second list", true),
                        ParamDeclaration.fixed("operation", "one of " + CombineResults.OPERATIONS, CombineResults.OPERATIONS)),
                BOTH, false,
                new SelBinding("operation", "combine_results_{value}", null, null, null, null, null));
    }
}
