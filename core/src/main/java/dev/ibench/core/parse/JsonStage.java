package dev.ibench.core.parse;

import java.util.Optional;

/**
 * The whole output is one JSON value, or one JSON value surrounded by prose: tries the full text, then the span
 * from the first {@code [} to the last {@code ]}, then from the first {@code {} to the last {@code }}
 * (the seed authors' {@code get_json_dict_from_txt} does the same bracket search).
 */
public final class JsonStage implements ParseStage {
    @Override
    public String name() {
        return "json";
    }

    @Override
    public Optional<Object> extract(String text) {
        return BracketSpans.read(text, JsonText::readStructure);
    }
}
