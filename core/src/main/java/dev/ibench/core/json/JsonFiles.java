package dev.ibench.core.json;

import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes a JSON file into an output folder without following what is already there: the JSON goes to a new file of
 * its own in the same folder (created exclusively, so a link planted under that name is not followed) and is then
 * renamed over the name, which replaces a link of that name instead of writing through it. A reader never sees a
 * half-written file.
 */
public final class JsonFiles {
    private JsonFiles() {}

    /** Writes {@code value} as indented JSON to {@code file}, replacing whatever has that name (a file or a link). */
    public static void writeReplacing(Path file, Object value) throws IOException {
        Path temp = file.resolveSibling("." + file.getFileName() + "." + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".part");
        try {
            try (OutputStream out = Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                Json.MAPPER.writer(SerializationFeature.INDENT_OUTPUT).writeValue(out, value);
            }
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
