package dev.ibench.workers.cli;

import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.workers.modelcheck.ModelCheck;
import dev.ibench.workers.modelcheck.ModelCheckView;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "model",
        mixinStandardHelpOptions = true,
        description = "Check a model profile: render a prompt for one sample, call the model, print answer, tokens and latency.",
        subcommands = {ModelCommand.Check.class, ModelCommand.Profiles.class})
final class ModelCommand implements Callable<Integer> {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(System.out);
        return 0;
    }

    /** The profile directory: --profiles, else ./profiles when it exists (built-ins only otherwise). */
    static Path profileDir(Path option) {
        if (option != null) {
            if (!Files.isDirectory(option)) {
                throw new IllegalArgumentException("--profiles " + option + " is not a directory");
            }
            return option;
        }
        Path local = Path.of("profiles");
        return Files.isDirectory(local) ? local : null;
    }

    @Command(name = "profiles", mixinStandardHelpOptions = true, description = "List the known model profiles (built-in and from the profile directory).")
    static final class Profiles implements Callable<Integer> {
        @Option(names = "--profiles", paramLabel = "DIR", description = "Directory of user profiles (*.yaml); default ./profiles if present.") Path profiles;
        @Option(names = "--json", description = "Machine-readable output.") boolean json;

        @Override
        public Integer call() throws Exception {
            List<ModelProfile> all = ProfileCatalog.load(profileDir(profiles)).all();
            if (json) {
                System.out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(all));
                return 0;
            }
            for (ModelProfile p : all) {
                System.out.printf("%-24s %-7s %-11s %-7s %s%n", p.name(), p.provider(), p.family(), p.mode().yamlName(),
                        p.description() != null ? p.description() : p.model() != null ? p.model() : "");
            }
            return 0;
        }
    }

    @Command(name = "check", mixinStandardHelpOptions = true,
            description = "Render the profile's prompt for one sample, call the model once (through the response cache),"
                    + " and print the prompt, the raw answer, token counts and latency.")
    static final class Check implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "PROFILE", description = "Profile name, or path to a profile YAML file.") String profileName;
        @Option(names = "--eval-set", paramLabel = "FILE", description = "Eval-set JSON (array, {\"data\":[...]} or JSONL). Default: the seed's first ICL example.") Path evalSet;
        @Option(names = "--sample", paramLabel = "ID", description = "sample_id in the eval set (default: its first sample).") String sampleId;
        @Option(names = "--style", paramLabel = "STYLE", description = "slot, sel, rest or react (default: slot; sel when the sample's tools are SEL tools).") String style;
        @Option(names = "--endpoint", paramLabel = "URL", description = "Override the profile's base_url, e.g. http://localhost:8000/v1.") String endpoint;
        @Option(names = "--profiles", paramLabel = "DIR", description = "Directory of user profiles (*.yaml); default ./profiles if present.") Path profiles;
        @Option(names = "--icl-dir", paramLabel = "DIR", description = "Folder with examples_icl_{slot_filling,sequencing}.json (default: bundled copies).") Path iclDir;
        @Option(names = "--cache", paramLabel = "FILE", description = "Response cache in this SQLite file (default: the results store, --store / $IBENCH_STORE, else .ibench/results.db).") Path cacheFile;
        @Option(names = "--no-cache", description = "Do not read or write the response cache.") boolean noCache;
        @Option(names = "--max-tokens", paramLabel = "N", description = "Override the profile's max_tokens.") Integer maxTokens;
        @Option(names = "--json", description = "Machine-readable output.") boolean json;

        @Override
        public Integer call() throws Exception {
            ModelCheck.Settings settings;
            ModelCheck.Prepared prepared;
            try {
                ModelProfile profile = ProfileCatalog.load(profileDir(profiles)).resolve(profileName);
                settings = new ModelCheck.Settings(endpoint != null ? profile.withBaseUrl(endpoint) : profile, evalSet, sampleId, style,
                        iclDir, cacheFile, noCache, maxTokens);
                prepared = ModelCheck.prepare(settings);
            } catch (IllegalArgumentException | IOException e) {
                System.err.println("ibench model check: " + e.getMessage());
                return 2;
            }
            boolean shown = false;
            try (ModelCheck.Session session = ModelCheck.open(settings, prepared)) {
                prepared = session.prepared();
                if (!json) {
                    System.out.print(ModelCheckView.header(prepared));
                    System.out.flush();
                    shown = true;
                }
                ModelCheck.Outcome outcome = session.call();
                System.out.print(json ? ModelCheckView.json(prepared, outcome).toPrettyString() + System.lineSeparator()
                        : ModelCheckView.text(outcome));
                return 0;
            } catch (ModelCallException e) {
                if (json) {
                    System.out.println(ModelCheckView.failureJson(prepared, e, prepared.warningsBefore()).toPrettyString());
                } else {
                    if (!shown) {
                        System.out.print(ModelCheckView.header(prepared));
                    }
                    System.err.println(ModelCheckView.failure(e));
                }
                return 1;
            }
        }
    }
}
