package dev.ibench.workers.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a markdown page refers to: the {@code ibench ...} command lines (inline code, or lines of fenced blocks,
 * with {@code ./ibench}, {@code $ } and {@code \} continuations handled), the relative link targets, and the
 * inline code spans (candidate file paths and class names). Each with the page and line it is on.
 */
record DocReferences(List<Ref> commands, List<Ref> links, List<Ref> codeSpans) {

    /** One reference: the text and where it is written ({@code docs/cli.md:12}). */
    record Ref(String text, Path page, int line) {
        String where(Path root) {
            return root.relativize(page) + ":" + line;
        }
    }

    private static final Pattern INLINE_CODE = Pattern.compile("(`+)(.+?)\\1");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern COMMAND = Pattern.compile("^(?:\\$\\s+)?(?:\\./|\\S*/)?ibench\\s+(.*)$");

    static DocReferences of(Path page) {
        List<String> lines;
        try {
            lines = Files.readAllLines(page);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Ref> commands = new ArrayList<>();
        List<Ref> links = new ArrayList<>();
        List<Ref> spans = new ArrayList<>();
        boolean fenced = false;
        StringBuilder continued = null;
        int continuedFrom = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int n = i + 1;
            if (line.trim().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                String text = line.trim();
                if (continued != null) {
                    continued.append(' ').append(text.endsWith("\\") ? text.substring(0, text.length() - 1) : text);
                    if (!text.endsWith("\\")) {
                        addCommand(continued.toString(), page, continuedFrom, commands);
                        continued = null;
                    }
                    continue;
                }
                if (text.endsWith("\\")) {
                    continued = new StringBuilder(text.substring(0, text.length() - 1));
                    continuedFrom = n;
                } else {
                    addCommand(text, page, n, commands);
                }
                continue;
            }
            Matcher code = INLINE_CODE.matcher(line);
            while (code.find()) {
                String span = code.group(2).trim();
                spans.add(new Ref(span, page, n));
                addCommand(span, page, n, commands);
            }
            Matcher link = LINK.matcher(line);
            while (link.find()) links.add(new Ref(link.group(1), page, n));
        }
        return new DocReferences(commands, links, spans);
    }

    private static void addCommand(String text, Path page, int line, List<Ref> commands) {
        Matcher m = COMMAND.matcher(text.trim());
        if (m.matches()) commands.add(new Ref(m.group(1), page, line));
    }
}
