package dev.ibench.core.sql;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The schema the SQL baseline shows: every table's {@code CREATE TABLE} statement from the database, each followed by
 * the column descriptions of BIRD's {@code database_description/<table>.csv} when the database has them
 * ({@code -- column: description (value description)}).
 */
public final class SqlSchemaText {
    private SqlSchemaText() {}

    public static String of(Connection c, Path databaseFile) throws SQLException {
        Path descriptions = databaseFile.resolveSibling("database_description");
        List<String> parts = new ArrayList<>();
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT name, sql FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid")) {
            while (rs.next()) {
                StringBuilder table = new StringBuilder(rs.getString(2).strip()).append(';');
                for (String line : columnDescriptions(descriptions.resolve(rs.getString(1) + ".csv"))) {
                    table.append('\n').append("-- ").append(line);
                }
                parts.add(table.toString());
            }
        }
        return String.join("\n\n", parts);
    }

    /** BIRD's description CSV: original_column_name, column_name, column_description, data_format, value_description. */
    private static List<String> columnDescriptions(Path csv) {
        List<String> out = new ArrayList<>();
        if (!Files.isRegularFile(csv)) {
            return out;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        } catch (IOException e) {
            try {
                lines = Files.readAllLines(csv, StandardCharsets.ISO_8859_1);
            } catch (IOException again) {
                return out;
            }
        }
        for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
            List<String> cells = csvCells(line);
            if (cells.isEmpty() || cells.get(0).isBlank()) {
                continue;
            }
            String description = cells.size() > 2 ? cells.get(2).strip() : "";
            String values = cells.size() > 4 ? cells.get(4).strip() : "";
            if (!description.isEmpty() || !values.isEmpty()) {
                out.add(cells.get(0).strip() + ": " + description + (values.isEmpty() ? "" : " (" + values.replaceAll("\\s+", " ") + ")"));
            }
        }
        return out;
    }

    private static List<String> csvCells(String line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (ch == '"') {
                quoted = !quoted;
            } else if (ch == ',' && !quoted) {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(ch);
            }
        }
        cells.add(cell.toString());
        return cells;
    }
}
