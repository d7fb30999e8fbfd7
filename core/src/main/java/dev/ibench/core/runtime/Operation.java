package dev.ibench.core.runtime;

/** One tool operation of the runtime (one class per operation, see docs/tool-runtime.md). */
public interface Operation {
    /** The SLOT-style name, e.g. {@code filter_data}. */
    String name();

    Object apply(CallArguments args) throws ToolArgumentException;
}
