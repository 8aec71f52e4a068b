package dev.jvmtune.cli;

import dev.jvmtune.host.HostProbe;
import java.nio.file.Files;
import java.nio.file.Path;

/** What the host commands share: where to read the machine from. */
final class HostCli {

    private HostCli() {
    }

    /** The machine at {@code --root}, or this one. */
    static HostProbe probe(Path root) {
        if (root == null) {
            return HostProbe.local();
        }
        if (!Files.isDirectory(root)) {
            throw CommandException.inputError("--root " + root + " is not a directory");
        }
        // the environment and home directory of this machine do not describe another root
        return new HostProbe(root, java.util.Map.of(), "/root");
    }
}
