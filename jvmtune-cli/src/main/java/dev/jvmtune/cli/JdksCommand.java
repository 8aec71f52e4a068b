package dev.jvmtune.cli;

import dev.jvmtune.host.HostFacts;
import dev.jvmtune.host.HostJson;
import dev.jvmtune.host.HostProbe;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The JDKs run, experiment and baseline can name. */
@Command(name = "jdks",
        header = "List the JDKs installed here",
        mixinStandardHelpOptions = true,
        description = {"List the JDKs installed here (/usr/lib/jvm, /opt/java/openjdk, ~/.sdkman, JAVA_HOME) with "
                + "their versions. Name one in run --jdk and in experiment specs by its feature release (17) or "
                + "its directory.", ""},
        exitCodeList = {"0:listed (none found is an answer too)"},
        footer = {"", "Examples:", "  jvmtune jdks",
                "  jvmtune jdks --json > jdks.json",
                "  jvmtune run --jdk 25 --workload jbb   a JDK listed here, by its feature release"})
final class JdksCommand extends StreamCommand implements Callable<Integer> {

    @Mixin
    SharedOptions.Json jsonOption;

    @Override
    public Integer call() throws IOException {
        List<HostFacts.Jdk> jdks = HostProbe.local().probe().jdks();
        PrintStream o = streams.out();
        if (jsonOption.json) {
            HostJson.jdks(jdks, o);
            o.println();
        } else if (jdks.isEmpty()) { // an answer, as the JSON's empty list is
            o.println("no JDK found in /usr/lib/jvm, /opt/java/openjdk, ~/.sdkman or JAVA_HOME");
        } else {
            table(jdks, o);
        }
        return Main.OK;
    }

    private static void table(List<HostFacts.Jdk> jdks, PrintStream o) {
        o.printf(Locale.ROOT, "%-7s %-12s %-45s %s%n", "feature", "version", "home", "vendor, found via");
        for (HostFacts.Jdk j : jdks) {
            o.printf(Locale.ROOT, "%-7d %-12s %-45s %s%n", j.feature(), j.version(), j.home(),
                    (j.implementor() == null ? "" : j.implementor() + ", ") + String.join(", ", j.foundVia()));
        }
    }
}
