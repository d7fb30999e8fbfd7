package dev.ibench.workers.architecture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.ibench.workers.architecture.fixtures.ClockReadingWorkflowImpl;
import dev.ibench.workers.architecture.fixtures.DeterministicWorkflowImpl;
import dev.ibench.workers.architecture.fixtures.activities.FixtureActivitiesImpl;
import dev.ibench.workflows.durability.DurabilityCheckWorkflowImpl;
import org.junit.jupiter.api.Test;

class WorkflowDeterminismArchTest {

    private static final JavaClasses PRODUCTION = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.ibench");

    @Test
    void productionWorkflowCodeIsDeterministic() {
        assertThat(PRODUCTION.contain(DurabilityCheckWorkflowImpl.class))
                .as("the production classes were imported")
                .isTrue();
        WorkflowCodeRules.workflowCodeIsDeterministic().check(PRODUCTION);
    }

    @Test
    void ruleFindsWorkflowImplementationsOutsideTheWorkflowsModule() {
        JavaClasses fixtures = new ClassFileImporter().importClasses(ClockReadingWorkflowImpl.class);
        assertThat(WorkflowCodeRules.WORKFLOW_CODE.test(fixtures.get(ClockReadingWorkflowImpl.class))).isTrue();
    }

    @Test
    void ruleRejectsClocksRandomnessIoThreadsAndActivityImplementations() {
        JavaClasses fixtures = new ClassFileImporter()
                .importClasses(ClockReadingWorkflowImpl.class, FixtureActivitiesImpl.class);
        assertThatThrownBy(() -> WorkflowCodeRules.workflowCodeIsDeterministic().check(fixtures))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("java.time.Instant.now()")
                .hasMessageContaining("java.lang.System.currentTimeMillis()")
                .hasMessageContaining("java.util.UUID.randomUUID()")
                .hasMessageContaining("java.util.Random.<init>()")
                .hasMessageContaining("java.nio.file.Files")
                .hasMessageContaining("java.util.concurrent.CompletableFuture")
                .hasMessageContaining("FixtureActivitiesImpl");
    }

    @Test
    void ruleAcceptsWorkflowCodeThatUsesTheWorkflowApi() {
        JavaClasses fixtures = new ClassFileImporter().importClasses(DeterministicWorkflowImpl.class);
        WorkflowCodeRules.workflowCodeIsDeterministic().check(fixtures);
        assertThat(WorkflowCodeRules.WORKFLOW_CODE.test(fixtures.get(DeterministicWorkflowImpl.class))).isTrue();
    }
}
