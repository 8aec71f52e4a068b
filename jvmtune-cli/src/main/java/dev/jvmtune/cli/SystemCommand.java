package dev.jvmtune.cli;

import dev.jvmtune.host.HostFacts;
import dev.jvmtune.host.HostJson;
import dev.jvmtune.host.HostText;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "system",
        header = "What this machine offers a JVM: CPUs, memory, NUMA, JDKs",
        sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Show what this machine offers a JVM: online CPUs and the cgroup CPU quota, physical, "
                + "available and cgroup-limited memory, NUMA nodes with their CPUs, memory and distances, "
                + "transparent and static huge pages, whether this is a container, and the installed JDKs.", "",
                "Everything is read from /sys and /proc (or the copy under --root); a file that is missing "
                        + "shows as unknown.", ""},
        exitCodeList = {"0:shown",
                "3:--root is not a directory"},
        footer = {"", "Examples:", "  jvmtune system                    this machine, as text for a bug report",
                "  jvmtune system --json > host.json",
                "  jvmtune system --root /tmp/other-host   a copy of another host's /sys and /proc"})
final class SystemCommand extends StreamCommand implements Callable<Integer> {

    @Mixin
    SharedOptions.Json jsonOption;

    @Option(names = "--root", paramLabel = "DIR", description = "Read sys/, proc/ and usr/lib/jvm/ under DIR instead of /.")
    Path root;

    @Override
    public Integer call() throws IOException {
        HostFacts facts = HostCli.probe(root).probe();
        if (jsonOption.json) {
            HostJson.system(facts, streams.out());
            streams.out().println();
        } else {
            HostText.system(facts, streams.out());
        }
        streams.out().flush();
        return Main.OK;
    }
}
