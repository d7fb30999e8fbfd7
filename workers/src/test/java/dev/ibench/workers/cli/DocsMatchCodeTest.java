package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.workers.cli.DocReferences.Ref;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * README.md and docs/*.md match the code: every {@code ibench ...} command line written there names subcommands and
 * options that the CLI's picocli model has, every relative link and every repository path written in code
 * ({@code workers/src/...}, {@code bench/run-...sh}) exists, and every {@code dev.ibench.X} class or package named
 * exists in some module. Outputs ({@code out/}, {@code .ibench/}, {@code target/}) and placeholders are skipped.
 * The pages and the CLI are read as they are, so commands and pages added later are judged too.
 */
class DocsMatchCodeTest {
    private static final Path ROOT = repositoryRoot();
    private static final List<String> OUTPUT_DIRS = List.of("out/", ".ibench/", "target/", ".tools/", "/tmp/");
    private static final Pattern CLASS_NAME = Pattern.compile("dev\\.ibench(\\.[a-z][a-z0-9]*)+(\\.[A-Z][A-Za-z0-9]*)?");
    private static final Pattern PLACEHOLDER = Pattern.compile(".*([<>*{}$…]|\\.\\.\\.|\\b(FILE|DIR|ID|NAME|N|OUT|DB|SOURCE|MODEL)\\b).*");

    private final DocCommandChecker commands = new DocCommandChecker(new CommandLine(new IbenchCli()));

    @Test
    void everyDocumentedCommandExistsInTheCli() {
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (Path page : pages()) {
            for (Ref c : DocReferences.of(page).commands()) {
                checked++;
                for (String p : commands.problems(c.text())) problems.add(c.where(ROOT) + " `ibench " + c.text() + "`: " + p);
            }
        }
        assertThat(checked).as("command lines found in README.md and docs/").isGreaterThan(30);
        assertThat(problems).as("commands written in the docs that the CLI does not have").isEmpty();
    }

    @Test
    void everyLinkedOrNamedFileExists() {
        List<String> problems = new ArrayList<>();
        int checked = 0;
        List<String> topLevel = topLevelEntries();
        for (Path page : pages()) {
            DocReferences refs = DocReferences.of(page);
            for (Ref link : refs.links()) {
                String target = link.text().replaceAll("#.*$", "");
                if (target.isEmpty() || target.contains("://") || target.startsWith("mailto:")) continue;
                checked++;
                if (!Files.exists(page.getParent().resolve(target).normalize())) {
                    problems.add(link.where(ROOT) + " links to " + link.text() + ", which does not exist");
                }
            }
            for (Ref span : refs.codeSpans()) {
                String path = span.text().split("\\s+")[0].replaceAll("[:#].*$", ""); // a command's script: its first word
                if (!repositoryPath(path, topLevel)) continue;
                checked++;
                if (!Files.exists(ROOT.resolve(path)) && !Files.exists(page.getParent().resolve(path))) {
                    problems.add(span.where(ROOT) + " names " + path + ", which does not exist");
                }
            }
        }
        assertThat(checked).as("links and paths found").isGreaterThan(30);
        assertThat(problems).as("files named in the docs that are not in the tree").isEmpty();
    }

    @Test
    void everyNamedClassOrPackageExists() {
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (Path page : pages()) {
            for (Ref span : DocReferences.of(page).codeSpans()) {
                if (!CLASS_NAME.matcher(span.text()).matches()) continue;
                checked++;
                if (!sourceExists(span.text())) problems.add(span.where(ROOT) + " names " + span.text() + ", which no module has");
            }
        }
        assertThat(checked).as("dev.ibench names found").isGreaterThan(5);
        assertThat(problems).as("classes and packages named in the docs that are not in the code").isEmpty();
    }

    @Test
    void theCheckerCatchesWrongCommandsAndAcceptsPlaceholders() {
        assertThat(commands.problems("campaign frobnicate ID")).singleElement().asString().contains("no subcommand frobnicate");
        assertThat(commands.problems("build --source bird --no-such-flag")).singleElement().asString().contains("no option --no-such-flag");
        assertThat(commands.problems("campaign start FILE.yaml \\| staus ID")).isEmpty(); // not a subcommand: read as a pipe
        assertThat(commands.problems("campaign start FILE.yaml \\| status ID --bogus")).singleElement().asString().contains("--bogus");
        assertThat(commands.problems("campaign report <id> --format md|json [--out FILE] | head")).isEmpty();
        assertThat(commands.problems("verify DIR")).isEmpty();
        assertThat(commands.problems("<command> --help")).isEmpty();
    }

    /** A written path the test can judge: starts at a top-level entry of the repository, no placeholder, not an output. */
    private static boolean repositoryPath(String path, List<String> topLevel) {
        if (PLACEHOLDER.matcher(path).matches()) return false;
        if (OUTPUT_DIRS.stream().anyMatch(o -> path.startsWith(o) || path.contains("/" + o))) return false;
        String first = path.contains("/") ? path.substring(0, path.indexOf('/')) : path;
        return path.contains("/") && topLevel.contains(first);
    }

    private static boolean sourceExists(String name) {
        String relative = name.replace('.', '/');
        try (Stream<Path> modules = Files.list(ROOT)) {
            return modules.filter(m -> Files.isDirectory(m.resolve("src"))).anyMatch(m ->
                    Stream.of("main", "test").anyMatch(tree -> Files.isRegularFile(m.resolve("src/" + tree + "/java/" + relative + ".java"))
                            || Files.isDirectory(m.resolve("src/" + tree + "/java/" + relative))));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> topLevelEntries() {
        try (Stream<Path> entries = Files.list(ROOT)) {
            return entries.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith(".")).toList();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<Path> pages() {
        List<Path> pages = new ArrayList<>();
        pages.add(ROOT.resolve("README.md"));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return pages;
    }

    private static Path repositoryRoot() {
        for (Path p : new Path[] {Path.of(""), Path.of("..")}) {
            Path abs = p.toAbsolutePath().normalize();
            if (Files.isRegularFile(abs.resolve("README.md")) && Files.isDirectory(abs.resolve("docs"))) return abs;
        }
        throw new IllegalStateException("README.md and docs/ not found from " + Path.of("").toAbsolutePath());
    }
}
