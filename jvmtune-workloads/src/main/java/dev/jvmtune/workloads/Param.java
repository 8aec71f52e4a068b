package dev.jvmtune.workloads;

/** One {@code --name value} parameter of a workload, with its default and a one-line meaning for {@code --help}. */
public record Param(String name, String defaultValue, String description) {
}
