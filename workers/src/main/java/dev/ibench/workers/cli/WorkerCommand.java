package dev.ibench.workers.cli;

import com.uber.m3.tally.NoopScope;
import com.uber.m3.tally.Scope;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.access.ServedAccess;
import dev.ibench.workers.metrics.MetricsEndpoint;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.temporal.TemporalSettings;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.worker.CampaignModelWatcher;
import dev.ibench.workers.worker.RunningWorker;
import dev.ibench.workers.worker.WorkerRole;
import dev.ibench.workers.worker.WorkerRoles;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import dev.ibench.core.campaign.CampaignSpecLoader;
import dev.ibench.core.campaign.ModelEntry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import dev.ibench.workers.worker.roles.RestGenerationRegistration;

@Command(name = "worker", mixinStandardHelpOptions = true,
        description = "Run a Temporal worker serving the given task-queue roles until stopped (SIGTERM / Ctrl-C).")
final class WorkerCommand implements Callable<Integer> {

    /** Printed on stdout once the worker polls; process supervisors and tests wait for it. */
    static final String READY_LINE = "ibench worker ready";

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Option(names = "--roles", defaultValue = "workflows,llm,tools,scoring", paramLabel = "ROLE[,ROLE...]",
            description = "Roles to serve, of: workflows, llm, tools, scoring (default: ${DEFAULT-VALUE}).")
    String roles;

    @Option(names = "--metrics-port", defaultValue = "0", paramLabel = "N",
            description = "Serve Prometheus metrics on http://<metrics-host>:N/metrics (0 = no endpoint, the default).")
    int metricsPort;

    @Option(names = "--metrics-host", defaultValue = "127.0.0.1",
            description = "Bind address of /metrics (default: ${DEFAULT-VALUE}, loopback; another address needs --metrics-token-env).")
    String metricsHost;

    @Option(names = "--metrics-token-env", paramLabel = "NAME",
            description = "Require 'Authorization: Bearer <token>' on /metrics, the token being the value of environment variable NAME (never printed).")
    String metricsTokenEnv;

    /** Scrapes in flight per client address at most; Prometheus sends one at a time. */
    private static final int METRICS_REQUESTS_PER_CLIENT = 4;

    @CommandLine.Mixin TemporalOptions temporal;

    @Option(names = "--models-from", paramLabel = "CAMPAIGN.yaml",
            description = "Serve the LLM queues of the models of these campaign files (role llm).")
    List<Path> modelsFrom = new ArrayList<>();

    @Option(names = "--rest-models", split = ",", paramLabel = "PROFILE[,PROFILE...]",
            description = "Serve REST code-gen and LLM-judge steps for these model profiles (role llm; also $IBENCH_REST_MODELS).")
    List<String> restModels = new ArrayList<>();

    private static final long FOLLOW_EVERY_SECONDS = 5;

    @Override
    public Integer call() throws InterruptedException {
        Set<WorkerRole> selected;
        try {
            selected = WorkerRole.parseList(roles);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        if (metricsPort < 0 || metricsPort > 65535) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--metrics-port must be 0..65535, got " + metricsPort);
        }
        MetricsEndpoint metrics = metricsPort > 0 ? startMetrics() : null;
        Scope scope = metrics == null ? new NoopScope() : metrics.temporalScope();
        MeterRegistry meters = metrics == null ? new SimpleMeterRegistry() : metrics.registry();

        TemporalSettings settings = temporal.settings();
        TemporalConnection connection = TemporalConnection.open(settings.address(), settings.namespace(), scope);
        connection.awaitReady(Duration.ofSeconds(60));
        List<ModelEntry> models = campaignModels();
        RunningWorker worker = RunningWorker.start(
                connection.client(), selected, WorkerRoles.standard(models, RestGenerationRegistration.models(System::getenv, restModels)), meters, IbenchHome.resolve());
        // campaigns started later bring models this worker learns without a restart
        CampaignModelWatcher watcher = selected.contains(WorkerRole.LLM)
                ? new CampaignModelWatcher(connection.client(), CampaignServices.of(IbenchHome.resolve()).store(), meters, IbenchHome.resolve(),
                        models.stream().map(ModelEntry::name).toList(), line -> {
                            System.out.println(line);
                            System.out.flush();
                        }).start(FOLLOW_EVERY_SECONDS)
                : null;

        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (watcher != null) {
                watcher.close();
            }
            worker.close();
            connection.close();
            if (metrics != null) {
                metrics.close();
            }
            stopped.countDown();
        }, "ibench-worker-shutdown"));

        worker.registered().forEach(line -> System.out.println("  " + line));
        System.out.println(READY_LINE + ": roles=" + roles + " address=" + connection.address()
                + " namespace=" + connection.namespace() + " task-queues=" + worker.taskQueues()
                + (metrics == null ? "" : " metrics=http://" + metricsHost + ":" + metrics.port() + "/metrics"));
        System.out.flush();
        stopped.await();
        return 0;
    }

    private MetricsEndpoint startMetrics() {
        String token = null;
        if (metricsTokenEnv != null) {
            token = System.getenv(metricsTokenEnv);
            if (token == null || token.isBlank()) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--metrics-token-env " + metricsTokenEnv + ": the environment variable " + metricsTokenEnv + " is not set or empty");
            }
            token = token.strip();
        }
        try {
            return MetricsEndpoint.start(metricsHost, metricsPort,
                    new ServedAccess(token, List.of(), List.of(), 0, 0, METRICS_REQUESTS_PER_CLIENT));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private List<ModelEntry> campaignModels() {
        Map<String, ModelEntry> byName = new LinkedHashMap<>();
        for (Path file : modelsFrom) {
            for (ModelEntry model : new CampaignSpecLoader().load(file).models()) {
                ModelEntry previous = byName.putIfAbsent(model.name(), model);
                if (previous != null && !previous.equals(model)) {
                    throw new CommandLine.ParameterException(spec.commandLine(),
                            "model '" + model.name() + "' is defined differently in two --models-from files");
                }
            }
        }
        return List.copyOf(byName.values());
    }
}
