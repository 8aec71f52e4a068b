package dev.jvmtune.lab.run;

import dev.jvmtune.host.HostFacts;
import dev.jvmtune.host.Jdks;
import java.util.List;

/** Names JDKs the way users do - a feature release ("17") or a directory - and finds the installed one. */
public final class JdkChoice {

    private final HostFacts facts;

    public JdkChoice(HostFacts facts) {
        this.facts = facts;
    }

    /** The JDKs installed here (/usr/lib/jvm, /opt/java/openjdk, SDKMAN, JAVA_HOME), oldest first. */
    public List<HostFacts.Jdk> installed() {
        return facts.jdks();
    }

    /**
     * @param arg "17", "25", a JDK directory, or null for JAVA_HOME's JDK (else the newest installed)
     * @throws IllegalArgumentException with a one-line message when no such JDK is here
     */
    public HostFacts.Jdk resolve(String arg) {
        Jdks.Choice c = Jdks.choose(arg, facts, Runtime.version().feature(), System.getProperty("java.version"));
        if (c.jdk() == null) {
            throw new IllegalArgumentException(arg == null ? "no JDK found (install one or set JAVA_HOME)"
                    : "no JDK " + arg + " installed here (bin/jvmtune jdks lists them; or give its directory)");
        }
        return c.jdk();
    }
}
