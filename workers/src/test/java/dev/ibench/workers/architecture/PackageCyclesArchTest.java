package dev.ibench.workers.architecture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.ibench.workers.architecture.fixtures.cycle.left.LeftHalf;
import dev.ibench.workers.architecture.fixtures.cycle.right.RightHalf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * No package cycles inside any module: dev.ibench.<module>.(*) slices are free of cycles. The testing and bench
 * modules have one package each (no slices, so nothing to check).
 */
class PackageCyclesArchTest {

    private static final JavaClasses PRODUCTION = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.ibench");

    @ParameterizedTest
    @ValueSource(strings = {"core", "activities", "workflows", "workers"})
    void packagesOfEachModuleAreFreeOfCycles(String module) {
        String root = "dev.ibench." + module;
        assertThat(PRODUCTION.stream().filter(c -> c.getPackageName().startsWith(root + ".")).count())
                .as("production classes of %s were imported", module)
                .isGreaterThan(10);
        PackageCycleRules.packagesFreeOfCycles(root).check(PRODUCTION);
    }

    /** The gateway's rooms (client, admission, cache, spend, failure) use each other in one direction only. */
    @Test
    void gatewayPackagesAreFreeOfCycles() {
        PackageCycleRules.packagesFreeOfCycles("dev.ibench.activities.llm").check(PRODUCTION);
    }

    @Test
    void ruleFailsOnTwoPackagesThatUseEachOther() {
        JavaClasses fixture = new ClassFileImporter().importClasses(LeftHalf.class, RightHalf.class);
        assertThatThrownBy(() -> PackageCycleRules.packagesFreeOfCycles("dev.ibench.workers.architecture.fixtures.cycle").check(fixture))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Cycle detected")
                .hasMessageContaining("LeftHalf")
                .hasMessageContaining("RightHalf");
    }

    @Test
    void ruleAcceptsADependencyInOneDirection() {
        JavaClasses oneWay = new ClassFileImporter().importClasses(RightHalf.class, LeftHalf.Standalone.class);
        PackageCycleRules.packagesFreeOfCycles("dev.ibench.workers.architecture.fixtures.cycle").check(oneWay);
    }
}
