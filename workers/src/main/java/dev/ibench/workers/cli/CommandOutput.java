package dev.ibench.workers.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Where a command's text or streamed output goes: a file (written whole or not at all) or standard output. */
final class CommandOutput {
    private CommandOutput() {}

    /** Writes {@code text} to {@code out} (creating its folder), or to standard output when {@code out} is null. */
    static void write(Path out, String text) throws java.io.IOException {
        if (out != null) {
            Optional.ofNullable(out.toAbsolutePath().getParent()).ifPresent(dir -> dir.toFile().mkdirs());
            Files.writeString(out, text);
            System.err.println("wrote " + out);
        } else {
            System.out.print(text.endsWith("\n") ? text : text + "\n");
        }
    }

    /** Something written to a {@link java.io.Writer} as it is made (a report that streams). */
    @FunctionalInterface
    interface Output {
        void writeTo(java.io.Writer out) throws java.io.IOException;
    }

    /**
     * Writes {@code output} as it is made to {@code out} (through a file beside it, moved in place when complete, so a
     * failed report leaves no partial file), or to standard output when {@code out} is null, ending with a newline
     * there as {@link #write(Path, String)} does.
     */
    static void write(Path out, Output output) throws java.io.IOException {
        if (out != null) {
            Path dir = out.toAbsolutePath().getParent();
            if (dir != null) {
                Files.createDirectories(dir);
            }
            // a plain file (the permissions of any file the user writes), not a temp file (owner-only permissions)
            Path partial = out.toAbsolutePath().resolveSibling(out.getFileName() + ".partial");
            try {
                try (java.io.Writer w = Files.newBufferedWriter(partial)) {
                    output.writeTo(w);
                }
                Files.move(partial, out.toAbsolutePath(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(partial);
            }
            System.err.println("wrote " + out);
        } else {
            LastCharWriter w = new LastCharWriter(new java.io.BufferedWriter(
                    new java.io.OutputStreamWriter(System.out, java.nio.charset.Charset.defaultCharset()), 1 << 16));
            output.writeTo(w);
            if (w.last != '\n') {
                w.write('\n');
            }
            w.flush();
        }
    }

    /** Remembers the last character written (whether the output ended with a newline). */
    private static final class LastCharWriter extends java.io.FilterWriter {
        private int last = -1;

        LastCharWriter(java.io.Writer out) {
            super(out);
        }

        @Override
        public void write(int c) throws java.io.IOException {
            super.write(c);
            last = c;
        }

        @Override
        public void write(char[] buf, int off, int len) throws java.io.IOException {
            super.write(buf, off, len);
            if (len > 0) {
                last = buf[off + len - 1];
            }
        }

        @Override
        public void write(String str, int off, int len) throws java.io.IOException {
            super.write(str, off, len);
            if (len > 0) {
                last = str.charAt(off + len - 1);
            }
        }
    }
}
