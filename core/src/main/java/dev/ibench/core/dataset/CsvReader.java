package dev.ibench.core.dataset;

import java.util.ArrayList;
import java.util.List;

/** RFC 4180 CSV parsing (quoted fields, doubled quotes, newlines inside quotes). Unbalanced quotes are an error. */
public final class CsvReader {
    private CsvReader() {}

    public static List<List<String>> parse(String text) throws MalformedCsvException {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < text.length() && text.charAt(i + 1) == '"') {
                        field.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
                any = true;
            } else if (c == ',') {
                row.add(field.toString());
                field.setLength(0);
                any = true;
            } else if (c == '\n' || c == '\r') {
                if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') i++;
                if (any || field.length() > 0) {
                    row.add(field.toString());
                    rows.add(row);
                }
                row = new ArrayList<>();
                field.setLength(0);
                any = false;
            } else {
                field.append(c);
                any = true;
            }
        }
        if (quoted) throw new MalformedCsvException("unbalanced quote");
        if (any || field.length() > 0) {
            row.add(field.toString());
            rows.add(row);
        }
        return rows;
    }

    /** The CSV text cannot be parsed. */
    public static final class MalformedCsvException extends Exception {
        public MalformedCsvException(String message) {
            super(message);
        }
    }
}
