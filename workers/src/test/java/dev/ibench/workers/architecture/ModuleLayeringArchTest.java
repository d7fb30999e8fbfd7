package dev.ibench.workers.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** Dependencies point one way: core <- activities <- workflows <- workers; core has no Temporal, network or threads. */
class ModuleLayeringArchTest {

    private static final JavaClasses PRODUCTION = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.ibench");

    @Test
    void coreIsPureDomain() {
        noClasses().that().resideInAPackage("dev.ibench.core..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "dev.ibench.activities..", "dev.ibench.workflows..", "dev.ibench.workers..",
                        "io.temporal..", "okhttp3..", "java.net..")
                // thread-safe collections are fine (activities share the runtime across threads); running work is not
                .orShould().dependOnClassesThat().belongToAnyOf(Thread.class, java.util.concurrent.Executor.class,
                        java.util.concurrent.ExecutorService.class, java.util.concurrent.Executors.class,
                        java.util.concurrent.ForkJoinPool.class, java.util.concurrent.CompletableFuture.class,
                        java.util.concurrent.ThreadPoolExecutor.class, java.util.Timer.class)
                .allowEmptyShould(true)
                .check(PRODUCTION);
    }

    @Test
    void activitiesDoNotKnowWorkflowsOrWorkers() {
        noClasses().that().resideInAPackage("dev.ibench.activities..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.ibench.workflows..", "dev.ibench.workers..")
                .check(PRODUCTION);
    }

    @Test
    void workflowsDoNotKnowWorkers() {
        noClasses().that().resideInAPackage("dev.ibench.workflows..")
                .should().dependOnClassesThat().resideInAPackage("dev.ibench.workers..")
                .check(PRODUCTION);
    }
}
