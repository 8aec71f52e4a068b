package dev.jvmtune.host;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Whether this process runs in a container, with the evidence. There is no single kernel fact for it: the
 * runtimes leave marker files (/.dockerenv, /run/.containerenv), name themselves in the cgroup paths of
 * PID 1, or set environment variables. Cgroup limits are reported apart: a systemd slice has them too.
 */
final class ContainerProbe {

    private static final List<String> RUNTIMES = List.of("docker", "kubepods", "containerd", "libpod", "crio",
            "lxc", "garden");

    private final SysFiles fs;
    private final Map<String, String> env;

    ContainerProbe(SysFiles fs, Map<String, String> env) {
        this.fs = fs;
        this.env = env;
    }

    HostFacts.Container probe() {
        List<String> evidence = new ArrayList<>();
        if (fs.exists("/.dockerenv")) {
            evidence.add("/.dockerenv exists (Docker)");
        }
        if (fs.exists("/run/.containerenv")) {
            evidence.add("/run/.containerenv exists (Podman)");
        }
        String init = fs.read("/proc/1/cgroup").orElse("").toLowerCase(Locale.ROOT);
        for (String runtime : RUNTIMES) {
            if (init.contains(runtime)) {
                evidence.add("/proc/1/cgroup names " + runtime);
                break;
            }
        }
        if (env.containsKey("KUBERNETES_SERVICE_HOST")) {
            evidence.add("KUBERNETES_SERVICE_HOST is set (Kubernetes pod)");
        }
        String container = env.get("container");
        if (container != null && !container.isEmpty()) {
            evidence.add("container=" + container + " in the environment");
        }
        return new HostFacts.Container(!evidence.isEmpty(), evidence);
    }
}
