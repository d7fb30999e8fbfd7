package dev.ibench.workers.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaConstructorCall;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.lang.ArchRule;
import io.temporal.workflow.WorkflowInterface;
import java.util.Optional;
import java.util.Set;

/**
 * Determinism rules for workflow code. "Workflow code" is found generically, so future workflows are
 * covered without touching this class: every class that implements a {@link WorkflowInterface} type,
 * every class nested in one, and every class in a {@code dev.ibench.workflows} package.
 */
final class WorkflowCodeRules {

    /** Types whose mere use makes workflow code non-deterministic or blocking. */
    private static final Set<String> FORBIDDEN_TYPES = Set.of(
            "java.lang.Thread", "java.lang.ThreadLocal", "java.lang.Runtime", "java.lang.ProcessBuilder",
            "java.util.Timer", "java.time.Clock",
            "java.util.concurrent.ThreadLocalRandom", "java.util.concurrent.Executor",
            "java.util.concurrent.ExecutorService", "java.util.concurrent.ScheduledExecutorService",
            "java.util.concurrent.Executors", "java.util.concurrent.CompletableFuture",
            "java.util.concurrent.Future", "java.util.concurrent.ForkJoinPool", "java.util.concurrent.CountDownLatch",
            "java.util.concurrent.Semaphore");

    /** Packages of I/O, network, JDBC and HTTP clients. */
    private static final String[] FORBIDDEN_PACKAGES = {
        "java.io..", "java.nio.file..", "java.nio.channels..", "java.net..", "javax.net..", "java.net.http..",
        "java.sql..", "javax.sql..", "okhttp3..", "java.util.concurrent.locks.."
    };

    /** Static calls that read the wall clock, randomness or the environment. */
    private static final Set<String> FORBIDDEN_CALLS = Set.of(
            "java.lang.System.currentTimeMillis", "java.lang.System.nanoTime", "java.lang.System.getenv",
            "java.lang.System.getProperty", "java.lang.System.getProperties", "java.lang.Math.random",
            "java.lang.StrictMath.random", "java.util.UUID.randomUUID", "java.lang.Thread.sleep");

    private WorkflowCodeRules() {}

    static final DescribedPredicate<JavaClass> WORKFLOW_CODE = new DescribedPredicate<>(
            "are workflow code (implement a @WorkflowInterface type, are nested in one, or live in dev.ibench.workflows..)") {
        @Override
        public boolean test(JavaClass javaClass) {
            if (javaClass.getPackageName().startsWith("dev.ibench.workflows")) {
                return true;
            }
            for (Optional<JavaClass> c = Optional.of(javaClass); c.isPresent(); c = c.get().getEnclosingClass()) {
                if (implementsWorkflowInterface(c.get())) {
                    return true;
                }
            }
            return false;
        }
    };

    private static boolean implementsWorkflowInterface(JavaClass javaClass) {
        return !javaClass.isInterface() && javaClass.getAllRawInterfaces().stream()
                .anyMatch(i -> i.isAnnotatedWith(WorkflowInterface.class));
    }

    private static final DescribedPredicate<JavaClass> FORBIDDEN_TYPE = new DescribedPredicate<>(
            "are I/O, network, JDBC, HTTP-client, thread, clock or randomness types") {
        @Override
        public boolean test(JavaClass javaClass) {
            if (FORBIDDEN_TYPES.contains(javaClass.getName())) {
                return true;
            }
            String pkg = javaClass.getPackageName();
            for (String pattern : FORBIDDEN_PACKAGES) {
                String prefix = pattern.substring(0, pattern.length() - 2);
                if (pkg.equals(prefix) || pkg.startsWith(prefix + ".")) {
                    return true;
                }
            }
            return false;
        }
    };

    private static final DescribedPredicate<JavaClass> ACTIVITY_IMPLEMENTATION = new DescribedPredicate<>(
            "are activity implementations (..activities.. classes named *Impl)") {
        @Override
        public boolean test(JavaClass javaClass) {
            return javaClass.getPackageName().contains(".activities") && javaClass.getSimpleName().endsWith("Impl");
        }
    };

    private static final DescribedPredicate<JavaMethodCall> NONDETERMINISTIC_CALL = new DescribedPredicate<>(
            "read the wall clock, randomness or the environment (System.currentTimeMillis, Instant.now, UUID.randomUUID, ...)") {
        @Override
        public boolean test(JavaMethodCall call) {
            String owner = call.getTargetOwner().getName();
            String name = call.getName();
            return FORBIDDEN_CALLS.contains(owner + "." + name)
                    || (owner.startsWith("java.time.") && name.equals("now"));
        }
    };

    /** {@code Workflow.newRandom()} returns a {@code java.util.Random}, so only creating one is forbidden. */
    private static final DescribedPredicate<JavaConstructorCall> UNSEEDED_RANDOM = new DescribedPredicate<>(
            "create a java.util.Random or SecureRandom (use Workflow.newRandom())") {
        @Override
        public boolean test(JavaConstructorCall call) {
            String owner = call.getTargetOwner().getName();
            return owner.equals("java.util.Random") || owner.equals("java.security.SecureRandom");
        }
    };

    /** The rule: workflow code uses none of the forbidden types, calls or activity implementations. */
    static ArchRule workflowCodeIsDeterministic() {
        return noClasses().that(WORKFLOW_CODE)
                .should().dependOnClassesThat(FORBIDDEN_TYPE)
                .orShould().dependOnClassesThat(ACTIVITY_IMPLEMENTATION)
                .orShould().callMethodWhere(NONDETERMINISTIC_CALL)
                .orShould().callConstructorWhere(UNSEEDED_RANDOM)
                .because("workflow code is replayed and must be deterministic: use Workflow.currentTimeMillis(), "
                        + "Workflow.newRandom(), Workflow.sleep, Async/Promise and activity interfaces instead");
    }
}
