package dev.ibench.workers.worker;

import dev.ibench.core.campaign.ModelEntry;
import dev.ibench.workers.worker.roles.CampaignModelsRegistration;
import dev.ibench.workers.worker.roles.CampaignScoringRegistration;
import dev.ibench.workers.worker.roles.CampaignWorkflowsRegistration;
import dev.ibench.workers.worker.roles.DurabilityCheckRegistration;
import dev.ibench.workers.worker.roles.MultiTurnRegistration;
import dev.ibench.workers.worker.roles.ReactRegistration;
import dev.ibench.workers.worker.roles.RestGenerationRegistration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which registrations each role runs. To serve a new workflow or activity, add one
 * {@code .add(role, registration)} line to {@link #standard()}.
 */
public final class WorkerRoles {
    private final Map<WorkerRole, List<RoleRegistration>> registrations;

    private WorkerRoles(Map<WorkerRole, List<RoleRegistration>> registrations) {
        this.registrations = registrations;
    }

    /** The registrations of the product, with no campaign models on the LLM role. */
    public static WorkerRoles standard() {
        return standard(List.of());
    }

    /** The registrations of the product; the LLM role serves the given campaign models and the REST models of the environment. */
    public static WorkerRoles standard(List<ModelEntry> campaignModels) {
        return standard(campaignModels, RestGenerationRegistration.models(System::getenv, List.of()));
    }

    /** The registrations of the product; the LLM role serves the given campaign models and REST code-gen/judge profiles. */
    public static WorkerRoles standard(List<ModelEntry> campaignModels, List<String> restModels) {
        RestGenerationRegistration rest = new RestGenerationRegistration(restModels);
        ReactRegistration react = new ReactRegistration();
        MultiTurnRegistration multiTurn = new MultiTurnRegistration();
        return builder()
                .add(WorkerRole.WORKFLOWS, new DurabilityCheckRegistration())
                .add(WorkerRole.WORKFLOWS, new CampaignWorkflowsRegistration())
                .add(WorkerRole.SCORING, new CampaignScoringRegistration())
                .add(WorkerRole.LLM, new CampaignModelsRegistration(campaignModels))
                .add(WorkerRole.WORKFLOWS, react::workflows)
                .add(WorkerRole.TOOLS, react::tools)
                .add(WorkerRole.SCORING, react::scoring)
                .add(WorkerRole.WORKFLOWS, multiTurn::workflows)
                .add(WorkerRole.TOOLS, multiTurn::tools)
                .add(WorkerRole.SCORING, multiTurn::scoring)
                .add(WorkerRole.WORKFLOWS, rest::workflows)
                .add(WorkerRole.TOOLS, rest::tools)
                .add(WorkerRole.SCORING, rest::scoring)
                .add(WorkerRole.LLM, rest::llm)
                .build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public List<RoleRegistration> registrationsOf(WorkerRole role) {
        return registrations.getOrDefault(role, List.of());
    }

    /** Runs the registrations of {@code roles} against {@code setup}. */
    public void registerAll(Set<WorkerRole> roles, WorkerSetup setup) {
        for (WorkerRole role : roles) {
            List<RoleRegistration> forRole = registrationsOf(role);
            if (forRole.isEmpty()) {
                setup.describe("role " + role.cliName() + ": nothing registered yet");
            }
            forRole.forEach(registration -> registration.register(setup));
        }
    }

    public static final class Builder {
        private final Map<WorkerRole, List<RoleRegistration>> registrations = new EnumMap<>(WorkerRole.class);

        public Builder add(WorkerRole role, RoleRegistration registration) {
            registrations.computeIfAbsent(role, r -> new ArrayList<>()).add(registration);
            return this;
        }

        public WorkerRoles build() {
            Map<WorkerRole, List<RoleRegistration>> copy = new EnumMap<>(WorkerRole.class);
            registrations.forEach((role, list) -> copy.put(role, List.copyOf(list)));
            return new WorkerRoles(copy);
        }
    }
}
