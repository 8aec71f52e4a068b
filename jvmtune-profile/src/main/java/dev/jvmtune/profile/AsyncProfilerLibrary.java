package dev.jvmtune.profile;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Properties;

/**
 * The native async-profiler agent, carried as a resource by the {@code tools.profiler:async-profiler} jar and
 * copied once per version to a cache directory, since a JVM can only load an agent from a file.
 */
public final class AsyncProfilerLibrary {

    private static final String POM_PROPERTIES = "/META-INF/maven/tools.profiler/async-profiler/pom.properties";

    private AsyncProfilerLibrary() {
    }

    /** The async-profiler version on the class path, "unknown" if its jar lacks Maven metadata. */
    public static String version() {
        try (InputStream in = AsyncProfilerLibrary.class.getResourceAsStream(POM_PROPERTIES)) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    /**
     * The agent library for this machine, extracted under {@code cacheRoot} if not there yet.
     *
     * @throws ProfilingUnavailableException off Linux x64/arm64, or when the jar lacks the library
     */
    public static Path extract(Path cacheRoot) throws ProfilingUnavailableException, IOException {
        String platform = platform(System.getProperty("os.name"), System.getProperty("os.arch"));
        String resource = "/" + platform + "/libasyncProfiler.so";
        Path dir = cacheRoot.resolve("async-profiler-" + version()).resolve(platform);
        Path lib = dir.resolve("libasyncProfiler.so");
        try (InputStream in = AsyncProfilerLibrary.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new ProfilingUnavailableException("the async-profiler jar on the class path has no " + resource);
            }
            byte[] bytes = in.readAllBytes();
            if (Files.isRegularFile(lib) && Files.size(lib) == bytes.length) {
                return lib;
            }
            Files.createDirectories(dir);
            // another jvmtune may extract at the same time: write aside, then move into place in one step
            Path tmp = Files.createTempFile(dir, "lib", ".tmp");
            Files.write(tmp, bytes);
            Files.move(tmp, lib, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return lib;
        }
    }

    /** The default cache: {@code $XDG_CACHE_HOME/jvmtune} or {@code ~/.cache/jvmtune}. */
    public static Path defaultCache() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("jvmtune");
    }

    static String platform(String osName, String osArch) throws ProfilingUnavailableException {
        String os = osName.toLowerCase(Locale.ROOT);
        String arch = osArch.toLowerCase(Locale.ROOT);
        if (os.contains("linux") && (arch.equals("amd64") || arch.equals("x86_64"))) {
            return "linux-x64";
        }
        if (os.contains("linux") && arch.equals("aarch64")) {
            return "linux-arm64";
        }
        throw new ProfilingUnavailableException("profiling needs Linux on x64 or arm64 (async-profiler's agents in "
                + "this build); this is " + osName + " on " + osArch);
    }
}
