package dev.ibench.workers.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.lang.ArchRule;

/** Inside a module, the packages directly under its root package (with their subpackages) depend on each other without cycles. */
final class PackageCycleRules {
    private PackageCycleRules() {}

    static ArchRule packagesFreeOfCycles(String rootPackage) {
        return slices().matching(rootPackage + ".(*)..").should().beFreeOfCycles();
    }
}
