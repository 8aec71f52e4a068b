package dev.jvmtune.cli;

import dev.jvmtune.host.HostProbe;
import java.nio.file.Files;
import java.nio.file.Path;

/** What the host commands share: where to read the machine from. */
final class HostCli {

    private HostCli() {
    }

    /** @return the probe, or null after printing why --root cannot be used */
    static HostProbe probe(Path root, Streams streams) {
        if (root == null) {
            return HostProbe.local();
        }
        if (!Files.isDirectory(root)) {
            streams.err().println("jvmtune: --root " + root + " is not a directory");
            return null;
        }
        // the environment and home directory of this machine do not describe another root
        return new HostProbe(root, java.util.Map.of(), "/root");
    }
}
