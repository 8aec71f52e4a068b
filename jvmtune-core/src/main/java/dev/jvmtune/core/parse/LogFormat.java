package dev.jvmtune.core.parse;

/** Log dialects the sniffer can name. Only those with {@link #supported} have a parser in this version. */
public enum LogFormat {
    UNIFIED("unified logging (JDK 9+ -Xlog:gc)", true),
    LEGACY("JDK 6-8 -XX:+PrintGC* / -verbose:gc", true),
    JFR("JDK Flight Recorder recording", true),
    UNKNOWN("not a GC log", false);

    private final String description;
    private final boolean supported;

    LogFormat(String description, boolean supported) {
        this.description = description;
        this.supported = supported;
    }

    public String description() {
        return description;
    }

    public boolean supported() {
        return supported;
    }
}
