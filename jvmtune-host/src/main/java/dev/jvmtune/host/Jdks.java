package dev.jvmtune.host;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

/** Which JDK a baseline is for: {@code --jdk 17}, {@code --jdk PATH}, or a sensible default. */
public final class Jdks {

    private Jdks() {
    }

    /** @param jdk the installed JDK when known; {@code feature} always set */
    public record Choice(int feature, HostFacts.Jdk jdk, String how) {
        public String describe() {
            return (jdk == null ? Integer.toString(feature) : jdk.version() + " (" + jdk.home() + ")") + ", " + how;
        }
    }

    /**
     * @param arg the --jdk value or null
     * @param runningFeature the JVM running jvmtune, the last resort
     * @throws IllegalArgumentException with a message for the user
     */
    public static Choice choose(String arg, HostFacts facts, int runningFeature, String runningVersion) {
        if (arg != null && arg.matches("\\d+")) {
            int feature = Integer.parseInt(arg);
            HostFacts.Jdk installed = facts.jdks().stream().filter(j -> j.feature() == feature)
                    .max(Comparator.comparing(HostFacts.Jdk::version)).orElse(null);
            return new Choice(feature, installed, installed == null ? "--jdk (not installed here)" : "--jdk");
        }
        if (arg != null) {
            Path home = Path.of(arg);
            if (!Files.isDirectory(home)) {
                throw new IllegalArgumentException("--jdk " + arg + ": no such directory (give a feature release "
                        + "such as 17, or a JDK directory)");
            }
            HostFacts.Jdk jdk = JdkProbe.at(home);
            if (jdk == null || jdk.feature() < 0) {
                throw new IllegalArgumentException("--jdk " + arg + ": no release file with JAVA_VERSION, not a JDK");
            }
            return new Choice(jdk.feature(), jdk, "--jdk");
        }
        for (HostFacts.Jdk j : facts.jdks()) {
            if (j.foundVia().contains("JAVA_HOME") && j.feature() > 0) {
                return new Choice(j.feature(), j, "JAVA_HOME");
            }
        }
        HostFacts.Jdk newest = facts.jdks().stream().filter(j -> j.feature() > 0)
                .max(Comparator.comparingInt(HostFacts.Jdk::feature)).orElse(null);
        if (newest != null) {
            return new Choice(newest.feature(), newest, "the newest installed");
        }
        return new Choice(runningFeature, null, "the JDK running jvmtune (" + runningVersion + ")");
    }
}
