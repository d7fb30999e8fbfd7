package dev.ibench.core.prompt;

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
import java.util.stream.Stream;

/** The file names in a classpath folder, whether the folder is a directory (tests, IDE) or inside a jar (the CLI). */
final class BundledResources {
    private BundledResources() {}

    static List<String> list(String folder) {
        List<String> names = new ArrayList<>();
        try {
            Enumeration<URL> urls = BundledResources.class.getClassLoader().getResources(folder);
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
