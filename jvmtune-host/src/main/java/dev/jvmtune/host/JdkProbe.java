package dev.jvmtune.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Installed JDKs: the children of /usr/lib/jvm (distribution packages), /opt/java/openjdk (the official
 * container images), ~/.sdkman/candidates/java, and JAVA_HOME. A directory is a JDK when it has a
 * {@code release} file with JAVA_VERSION, which every JDK since 7 ships; symbolic links to the same JDK
 * (java-1.17.0-openjdk-amd64 -> java-17-openjdk-amd64, sdkman's "current") are listed once.
 */
final class JdkProbe {

    private final SysFiles fs;
    private final Map<String, String> env;
    private final String userHome;

    JdkProbe(SysFiles fs, Map<String, String> env, String userHome) {
        this.fs = fs;
        this.env = env;
        this.userHome = userHome;
    }

    List<HostFacts.Jdk> probe() {
        Map<String, Found> byHome = new LinkedHashMap<>();
        for (String name : fs.list("/usr/lib/jvm")) {
            add(byHome, "/usr/lib/jvm/" + name, "/usr/lib/jvm");
        }
        add(byHome, "/opt/java/openjdk", "/opt/java/openjdk");
        if (userHome != null) {
            String sdkman = userHome + "/.sdkman/candidates/java";
            for (String name : fs.list(sdkman)) {
                add(byHome, sdkman + "/" + name, "sdkman");
            }
        }
        String javaHome = env.get("JAVA_HOME");
        if (javaHome != null && javaHome.startsWith("/")) {
            add(byHome, javaHome, "JAVA_HOME");
        }
        List<HostFacts.Jdk> jdks = new ArrayList<>();
        for (Map.Entry<String, Found> e : byHome.entrySet()) {
            Found f = e.getValue();
            jdks.add(new HostFacts.Jdk(e.getKey(), f.release.get("JAVA_VERSION"), feature(f.release.get("JAVA_VERSION")),
                    f.release.getOrDefault("IMPLEMENTOR", null), f.via));
        }
        jdks.sort((a, b) -> a.feature() != b.feature() ? Integer.compare(a.feature(), b.feature())
                : a.home().compareTo(b.home()));
        return jdks;
    }

    private record Found(Map<String, String> release, List<String> via) {
    }

    private void add(Map<String, Found> byHome, String home, String via) {
        Map<String, String> release = fs.read(home + "/release").map(JdkProbe::release).orElse(Map.of());
        if (!release.containsKey("JAVA_VERSION")) {
            return;
        }
        String key = realHome(home);
        Found f = byHome.computeIfAbsent(key, k -> new Found(release, new ArrayList<>()));
        if (!f.via.contains(via)) {
            f.via.add(via);
        }
    }

    /** The JDK's directory as seen on the host: links resolved, the --root prefix taken off again. */
    private String realHome(String home) {
        try {
            Path real = fs.resolve(home).toRealPath();
            Path root = fs.root().toRealPath();
            if (real.startsWith(root)) {
                return "/" + root.relativize(real).toString().replace('\\', '/');
            }
            return real.toString();
        } catch (IOException | SecurityException e) {
            return home;
        }
    }

    /** The release file: KEY="value" lines. */
    static Map<String, String> release(String text) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                String v = line.substring(eq + 1).trim();
                if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) {
                    v = v.substring(1, v.length() - 1);
                }
                values.put(line.substring(0, eq).trim(), v);
            }
        }
        return values;
    }

    /** 8 for "1.8.0_392", 17 for "17.0.15", 25 for "25": JEP 223 numbering, with the 1.x scheme before it. */
    static int feature(String version) {
        if (version == null) {
            return -1;
        }
        String[] parts = version.split("[._+-]");
        try {
            int first = Integer.parseInt(parts[0]);
            return first == 1 && parts.length > 1 ? Integer.parseInt(parts[1]) : first;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** A JDK directory given on the command line (--jdk PATH), read the same way. */
    static HostFacts.Jdk at(Path home) {
        try {
            Map<String, String> release = release(Files.readString(home.resolve("release")));
            String v = release.get("JAVA_VERSION");
            if (v == null) {
                return null;
            }
            return new HostFacts.Jdk(home.toRealPath().toString(), v, feature(v), release.get("IMPLEMENTOR"),
                    List.of("--jdk"));
        } catch (IOException | SecurityException e) {
            return null;
        }
    }
}
