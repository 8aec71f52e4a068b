package dev.jvmtune.core.model;

/**
 * One JIT compilation ({@code jdk.Compilation}); JFR records only those longer than the event's threshold
 * (1000 ms in {@code default}, 100 ms in {@code profile}).
 *
 * @param uptimeSec      start, seconds since JVM start
 * @param compileId      the JVM's compile id
 * @param compiler       {@code "c1"}, {@code "c2"}, {@code "jvmci"}
 * @param method         {@code class.method(descriptor)}
 * @param compileLevel   tier, 0-4
 * @param durationMs     time the compiler thread spent
 * @param success        false when the compilation failed or bailed out
 * @param osr            on-stack replacement
 * @param codeSizeBytes  size of the generated code
 * @param inlinedBytes   bytecode bytes inlined
 */
public record Compilation(double uptimeSec, long compileId, String compiler, String method, int compileLevel,
                          double durationMs, boolean success, boolean osr, long codeSizeBytes, long inlinedBytes)
        implements JvmEvent {
}
