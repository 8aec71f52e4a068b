package dev.jvmtune.core.rules;

import dev.jvmtune.core.run.Rounding;

/** Number formatting shared by the rules' evidence and arithmetic: locale-independent, sizes in MiB. */
final class Text {

    static final double MIB = 1024.0 * 1024.0;

    private Text() {
    }

    static String f(String format, Object... args) {
        return Rounding.text(format, args);
    }

    /** Bytes as whole MiB. */
    static long mib(double bytes) {
        return Math.round(bytes / MIB);
    }

    /** A size for -Xmx/-Xms/-XX:...Size options: whole MiB, e.g. {@code 2048m}. */
    static String size(double bytes) {
        return Math.max(1, (long) Math.ceil(bytes / MIB)) + "m";
    }
}
