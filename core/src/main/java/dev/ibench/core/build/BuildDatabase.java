package dev.ibench.core.build;

import dev.ibench.core.dataset.DatabaseEntry;
import dev.ibench.core.dataset.Dataset;
import dev.ibench.core.dataset.Question;
import dev.ibench.core.runtime.ReadOnlyDatabases;
import dev.ibench.core.sql.SchemaIndex;
import dev.ibench.core.verify.CoverageReport;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.function.Consumer;

/**
 * One database of a dataset as every builder (SLOT/SEL and REST) walks it: its questions, its open read-only
 * connection and schema, or why it cannot be read ({@code missing_database}, {@code unreadable_database}).
 * {@link #eachBuildable} counts each question under every style and records the reason of those that cannot be built.
 */
public record BuildDatabase(DatabaseEntry db, List<Question> questions, Connection connection, SchemaIndex schema, String problem) {

    /** Builds one question that has no known problem. */
    @FunctionalInterface
    public interface QuestionStep {
        void build(Question q) throws IOException;
    }

    public static BuildDatabase open(Dataset dataset, DatabaseEntry db, ReadOnlyDatabases databases, Consumer<String> log) {
        List<Question> questions = dataset.questions().stream().filter(q -> q.dbId().equals(db.id())).toList();
        Connection connection = null;
        SchemaIndex schema = null;
        String problem = null;
        if (db.sqliteFile() == null) {
            problem = "missing_database";
        } else {
            try {
                connection = databases.connection(db.sqliteFile());
                schema = SchemaIndex.read(connection);
            } catch (SQLException e) {
                problem = "unreadable_database";
                log.accept(db.id() + ": cannot read database: " + e.getMessage());
            }
        }
        if (problem != null) log.accept(db.id() + ": " + problem + " (" + db.portablePath() + "); " + questions.size() + " questions skipped");
        return new BuildDatabase(db, questions, connection, schema, problem);
    }

    /** Runs {@code step} on each question without a problem (the database's, else the question's own code before ':'). */
    public void eachBuildable(List<String> styles, CoverageReport coverage, QuestionStep step) throws IOException {
        for (Question q : questions) {
            for (String s : styles) coverage.question(s, db.id());
            String reason = problem != null ? problem : q.problem() != null ? q.problem().split(":")[0] : null;
            if (reason != null) {
                for (String s : styles) coverage.reason(s, db.id(), reason);
                continue;
            }
            step.build(q);
        }
    }
}
