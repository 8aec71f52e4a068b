package dev.jvmtune.core.rules;

import dev.jvmtune.core.options.JdkFlags;
import java.util.List;

/**
 * What to change, and why these values: {@code options} are command-line options for the JDK that wrote
 * the log (from {@link JdkFlags}), {@code arithmetic} the steps from the log's figures to each value.
 */
public record Recommendation(List<String> options, List<String> arithmetic) {

    public Recommendation {
        options = List.copyOf(options);
        arithmetic = List.copyOf(arithmetic);
    }
}
