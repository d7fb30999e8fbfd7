package dev.ibench.core.campaign;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.ibench.core.ablation.Ablation;
import dev.ibench.core.json.TextFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Reads and validates a campaign YAML file; every problem is reported with the file and field it concerns. */
public final class CampaignSpecLoader {
    private static final List<String> MODES = List.of("direct", "react", "sql");
    /** Benchmark names are part of each cell's id (split at '/') and shown on terminals and in reports. */
    private static final String BENCHMARK_NAME = "[\\p{L}\\p{N}._-]+";
    private static final String ENV_NAME = "[A-Za-z_][A-Za-z0-9_]*";
    private final ObjectMapper yaml = new ObjectMapper(new YAMLFactory().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION))
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true)
            .configure(DeserializationFeature.ACCEPT_FLOAT_AS_INT, false); // trials: 1.5 is refused, not read as 1

    public CampaignSpec load(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new CampaignSpecException(file + ": campaign file" + (Files.exists(file) ? ": " + TextFiles.whyNotAFile(file) : " not found"));
        }
        CampaignSpec spec;
        try {
            spec = yaml.readValue(file.toFile(), CampaignSpec.class);
        } catch (UnrecognizedPropertyException e) {
            if (e.getPath().size() == 1 && CampaignSpec.REMOVED_OUTPUT_KEY.equals(e.getPropertyName())) {
                throw new CampaignSpecException(file + ": output: not a campaign key (it never wrote anything): results go to the"
                        + " results store (IBENCH_STORE); write files with `ibench campaign report ID --out FILE` or"
                        + " `ibench campaign export ID --out FILE`. Remove the line.", e);
            }
            throw new CampaignSpecException(file + ": not a valid campaign file: " + e.getOriginalMessage(), e);
        } catch (JsonProcessingException e) {
            throw new CampaignSpecException(CampaignFileError.describe(file, e), e);
        } catch (IOException e) {
            throw new CampaignSpecException(file + ": cannot read: " + e.getMessage(), e);
        }
        if (spec == null) {
            throw new CampaignSpecException(file + ": campaign file is empty");
        }
        validate(file, spec);
        return spec;
    }

    private static void validate(Path file, CampaignSpec spec) {
        require(file, spec.name() != null && !spec.name().isBlank(), "name: missing");
        require(file, !spec.models().isEmpty(), "models: at least one model is required");
        require(file, !spec.benchmarks().isEmpty(), "benchmarks: at least one benchmark is required");
        requireUnique(file, "models", spec.models().stream().map(ModelEntry::name).toList());
        requireUnique(file, "benchmarks", spec.benchmarks().stream().map(BenchmarkEntry::name).toList());
        validateModels(file, spec);
        validateBenchmarks(file, spec);
        validateModesAndAblations(file, spec);
        spec.decoding().problems().forEach(p -> require(file, false, p));
        validateToolsVia(file, spec);
        validateBudgetAndLimits(file, spec);
    }

    private static void validateModels(Path file, CampaignSpec spec) {
        for (int i = 0; i < spec.models().size(); i++) {
            ModelEntry m = spec.models().get(i);
            require(file, m.name() != null && !m.name().isBlank(), "models[" + i + "].name: missing");
            require(file, m.name().matches("[A-Za-z0-9._-]+"),
                    "models[" + i + "].name: '" + EscapedText.of(m.name()) + "' may only use letters, digits, '.', '_' and '-' (it names a task queue)");
            require(file, m.profile() != null && !m.profile().isBlank(), "models[" + i + "].profile: missing");
            require(file, m.concurrency() == null || m.concurrency() > 0, "models[" + i + "].concurrency: must be > 0");
            require(file, m.ratePerSecond() == null || (m.ratePerSecond() > 0 && m.ratePerSecond() <= 10_000),
                    "models[" + i + "].rate_per_second: must be > 0 and <= 10000 (requests per second to the endpoint), got " + m.ratePerSecond());
            require(file, m.tokensPerMinute() == null || m.tokensPerMinute() > 0,
                    "models[" + i + "].tokens_per_minute: must be > 0 (prompt + completion tokens per minute to the endpoint), got " + m.tokensPerMinute());
            require(file, m.pricePerMillionInput() == null || m.pricePerMillionInput() >= 0, "models[" + i + "].price_per_million_input: must be >= 0");
            require(file, m.pricePerMillionOutput() == null || m.pricePerMillionOutput() >= 0, "models[" + i + "].price_per_million_output: must be >= 0");
            require(file, m.pricePerMillionCachedInput() == null || m.pricePerMillionCachedInput() >= 0,
                    "models[" + i + "].price_per_million_cached_input: must be >= 0");
            validateBatch(file, spec, m, "models[" + i + "]");
            if (m.endpoint() != null) {
                EndpointUrl.problem("models[" + i + "].endpoint", m.endpoint()).ifPresent(p -> require(file, false, p));
            }
            if (m.budget() != null) {
                m.budget().problems("models[" + i + "].budget").forEach(p -> require(file, false, p));
            }
        }
    }

    /** {@code batch: true} applies to one-shot cells only: a ReACT step waits for the previous one's answer (docs/batch.md). */
    private static void validateBatch(Path file, CampaignSpec spec, ModelEntry m, String field) {
        if (m.batchSettings() != null) {
            require(file, m.batched(), field + ".batch_settings: given, but batch is not true; set batch: true to use the Batch API");
            m.batchSettings().problems(field + ".batch_settings").forEach(p -> require(file, false, p));
        }
        require(file, !m.batched() || !spec.modes().contains("react"), field + ".batch: the Batch API answers one-shot calls, but modes"
                + " include react, whose steps each wait for the previous answer; run react cells with a model entry without batch: true");
    }

    private static void validateBenchmarks(Path file, CampaignSpec spec) {
        for (int i = 0; i < spec.benchmarks().size(); i++) {
            BenchmarkEntry b = spec.benchmarks().get(i);
            require(file, b.name() != null && !b.name().isBlank(), "benchmarks[" + i + "].name: missing");
            require(file, b.name().matches(BENCHMARK_NAME), "benchmarks[" + i + "].name: '" + EscapedText.of(b.name())
                    + "' may only use letters, digits, '.', '_' and '-' (it is part of each cell's id and shown in status and reports)");
            require(file, b.evalSet() != null && !b.evalSet().isBlank(), "benchmarks[" + i + "].eval_set: missing");
            require(file, b.apiKeyEnv() == null || b.apiKeyEnv().matches(ENV_NAME), "benchmarks[" + i + "].api_key_env: '"
                    + EscapedText.of(String.valueOf(b.apiKeyEnv())) + "' is not an environment variable name (letters, digits and '_', "
                    + "not starting with a digit); it names the variable that holds the key, never the key itself");
        }
    }

    private static void validateModesAndAblations(Path file, CampaignSpec spec) {
        for (String mode : spec.modes()) {
            require(file, MODES.contains(mode), "modes: unknown mode '" + mode + "' (valid: " + String.join(", ", MODES) + ")");
        }
        for (String ablation : spec.ablations()) {
            try {
                Ablation.parse(ablation);
            } catch (IllegalArgumentException e) {
                require(file, false, "ablations: " + e.getMessage());
            }
            require(file, ablation.equals(CampaignSpec.DEFAULT_ABLATION) || !spec.modes().contains("sql"),
                    "ablations: '" + ablation + "' applies to direct and react cells only; run sql cells in a campaign without ablations");
        }
        spec.ablationSettings().problems(spec.ablations()).forEach(p -> require(file, false, p));
    }

    private static void validateToolsVia(Path file, CampaignSpec spec) {
        require(file, spec.toolsVia().equals(CampaignSpec.TOOLS_IN_PROCESS) || spec.toolsVia().equals(CampaignSpec.TOOLS_VIA_MCP),
                "tools_via: unknown value '" + spec.toolsVia() + "' (valid: " + CampaignSpec.TOOLS_IN_PROCESS + ", " + CampaignSpec.TOOLS_VIA_MCP + ")");
        if (spec.toolsVia().equals(CampaignSpec.TOOLS_VIA_MCP)) {
            require(file, spec.mcp() != null, "tools_via: mcp needs an 'mcp:' block with 'command' or 'url'");
            require(file, spec.modes().contains("react"), "tools_via: mcp applies to react cells only, but modes are " + spec.modes());
            spec.mcp().problems().forEach(p -> require(file, false, p));
        } else {
            require(file, spec.mcp() == null, "mcp: given, but tools_via is '" + spec.toolsVia() + "'; set tools_via: mcp to use it");
        }
    }

    private static void validateBudgetAndLimits(Path file, CampaignSpec spec) {
        if (spec.budget() != null) {
            spec.budget().problems("budget").forEach(p -> require(file, false, p));
        }
        require(file, spec.trials() >= 1, "trials: must be >= 1");
        require(file, spec.cellsInFlight() >= 1, "cells_in_flight: must be >= 1");
        require(file, spec.samplesInFlight() >= 1, "samples_in_flight: must be >= 1");
        require(file, spec.maxRejectedShare() > 0 && spec.maxRejectedShare() <= 1,
                "max_rejected_share: must be > 0 and <= 1 (the share of a cell's items the endpoint may reject before the cell stops), got "
                        + spec.maxRejectedShare());
        require(file, spec.noWorkerCheckSeconds() >= 1 && spec.noWorkerCheckSeconds() <= 3600,
                "no_worker_check_seconds: must be between 1 and 3600 (how long an activity waits for a worker before the cell"
                        + " checks its task queue), got " + spec.noWorkerCheckSeconds());
        require(file, spec.minSettledBeforeStop() >= 1,
                "min_settled_before_stop: must be >= 1 (how many items a cell settles before max_rejected_share can stop it), got "
                        + spec.minSettledBeforeStop());
        require(file, spec.sqlQueryTimeoutSeconds() >= 1 && spec.sqlQueryTimeoutSeconds() <= 3600,
                "sql_query_timeout_seconds: must be between 1 and 3600 (the SQL baseline's deadline per query), got "
                        + spec.sqlQueryTimeoutSeconds());
        require(file, spec.samples().limit() == null || spec.samples().limit() > 0, "samples.limit: must be > 0");
    }

    private static void requireUnique(Path file, String field, List<String> names) {
        Set<String> seen = new HashSet<>();
        for (String n : names) {
            require(file, n == null || seen.add(n), field + ": duplicate name '" + EscapedText.of(n) + "'");
        }
    }

    private static void require(Path file, boolean ok, String problem) {
        if (!ok) {
            throw new CampaignSpecException(file + ": " + problem);
        }
    }
}
