package dev.ibench.core.compile;

import dev.ibench.core.dataset.DatabaseEntry;
import dev.ibench.core.runtime.InitializationStep;
import dev.ibench.core.sample.KeyDescription;
import dev.ibench.core.sql.SchemaIndex;
import dev.ibench.core.sql.SqlParsing;
import dev.ibench.core.tools.BuildMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import net.sf.jsqlparser.statement.select.Select;

/** Compiles a gold SQL query of one database into a SLOT sequence (see docs/builder.md for every rule). */
public final class QueryCompiler {
    private final SchemaIndex schema;
    private final DatabaseEntry database;
    private final BuildMode mode;

    public QueryCompiler(SchemaIndex schema, DatabaseEntry database, BuildMode mode) {
        this.schema = schema;
        this.database = database;
        this.mode = mode;
    }

    public CompiledQuery compile(String sql) throws SqlParsing.SqlParseException, UnsupportedQueryException {
        Select select = SqlParsing.parseSelect(sql);
        Compilation c = new Compilation(mode, schema);
        try {
            c.compileTop(select);
        } catch (ClassCastException | NullPointerException | IndexOutOfBoundsException e) {
            throw new UnsupportedQueryException("unsupported_structure", e.toString());
        }
        InitializationStep step = new InitializationStep(database.portablePath(), c.tables);
        return new CompiledQuery(step, c.sink.calls(), keys(c.mainScope));
    }

    private List<KeyDescription> keys(Scope scope) {
        List<KeyDescription> out = new ArrayList<>();
        for (Scope.AliasInfo a : scope.aliases().values()) {
            for (SchemaIndex.ColumnInfo col : schema.columns(a.table())) {
                out.add(new KeyDescription(a.modified() + "_" + col.name(), database.description(a.table(), col.name()), dtype(col.declaredType())));
            }
        }
        return out;
    }

    static String dtype(String declared) {
        String t = declared == null ? "" : declared.toLowerCase(Locale.ROOT);
        if (t.contains("int")) return "integer";
        if (t.contains("real") || t.contains("float") || t.contains("double") || t.contains("num") || t.contains("dec")) return "float";
        if (t.contains("date") || t.contains("time")) return "date";
        return "string";
    }
}
