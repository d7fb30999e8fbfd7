package dev.ibench.workers.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class WorkerRoleTest {

    @Test
    void parsesACommaSeparatedListCaseInsensitively() {
        assertThat(WorkerRole.parseList("workflows, LLM,tools"))
                .containsExactly(WorkerRole.WORKFLOWS, WorkerRole.LLM, WorkerRole.TOOLS);
    }

    @Test
    void rejectsUnknownRolesListingTheValidOnes() {
        assertThatThrownBy(() -> WorkerRole.parseList("workflows,gpu"))
                .hasMessageContaining("'gpu'")
                .hasMessageContaining("workflows,llm,tools,scoring");
        assertThatThrownBy(() -> WorkerRole.parseList(" , ")).hasMessageContaining("at least one role");
    }

    @Test
    void standardRegistryServesTheDurabilityCheckOnTheWorkflowsRole() {
        assertThat(WorkerRoles.standard().registrationsOf(WorkerRole.WORKFLOWS)).isNotEmpty();
    }
}
