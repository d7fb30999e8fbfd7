package dev.ibench.core.runtime;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code transform_data(data_source, key_name, operation_type, operation_args)}: replaces the values of a key
 * by a transformation: {@code substring} ({@code start_index}, optional {@code end_index}, Python slicing,
 * negative indices count from the end) or {@code strftime} ({@code format} with %Y %m %d %H %M %S %j %w,
 * SQLite date parsing; unparsable dates become null). The seed's spelling {@code strfrtime} is accepted.
 * Extended mode adds {@code julianday}, {@code length}, {@code lower} and {@code upper} (no operation_args).
 */
public final class TransformData implements Operation {
    private static final Pattern DATE = Pattern.compile("^(\\d{4})-(\\d{2})-(\\d{2})(?:[ T](\\d{2}):(\\d{2})(?::(\\d{2})(?:\\.\\d+)?)?)?\\s*$");

    /** Paper operations first; the rest exist in extended mode. */
    public static final java.util.List<String> PAPER_OPERATIONS = java.util.List.of("substring", "strftime");
    public static final java.util.List<String> OPERATIONS = java.util.List.of("substring", "strftime", "julianday", "length", "lower", "upper");

    @Override
    public String name() {
        return "transform_data";
    }

    @Override
    public Object apply(CallArguments args) throws ToolArgumentException {
        Object data = args.data("data_source");
        String key = args.string("key_name");
        String op = args.string("operation_type");
        Object opArgsRaw = args.valueOr("operation_args", Map.of());
        if (!(opArgsRaw instanceof Map<?, ?> opArgs)) {
            throw new ToolArgumentException(name() + ": operation_args must be an object, got " + CallArguments.describe(opArgsRaw));
        }
        java.util.function.UnaryOperator<Object> f;
        switch (op) {
            case "substring": {
                Integer start = intArg(opArgs, "start_index", true);
                Integer end = intArg(opArgs, "end_index", false);
                f = v -> v == null ? null : slice(SqliteValues.asText(v), start, end);
                break;
            }
            case "strftime":
            case "strfrtime": {
                Object fmt = opArgs.get("format");
                if (!(fmt instanceof String format)) {
                    throw new ToolArgumentException(name() + ": operation 'strftime' needs operation_args.format (e.g. \"%Y\")");
                }
                checkFormat(format);
                f = v -> v == null ? null : strftime(format, SqliteValues.asText(v));
                break;
            }
            case "julianday":
                f = v -> v == null ? null : julianDay(SqliteValues.asText(v));
                break;
            case "length":
                f = v -> v == null ? null : (Object) (long) SqliteValues.asText(v).codePointCount(0, SqliteValues.asText(v).length());
                break;
            case "lower":
                f = v -> v instanceof String s ? s.toLowerCase(java.util.Locale.ROOT) : v;
                break;
            case "upper":
                f = v -> v instanceof String s ? s.toUpperCase(java.util.Locale.ROOT) : v;
                break;
            default:
                throw new ToolArgumentException(name() + ": unknown operation_type '" + op + "' (expected one of " + OPERATIONS + ")");
        }
        if (!(data instanceof Table table)) throw DataKeys.wrongData(name(), data, "a table");
        int i = DataKeys.require(table, key, name());
        List<Object> column = new ArrayList<>(table.size());
        for (Object[] row : table.rows()) column.add(f.apply(row[i]));
        return table.withColumn(key, column);
    }

    private Integer intArg(Map<?, ?> opArgs, String name, boolean required) throws ToolArgumentException {
        Object v = opArgs.get(name);
        if (v == null) {
            if (required) throw new ToolArgumentException(name() + ": operation 'substring' needs operation_args." + name);
            return null;
        }
        if (v instanceof Number n) return n.intValue();
        throw new ToolArgumentException(name() + ": operation_args." + name + " must be an integer, got " + CallArguments.describe(v));
    }

    static String slice(String s, Integer start, Integer end) {
        int n = s.length();
        int a = start == null ? 0 : start < 0 ? Math.max(0, n + start) : Math.min(start, n);
        int b = end == null ? n : end < 0 ? Math.max(0, n + end) : Math.min(end, n);
        return a >= b ? "" : s.substring(a, b);
    }

    private void checkFormat(String format) throws ToolArgumentException {
        for (int i = 0; i < format.length(); i++) {
            if (format.charAt(i) == '%') {
                if (i + 1 >= format.length() || "YmdHMSjw%".indexOf(format.charAt(i + 1)) < 0) {
                    throw new ToolArgumentException(name() + ": unsupported strftime format '" + format + "' (supported: %Y %m %d %H %M %S %j %w %%)");
                }
                i++;
            }
        }
    }

    /** SQLite's julianday() of a date/time text, or null when it does not parse. */
    static Double julianDay(String text) {
        Matcher m = DATE.matcher(text);
        if (!m.matches()) return null;
        try {
            LocalDateTime t = LocalDateTime.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)),
                    m.group(4) == null ? 0 : Integer.parseInt(m.group(4)), m.group(5) == null ? 0 : Integer.parseInt(m.group(5)),
                    m.group(6) == null ? 0 : Integer.parseInt(m.group(6)));
            double days = t.toLocalDate().toEpochDay() + 2440587.5;
            return days + t.toLocalTime().toSecondOfDay() / 86400.0;
        } catch (java.time.DateTimeException e) {
            return null;
        }
    }

    static String strftime(String format, String text) {
        Matcher m = DATE.matcher(text);
        if (!m.matches()) return null;
        LocalDateTime t;
        try {
            t = LocalDateTime.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)),
                    m.group(4) == null ? 0 : Integer.parseInt(m.group(4)), m.group(5) == null ? 0 : Integer.parseInt(m.group(5)),
                    m.group(6) == null ? 0 : Integer.parseInt(m.group(6)));
        } catch (java.time.DateTimeException e) {
            return null;
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < format.length(); i++) {
            char c = format.charAt(i);
            if (c != '%' || i + 1 >= format.length()) {
                out.append(c);
                continue;
            }
            char s = format.charAt(++i);
            switch (s) {
                case 'Y' -> out.append(String.format("%04d", t.getYear()));
                case 'm' -> out.append(String.format("%02d", t.getMonthValue()));
                case 'd' -> out.append(String.format("%02d", t.getDayOfMonth()));
                case 'H' -> out.append(String.format("%02d", t.getHour()));
                case 'M' -> out.append(String.format("%02d", t.getMinute()));
                case 'S' -> out.append(String.format("%02d", t.getSecond()));
                case 'j' -> out.append(String.format("%03d", t.getDayOfYear()));
                case 'w' -> out.append(t.getDayOfWeek().getValue() % 7);
                default -> out.append(s);
            }
        }
        return out.toString();
    }

}
