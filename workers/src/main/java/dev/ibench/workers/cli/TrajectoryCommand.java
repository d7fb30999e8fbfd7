package dev.ibench.workers.cli;

import dev.ibench.activities.react.TrajectoryView;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ChatToolCall;
import dev.ibench.core.react.ReactStep;
import dev.ibench.core.react.ReactTurn;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.StoreSetting;
import dev.ibench.activities.store.StoreDialect;
import dev.ibench.activities.store.StoreLocation;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ibench campaign trajectory ID SAMPLE [--trial N] [--results FILE] [--json]}: prints the stored ReACT
 * trajectory of one sample, step by step with full observations, and its outcome. Exit 0: printed;
 * 1: the campaign has no react trajectory of that sample; 2: the results store is missing.
 */
class TrajectoryCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Parameters(index = "0", paramLabel = "ID", description = "Campaign id.")
    String id;

    @Parameters(index = "1", paramLabel = "SAMPLE", description = "Sample id (e.g. superhero-717).")
    String sample;

    @Option(names = "--trial", paramLabel = "N", description = "Only this trial (default: every trial).")
    Integer trial;

    @Option(names = "--results", paramLabel = "URL|FILE",
            description = "Results store: a SQLite file or jdbc:postgresql: URL (default: --store / $IBENCH_STORE, else <home>/.ibench/results.db).")
    String results;

    @Option(names = "--json", description = "Print the trajectory as JSON.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        StoreLocation store = results != null ? StoreLocation.parse(results, "--results") : StoreSetting.resolve(IbenchHome.resolve());
        if (store.dialect() == StoreDialect.SQLITE && !Files.isRegularFile(store.file())) {
            err.println("ibench campaign trajectory: results store " + store.file() + " does not exist (use --results FILE or --store)");
            err.flush();
            return 2;
        }
        List<TrajectoryView> views;
        try (ResultsDatabase db = ResultsDatabase.openForReading(store)) {
            views = TrajectoryView.of(new ResultsStore(db), id, sample).stream()
                    .filter(v -> trial == null || v.trial() == trial).toList();
        }
        if (views.isEmpty()) {
            err.println("ibench campaign trajectory: campaign " + id + " has no ReACT trajectory of sample " + sample
                    + (trial == null ? "" : " trial " + trial) + " in " + store.display());
            err.flush();
            return 1;
        }
        if (json) {
            out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(views.size() == 1 ? views.get(0) : views));
        } else {
            views.forEach(v -> print(out, v));
        }
        out.flush();
        return 0;
    }

    static void print(PrintWriter out, TrajectoryView v) {
        out.println("Trajectory of " + v.sampleId() + " trial " + v.trial() + " · " + v.model() + " on " + v.benchmark()
                + " · cell " + v.cellId() + " · campaign " + v.campaignId());
        out.println("Outcome: " + outcome(v));
        if (v.initialObservation() != null && !v.initialObservation().isBlank()) { // REST trajectories have no step 0 note
            out.println();
            out.println("Step 0 · initialize_active_data");
            out.println("  Observation: " + v.initialObservation());
        }
        for (TrajectoryView.Step s : v.steps()) {
            out.println();
            if (s.reasoning() != null) {
                out.println("Step " + s.step() + " · reasoning (not parsed)");
                out.println("  " + indent(s.reasoning()));
            }
            switch (s.kind()) {
                case "action" -> {
                    out.println("Step " + s.step() + " · " + s.action() + (Boolean.FALSE.equals(s.toolOk()) ? " (tool error)" : ""));
                    out.println("  Thought: " + indent(s.thought()));
                    out.println("  Action: " + s.action());
                    out.println("  Action Input: " + json(s.actionInput()));
                    out.println("  Observation: " + (s.observation() == null ? "(not run yet)" : indent(s.observation())));
                }
                case "tool_calls" -> printToolCalls(out, s);
                case "final_answer" -> {
                    out.println("Step " + s.step() + " · final answer");
                    out.println("  Thought: " + indent(s.thought()));
                    out.println("  Final Answer: " + indent(s.finalAnswer()));
                }
                default -> {
                    out.println("Step " + s.step() + " · parse failure");
                    out.println("  Model output: " + indent(s.rawOutput().strip()));
                    out.println("  Observation: " + indent(s.observation()));
                }
            }
        }
        out.println();
    }

    /** A native agent's turn: its text, then each call as the model wrote it with its observation. */
    private static void printToolCalls(PrintWriter out, TrajectoryView.Step s) {
        out.println("Step " + s.step() + " · tool calls: " + s.action() + (Boolean.FALSE.equals(s.toolOk()) ? " (tool error)" : ""));
        if (s.thought() != null && !s.thought().isBlank()) {
            out.println("  Text: " + indent(s.thought()));
        }
        ReactStep step = ReactStep.of(s.step(), s.rawOutput()).withObservation(s.observation(), Boolean.TRUE.equals(s.toolOk()));
        List<String> observations = step.observations();
        List<ChatToolCall> calls = step.turn() instanceof ReactTurn.NativeCalls n ? n.calls() : List.of();
        for (int i = 0; i < calls.size(); i++) {
            out.println("  Call: " + calls.get(i).name() + " " + calls.get(i).arguments() + (calls.get(i).id() == null ? "" : "  (" + calls.get(i).id() + ")"));
            out.println("  Observation: " + (i < observations.size() ? indent(observations.get(i)) : "(not run yet)"));
        }
    }

    private static String outcome(TrajectoryView v) {
        Map<String, Object> o = v.outcome();
        if (o == null) {
            return v.status() + " (" + v.steps().size() + " steps stored)";
        }
        return (Boolean.TRUE.equals(o.get("completed")) ? "completed" : "not completed")
                + " · end " + o.get("end") + " · loops " + o.get("loops") + "/" + o.get("budget")
                + " · OOB " + yes(o.get("oob")) + " · stuck " + yes(o.get("stuck")) + " · unclassified " + yes(o.get("unclassified"))
                + " · parse failures " + o.get("parse_failures") + " · tool errors " + o.get("tool_errors");
    }

    private static String yes(Object flag) {
        return Boolean.TRUE.equals(flag) ? "yes" : "no";
    }

    private static String indent(String text) {
        return text == null ? "" : text.replace("\n", "\n    ");
    }

    private static String json(Object value) {
        try {
            return Json.MAPPER.writeValueAsString(value);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return String.valueOf(value);
        }
    }
}
