package dev.ibench.core.report.html;

/** Where the report links a cell to (e.g. its workflows in the Temporal Web UI); null for no link. */
@FunctionalInterface
public interface CellLinks {
    CellLinks NONE = cellId -> null;

    String cell(String cellId);
}
