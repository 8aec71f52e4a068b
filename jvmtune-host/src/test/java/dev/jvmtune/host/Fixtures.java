package dev.jvmtune.host;

import java.nio.file.Path;
import java.util.Map;

/** The host trees under src/test/resources/hosts, read in place so that their symbolic links survive. */
final class Fixtures {

    static final String S1 = "s1-2socket-40cpu-256g";
    static final String S2 = "s2-4node-512g";
    static final String CONTAINER_V2 = "container-v2-2cpu-4g";
    static final String CONTAINER_V1 = "container-v1-2cpu-4g";
    static final String LAPTOP = "laptop-1node";

    private Fixtures() {
    }

    static Path root(String host) {
        return Path.of("src/test/resources/hosts", host);
    }

    static HostFacts facts(String host) {
        return facts(host, Map.of());
    }

    static HostFacts facts(String host, Map<String, String> env) {
        return new HostProbe(root(host), env, "/home/user").probe();
    }
}
