package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.campaign.CampaignSpecLoader;
import dev.ibench.core.json.Json;
import dev.ibench.workers.IbenchHome;
import dev.ibench.testing.SyntheticEvalSet;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.testing.DevServerProcess;
import dev.ibench.workers.testing.TemporalCli;
import dev.ibench.workers.worker.RunningWorker;
import dev.ibench.workers.worker.WorkerRole;
import dev.ibench.workers.worker.WorkerRoles;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import dev.ibench.workflows.campaign.CellState;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.temporal.client.WorkflowStub;
import java.io.IOException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 6 item 4: a small oracle campaign on the REAL dev server is found with {@code temporal workflow list
 * --query} on its search attributes, and headless Chromium renders the Temporal UI page of its cell
 * (static summary and progress details) into {@code target/campaign-ui-cell.png}.
 */
class CampaignUiIT {
    private static final int SAMPLES = 20;
    static final Path SCREENSHOT = Path.of("target", "campaign-ui-cell.png");
    static final Path DOM = Path.of("target", "campaign-ui-cell.html");

    @TempDir Path dir;
    private DevServerProcess server;
    private TemporalConnection connection;
    private RunningWorker worker;
    private Path campaignFile;

    @BeforeEach
    void start() throws Exception {
        server = DevServerProcess.start(dir.resolve("temporal.db"), dir);
        System.setProperty("ibench.results.db", dir.resolve("results.db").toString());
        SyntheticEvalSet.writeExecutable(dir.resolve("synthetic_slot.json"), SAMPLES, CampaignServices.of(IbenchHome.resolve()).dataRoot());
        campaignFile = dir.resolve("campaign.yaml");
        Files.writeString(campaignFile, """
                name: ui
                models:
                  - {name: oracle, profile: oracle}
                benchmarks:
                  - {name: synthetic-slot, eval_set: synthetic_slot.json}
                samples_in_flight: 4
                """);
        connection = server.connect();
        // the worker stays up while the screenshot is taken: the UI asks it for the workflow's current details
        worker = RunningWorker.start(connection.client(), EnumSet.allOf(WorkerRole.class),
                WorkerRoles.standard(new CampaignSpecLoader().load(campaignFile).models()), new SimpleMeterRegistry(),
                IbenchHome.resolve());
    }

    @AfterEach
    void stop() {
        if (worker != null) {
            worker.close();
        }
        if (connection != null) {
            connection.close();
        }
        server.close();
        System.clearProperty("ibench.results.db");
    }

    @Test
    void theCampaignIsFoundBySearchAttributesAndItsCellPageShowsSummaryAndProgress() throws Exception {
        String campaignId = new CampaignStarter(CampaignServices.of(IbenchHome.resolve()), connection.client())
                .start(campaignFile, "ui-" + System.currentTimeMillis());
        CampaignStatus status = WorkflowStub.fromTyped(connection.client().newWorkflowStub(
                        CampaignWorkflow.class, "ibench-campaign-" + campaignId))
                .getResult(2, TimeUnit.MINUTES, CampaignStatus.class);
        assertThat(status.state()).isEqualTo(CellState.COMPLETED);

        List<JsonNode> all = awaitListed("IbenchCampaignId = '" + campaignId + "'", 2);
        assertThat(all).extracting(w -> w.at("/type/name").asText())
                .contains("CampaignWorkflow", "CellWorkflow");
        List<JsonNode> cells = awaitListed("IbenchCampaignId = '" + campaignId + "' AND IbenchModel = 'oracle'"
                + " AND IbenchBenchmark = 'synthetic-slot' AND IbenchState = 'COMPLETED'", 1);
        assertThat(cells).singleElement().satisfies(w -> assertThat(w.at("/type/name").asText()).isEqualTo("CellWorkflow"));
        JsonNode cell = cells.get(0);

        // cell ids contain '/', so the workflow id is one encoded path segment
        String url = server.uiUrl() + "/namespaces/default/workflows/"
                + URLEncoder.encode(cell.at("/execution/workflowId").asText(), StandardCharsets.UTF_8)
                + "/" + cell.at("/execution/runId").asText() + "/user-metadata";
        Files.createDirectories(SCREENSHOT.toAbsolutePath().getParent());
        Files.deleteIfExists(SCREENSHOT);
        chromium(url, "--screenshot=" + SCREENSHOT.toAbsolutePath());
        String dom = chromium(url, "--dump-dom");
        Files.writeString(DOM, dom);
        // the UI renders the summary and the current details (markdown) in iframes: /render?content=<url-encoded text>
        List<String> rendered = new ArrayList<>();
        Matcher iframe = Pattern.compile("src=\"/render\\?content=([^&\"]*)").matcher(dom);
        while (iframe.find()) {
            rendered.add(URLDecoder.decode(iframe.group(1), StandardCharsets.UTF_8));
        }
        assertThat(rendered).as("markdown rendered on %s (page saved as %s)", url, DOM)
                .contains("oracle on synthetic-slot (direct), " + SAMPLES + " samples x 1 trials") // static summary
                .anySatisfy(details -> assertThat(details) // current details: the progress table
                        .contains("**oracle** on **synthetic-slot** (direct) · COMPLETED")
                        .contains("| done | total | progress | completed | infra errors | rejected | in flight | spend |")
                        .containsPattern(" tokens · (—|\\$[0-9.]+) \\|")
                        .contains("| " + SAMPLES + " | " + SAMPLES + " |"));
        // a direct cell calls the model for batches of consecutive items: the first batch's activity names its items
        assertThat(dom).as("activity summaries on the page").containsPattern("items 0\\.\\.\\d+ · call oracle");
        assertThat(SCREENSHOT).exists();
        byte[] png = Files.readAllBytes(SCREENSHOT);
        assertThat(png).startsWith(new byte[] {(byte) 0x89, 'P', 'N', 'G'});
        assertThat(png.length).as("a rendered page, not a blank one").isGreaterThan(40_000);
    }

    /** Polls {@code temporal workflow list --query} until at least {@code expected} workflows are listed (visibility lags). */
    private List<JsonNode> awaitListed(String query, int expected) throws Exception {
        List<JsonNode> listed = List.of();
        for (int attempt = 0; attempt < 40 && listed.size() < expected; attempt++) {
            if (attempt > 0) {
                Thread.sleep(250);
            }
            listed = parse(TemporalCli.listWorkflows(server.cli(), server.address(), query));
        }
        return listed;
    }

    /** The CLI prints a JSON array, or one JSON object per line. */
    private static List<JsonNode> parse(String output) throws IOException {
        List<JsonNode> nodes = new ArrayList<>();
        String trimmed = output.trim();
        if (trimmed.isEmpty()) {
            return nodes;
        }
        if (trimmed.startsWith("[")) {
            Json.MAPPER.readTree(trimmed).forEach(nodes::add);
            return nodes;
        }
        var parser = Json.MAPPER.getFactory().createParser(trimmed);
        var iterator = Json.MAPPER.readValues(parser, JsonNode.class);
        iterator.forEachRemaining(nodes::add);
        return nodes;
    }

    /** Headless Chromium on {@code url} with {@code action} (e.g. {@code --dump-dom}); returns its stdout. The UI renders client-side, hence the virtual time budget. */
    private String chromium(String url, String action) throws Exception {
        List<String> command = List.of("chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + dir.resolve("chromium-profile"), "--virtual-time-budget=10000",
                "--window-size=1400,1000", action, url);
        Path out = dir.resolve("chromium.out");
        Path log = dir.resolve("chromium.log");
        Process chromium = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(log.toFile()).start();
        if (!chromium.waitFor(120, TimeUnit.SECONDS)) {
            chromium.destroyForcibly();
            throw new AssertionError("chromium did not finish in 120 s: " + Files.readString(log));
        }
        assertThat(chromium.exitValue()).as("chromium exit code; log:\n%s", Files.readString(log, StandardCharsets.UTF_8)).isZero();
        return Files.readString(out, StandardCharsets.UTF_8);
    }
}
