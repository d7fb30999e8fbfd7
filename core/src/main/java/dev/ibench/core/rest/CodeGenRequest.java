package dev.ibench.core.rest;

import dev.ibench.core.dataset.Question;
import java.util.List;

/**
 * Input of one code-gen step: the question with its gold SQL and evidence, descriptions of the columns of the
 * tables the SQL reads ({@code table.column: description}), and on a retry the judge's verdict on the previous
 * proposal ({@code null} on the first attempt). {@code attempt} starts at 1.
 */
public record CodeGenRequest(String source, String dbId, Question question, List<String> columnDescriptions, String previousVerdict, int attempt) {
    public CodeGenRequest {
        columnDescriptions = List.copyOf(columnDescriptions);
    }
}
