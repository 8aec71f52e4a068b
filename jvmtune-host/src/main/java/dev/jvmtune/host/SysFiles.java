package dev.jvmtune.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads kernel files below a root directory, so that tests (and {@code --root}) can point the probe at a
 * copy of {@code /sys} and {@code /proc}. A file that is missing or unreadable is empty, never an
 * exception: hosts differ in what they expose (no NUMA directory in many VMs, no cgroup v1 in others).
 */
final class SysFiles {

    private final Path root;

    SysFiles(Path root) {
        this.root = root;
    }

    Path root() {
        return root;
    }

    /** {@code /proc/meminfo} becomes {@code ROOT/proc/meminfo}. */
    Path resolve(String absolute) {
        String relative = absolute.startsWith("/") ? absolute.substring(1) : absolute;
        return relative.isEmpty() ? root : root.resolve(relative);
    }

    Optional<String> read(String absolute) {
        Path p = resolve(absolute);
        try {
            return Optional.of(Files.readString(p, StandardCharsets.ISO_8859_1));
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** The first line, trimmed. */
    Optional<String> line(String absolute) {
        return read(absolute).map(s -> {
            int nl = s.indexOf('\n');
            return (nl < 0 ? s : s.substring(0, nl)).trim();
        });
    }

    boolean exists(String absolute) {
        return Files.exists(resolve(absolute));
    }

    /** Names of the entries of a directory, sorted; empty when it is missing. */
    List<String> list(String absolute) {
        List<String> names = new ArrayList<>();
        Path dir = resolve(absolute);
        if (!Files.isDirectory(dir)) {
            return names;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) {
                names.add(p.getFileName().toString());
            }
        } catch (IOException | SecurityException e) {
            return List.of();
        }
        names.sort(null);
        return names;
    }
}
