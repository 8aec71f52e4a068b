package dev.jvmtune.cli;

import dev.jvmtune.lab.run.Durations;
import dev.jvmtune.lab.store.ResultStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The options several commands share, each declared once as a picocli mixin so that it means the same everywhere:
 * one JDK choice, one output directory rule, one results database, one duration syntax, one JSON switch.
 */
final class SharedOptions {

    private SharedOptions() {
    }

    /** {@code --jdk}: which JDK the command runs (or configures). */
    static final class Jdk {
        @Option(names = "--jdk", paramLabel = "17|25|DIR", description = "The JDK: a feature release installed here "
                + "('jvmtune jdks' lists them) or a JDK directory (default: JAVA_HOME's, else the newest installed).")
        String jdk;
    }

    /** {@code --json}: the command's result as JSON on stdout instead of text. */
    static final class Json {
        @Option(names = "--json", description = "Print the result as JSON (docs/json.md) instead of text.")
        boolean json;
    }

    /** {@code --out}: the directory of the command's files, {@code COMMAND-out} unless given. */
    static final class Out {
        @Spec(Spec.Target.MIXEE)
        CommandSpec command;

        @Option(names = "--out", paramLabel = "DIR",
                description = "The directory its files go to (default: ${COMMAND-NAME}-out).")
        Path out;

        Path dir() {
            return out != null ? out : Path.of(command.name() + "-out");
        }
    }

    /** {@code --timeout}: a trial's time limit, in the one duration syntax. */
    static final class Timeout {
        @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "30m",
                description = "A trial's time limit: the program and everything it started are killed after it; "
                        + "90s, 10m, 1h, 500ms, or seconds (default: ${DEFAULT-VALUE}).")
        String timeout;

        /** @throws IllegalArgumentException naming the syntax, for a wrong command line */
        Duration duration() {
            return Durations.parse(timeout);
        }
    }

    /**
     * {@code --db}: the results database. Its default does not depend on the current directory: {@code JVMTUNE_DB},
     * else {@code jvmtune.db} in {@code $XDG_DATA_HOME/jvmtune} ({@code ~/.local/share/jvmtune}).
     */
    static final class Db {
        @Option(names = "--db", paramLabel = "FILE|JDBC-URL", description = "The results database: a SQLite file or "
                + "jdbc:postgresql://HOST/DB (default: $JVMTUNE_DB, else ~/.local/share/jvmtune/jvmtune.db).")
        String db;

        /** The database to open: a JDBC URL as given, a file as an absolute path. */
        String location() {
            String given = db != null ? db : System.getenv("JVMTUNE_DB");
            if (given != null && !given.isBlank()) {
                return given.startsWith("jdbc:") ? given : Path.of(given).toAbsolutePath().normalize().toString();
            }
            String data = System.getenv("XDG_DATA_HOME");
            Path home = data != null && !data.isBlank() ? Path.of(data)
                    : Path.of(System.getProperty("user.home"), ".local", "share");
            Path dir = home.resolve("jvmtune").toAbsolutePath();
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                // opening the database says what is wrong with it
            }
            return dir.resolve("jvmtune.db").toString();
        }

        /** The database cannot be used: a line that names it (without its password), says why, then {@code more}. */
        CommandException unusable(SQLException e, String more) {
            String db = location();
            return CommandException.inputError("results database " + ResultStore.redact(db) + ": "
                    + ResultStore.explain(e, db) + more);
        }
    }

    /** {@code --memory-limit} and {@code --no-nmt}: how a trial's memory is limited and measured. */
    static final class Memory {
        @Option(names = "--memory-limit", paramLabel = "SIZE", description = "Run the trial in a memory cgroup of its "
                + "own with this limit (512m, 2g), as a container would: the kernel's OOM killer ends it past the "
                + "limit (outcome OOM_KILLED). Needs a writable memory cgroup (root; cgroup v1, or v2 with the memory "
                + "controller delegated): exit code 4 where there is none.")
        String limit;

        @Option(names = "--no-nmt", description = "Run without Native Memory Tracking: the footprint then has the "
                + "resident set and the heap, not the other parts (docs/memory.md: what NMT costs).")
        boolean noNmt;

        /** @throws IllegalArgumentException for a size that is not one, for a wrong command line */
        dev.jvmtune.lab.run.TrialSpec.Memory memory() {
            long bytes = limit == null ? -1 : dev.jvmtune.host.Sizes.parse(limit);
            if (limit != null && bytes <= 0) {
                throw new IllegalArgumentException("--memory-limit must be a positive size, e.g. 512m");
            }
            return new dev.jvmtune.lab.run.TrialSpec.Memory(!noNmt, bytes);
        }
    }
}
