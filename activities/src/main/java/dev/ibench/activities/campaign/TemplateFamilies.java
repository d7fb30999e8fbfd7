package dev.ibench.activities.campaign;

import dev.ibench.core.prompt.PromptStyle;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The prompt-template families bundled with this build: every {@code prompts/<style-dir>/<family>.txt} of a per-family
 * style (the family-independent react.txt and sql.txt are not families). A family is known by its template files, so
 * adding one means adding its templates; {@code campaign start} checks profiles against this list.
 */
public final class TemplateFamilies {
    private TemplateFamilies() {}

    public static SortedSet<String> bundled() {
        SortedSet<String> families = new TreeSet<>();
        for (PromptStyle style : PromptStyle.values()) {
            for (String file : list("prompts/" + style.templateDir())) {
                String family = file.endsWith(".txt") ? file.substring(0, file.length() - 4) : null;
                if (family != null && !family.equals(style.templateDir())) {
                    families.add(family);
                }
            }
        }
        return families;
    }

    /** The file names in a classpath folder, whether the folder is a directory (tests, IDE) or inside a jar (the CLI). */
    private static List<String> list(String folder) {
        List<String> names = new ArrayList<>();
        try {
            Enumeration<URL> urls = TemplateFamilies.class.getClassLoader().getResources(folder);
            while (urls.hasMoreElements()) {
                URI uri = urls.nextElement().toURI();
                if (uri.getScheme().equals("jar")) {
                    FileSystem jar;
                    try {
                        jar = FileSystems.newFileSystem(uri, Map.of());
                    } catch (FileSystemAlreadyExistsException e) {
                        jar = FileSystems.getFileSystem(uri);
                    }
                    addNames(jar.provider().getPath(uri), names);
                } else {
                    addNames(Path.of(uri), names);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list bundled resources under " + folder, e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException("bundled resource folder " + folder + " has no usable URI", e);
        }
        return names;
    }

    private static void addNames(Path dir, List<String> names) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> files = Files.list(dir)) {
            files.map(f -> f.getFileName().toString().replace("/", "")).sorted().forEach(names::add);
        }
    }
}
