package dev.ibench.workers.imports;

/** An import stops: what was wrong has already been said on the error stream; the command exits 2. */
final class ImportRefused extends Exception {
    ImportRefused() {
        super(null, null, false, false);
    }
}
