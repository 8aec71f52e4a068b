package dev.jvmtune.core.parse;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The cause of a Shenandoah cycle from its {@code Trigger:} line. Where the trigger names the JVM's GC cause - a request
 * ({@code Explicit GC request (System.gc())} on JDK 17, {@code GC request (System.gc())} on 25, {@code Implicit GC
 * request (Metadata GC Threshold)}) or an allocation
 * failure ({@code Handle Allocation Failure}) - the cause is that name, as JFR's {@code jdk.GarbageCollection} gives
 * it and as the rules look for it ({@code System.gc()}, {@code Allocation Failure}); a reason of the heuristics
 * ({@code Free (15221K) is below minimum threshold (16383K)}) stays as logged, with more to say than JFR's
 * {@code Concurrent GC}.
 */
public final class ShenandoahTrigger {

    private static final Pattern REQUEST = Pattern.compile("^(?:Explicit |Implicit )?GC request \\((.+)\\)$");
    private static final String ALLOCATION_FAILURE = "Handle Allocation Failure";

    private ShenandoahTrigger() {
    }

    public static String cause(String trigger) {
        Matcher m = REQUEST.matcher(trigger);
        if (m.find()) {
            return m.group(1);
        }
        return trigger.equals(ALLOCATION_FAILURE) ? "Allocation Failure" : trigger;
    }
}
