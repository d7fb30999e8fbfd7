package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The refusals both {@code ibench import} subcommands share ({@link dev.ibench.workers.imports.ImportOutput}): a name that is no plain file name, a file with no importable row. */
class ImportOutputTest {
    @TempDir Path dir;

    @Test
    void aSetNameWithOtherCharactersIsRefusedByBothImports() throws Exception {
        Path rows = Files.writeString(dir.resolve("rows.jsonl"), "{}\n");
        CliRun nestful = CliRun.of("import", "nestful", rows.toString(), "--out", dir.resolve("out").toString(), "--name", "a/b");
        assertThat(nestful.exit()).isEqualTo(2);
        assertThat(nestful.err()).contains("ibench import nestful: --name 'a/b' may hold only letters, digits, '.', '_' and '-'");
        CliRun bfcl = CliRun.of("import", "bfcl", rows.toString(), "--category", "irrelevance", "--out", dir.resolve("out").toString(),
                "--name", "x y");
        assertThat(bfcl.exit()).isEqualTo(2);
        assertThat(bfcl.err()).contains("ibench import bfcl: --name 'x y' may hold only letters, digits, '.', '_' and '-'");
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void aFileWithoutAnImportableRowIsRefusedWithEveryRowLeftOut() throws Exception {
        Path rows = Files.writeString(dir.resolve("rows.jsonl"), "{\"input\": \"q\"}\n{\"input\": \"r\"}\n");
        CliRun run = CliRun.of("import", "nestful", rows.toString(), "--out", dir.resolve("out").toString());
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("ibench import nestful: no row of " + rows + " could be imported")
                .contains("  line 1: ").contains("  line 2: ");
        assertThat(dir.resolve("out")).doesNotExist();
    }
}
