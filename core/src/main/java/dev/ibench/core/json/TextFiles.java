package dev.ibench.core.json;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Tells a text file from a binary one before a JSON reader sees it: a NUL byte or bytes that are not UTF-8 in the
 * file's head mean the user named the wrong file (a database, an archive, a model), which deserves that message rather
 * than the decoder's ("Input length = 1").
 */
public final class TextFiles {
    private static final int HEAD = 64 * 1024;

    private TextFiles() {}

    /**
     * Why {@code path} cannot be read as an input file, for a message after its name: {@code no such file}, {@code a
     * folder, not a file}, or (a FIFO, a device such as {@code /dev/zero}, a socket) {@code not a regular file}.
     * Call it when {@link Files#isRegularFile} is false.
     */
    public static String whyNotAFile(Path path) {
        if (!Files.exists(path)) {
            return "no such file";
        }
        if (Files.isDirectory(path)) {
            return "a folder, not a file";
        }
        return "not a regular file (a FIFO, device or socket); give a file";
    }

    /**
     * @param what what the file should have been, e.g. "eval set" (it starts the message)
     * @throws IllegalArgumentException naming {@code what} and the file when the file is binary or cannot be read
     */
    public static void requireText(Path file, String what) {
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(HEAD);
        } catch (IOException e) {
            throw new IllegalArgumentException(what + " " + file + ": cannot read: " + e.getMessage(), e);
        }
        if (!isText(head, head.length == HEAD)) {
            throw new IllegalArgumentException(what + " " + file + ": a binary file, not UTF-8 text; check the path"
                    + " (" + what + "s are JSON or JSON Lines)");
        }
    }

    /** True when {@code bytes} hold no NUL and decode as UTF-8; with {@code cut}, a character split at the end is allowed. */
    static boolean isText(byte[] bytes, boolean cut) {
        for (byte b : bytes) {
            if (b == 0) {
                return false;
            }
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        CoderResult result = decoder.decode(in, out, !cut);
        if (result.isError()) {
            return false;
        }
        if (!cut) {
            try {
                return !decoder.flush(out).isError();
            } catch (IllegalStateException e) {
                return false;
            }
        }
        return true;
    }

    /** The file as UTF-8 text, after {@link #requireText}; errors name {@code what} and the file. */
    public static String read(Path file, String what) {
        requireText(file, what);
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException(what + " " + file + ": not UTF-8 text past its first " + HEAD / 1024 + " KB", e);
        } catch (IOException e) {
            throw new IllegalArgumentException(what + " " + file + ": cannot read: " + e.getMessage(), e);
        }
    }
}
