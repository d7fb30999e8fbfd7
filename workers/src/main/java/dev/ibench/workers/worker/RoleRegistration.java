package dev.ibench.workers.worker;

/** Registers the workflow and activity implementations of one feature on the workers of a role. */
@FunctionalInterface
public interface RoleRegistration {
    void register(WorkerSetup setup);
}
