package dev.ibench.core.dataset;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Decodes text files of unknown encoding: strict UTF-8 (BOM removed), else Windows-1252 (BIRD's
 * description CSVs mix both). Reports which encoding was used.
 */
public final class TextDecoder {
    private TextDecoder() {}

    /** Decoded text and the charset that decoded it. */
    public record Decoded(String text, String charset) {}

    public static Decoded decode(byte[] bytes) {
        int offset = bytes.length >= 3 && (bytes[0] & 0xff) == 0xEF && (bytes[1] & 0xff) == 0xBB && (bytes[2] & 0xff) == 0xBF ? 3 : 0;
        ByteBuffer buf = ByteBuffer.wrap(bytes, offset, bytes.length - offset);
        try {
            String s = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(buf).toString();
            return new Decoded(s, "UTF-8");
        } catch (CharacterCodingException e) {
            Charset cp1252 = Charset.forName("windows-1252");
            return new Decoded(new String(bytes, offset, bytes.length - offset, cp1252), "windows-1252");
        }
    }

    /** Strict UTF-8 decoding or null when the bytes are not valid UTF-8. */
    public static String strictUtf8(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
