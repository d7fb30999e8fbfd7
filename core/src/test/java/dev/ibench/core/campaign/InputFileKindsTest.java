package dev.ibench.core.campaign;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.core.score.EvalSetReader;
import dev.ibench.core.score.PredictionsReader;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45, unclear messages: a FIFO, a device ({@code /dev/zero}) or a folder given as an input file was reported
 * as "no such file", though it exists. Each now says what the path is.
 */
class InputFileKindsTest {
    @TempDir Path dir;

    @Test
    void aFifoAsTheCampaignFileIsNamedAsSuch() throws IOException, InterruptedException {
        Path fifo = dir.resolve("campaign.yaml");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        Assumptions.assumeTrue(mkfifo.waitFor() == 0, "mkfifo is not available here");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(fifo))
                .hasMessage(fifo + ": campaign file: not a regular file (a FIFO, device or socket); give a file");
    }

    @Test
    void aDeviceAsTheEvalSetIsNamedAsSuch() {
        Path zero = Path.of("/dev/zero");
        Assumptions.assumeTrue(zero.toFile().exists(), "no /dev/zero here");
        assertThatThrownBy(() -> EvalSetReader.forEach(zero, sample -> { }))
                .hasMessage("eval set /dev/zero: not a regular file (a FIFO, device or socket); give a file");
    }

    @Test
    void aFolderAsThePredictionsIsNamedAsSuchAndAMissingFileStaysMissing() {
        assertThatThrownBy(() -> PredictionsReader.read(dir))
                .hasMessage("predictions " + dir + ": a folder, not a file");
        assertThatThrownBy(() -> PredictionsReader.read(dir.resolve("absent.jsonl")))
                .hasMessage("predictions " + dir.resolve("absent.jsonl") + ": no such file");
    }
}
