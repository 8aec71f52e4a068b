package dev.jvmtune.lab.store;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * A throwaway PostgreSQL cluster for tests: Debian's {@code postgresql} binaries (installed by .ci/run),
 * initdb into a temporary directory, a free local port, trust authentication, stopped and deleted afterwards.
 * As root it runs as the {@code postgres} user (PostgreSQL refuses to run as root). Outside CI, a machine
 * without PostgreSQL skips the tests that need it, saying so; in CI it fails them.
 *
 * <p>Tests take it as a parameter of a {@code @BeforeAll} or test method with
 * {@code @ExtendWith(PostgresServer.Shared.class)}: one server for the whole test run of a module, started on
 * first use and stopped when the run ends (each start costs an initdb).
 */
public final class PostgresServer implements AutoCloseable, ExtensionContext.Store.CloseableResource {

    /** Resolves a {@link PostgresServer} parameter to the test run's one server. */
    public static final class Shared implements ParameterResolver {

        @Override
        public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
            return parameter.getParameter().getType() == PostgresServer.class;
        }

        @Override
        public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
            return context.getRoot().getStore(ExtensionContext.Namespace.create(PostgresServer.class))
                    .getOrComputeIfAbsent(PostgresServer.class, k -> {
                        try {
                            return start();
                        } catch (IOException | InterruptedException e) {
                            throw new IllegalStateException("PostgreSQL did not start: " + e.getMessage(), e);
                        }
                    }, PostgresServer.class);
        }
    }

    private final Path dir;
    private final Path bin;
    private final int port;

    private PostgresServer(Path dir, Path bin, int port) {
        this.dir = dir;
        this.bin = bin;
        this.port = port;
    }

    private static PostgresServer start() throws IOException, InterruptedException {
        Path bin = findBin();
        if (System.getenv("CI") == null) {
            assumeTrue(bin != null, "PostgreSQL is not installed (apt-get install postgresql; .ci/run does it)");
        } else if (bin == null) {
            throw new IllegalStateException("PostgreSQL is not installed; .ci/run installs it");
        }
        Path dir = Files.createTempDirectory("jvmtune-pg");
        boolean root = "root".equals(System.getProperty("user.name"));
        if (root) {
            exec(List.of("chown", "postgres", dir.toString()), false);
        }
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        PostgresServer server = new PostgresServer(dir, bin, port);
        exec(List.of(bin.resolve("initdb").toString(), "-D", dir.resolve("data").toString(), "-A", "trust",
                "-U", "postgres", "--no-sync"), root);
        exec(List.of(bin.resolve("pg_ctl").toString(), "-D", dir.resolve("data").toString(), "-w", "-t", "60",
                "-l", dir.resolve("server.log").toString(), "-o",
                "-p " + port + " -k " + dir + " -c listen_addresses=127.0.0.1 -c fsync=off", "start"), root);
        return server;
    }

    public String url(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database + "?user=postgres";
    }

    public int port() {
        return port;
    }

    /** A new empty database; its URL (user postgres, no password). */
    public String freshDatabase(String prefix) throws java.sql.SQLException {
        String name = prefix + "_" + System.nanoTime();
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(url("postgres"));
             java.sql.Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        }
        return url(name);
    }

    /**
     * A role that must give its password over TCP (SCRAM), owner of a new database; the URL of that database
     * without user or password.
     */
    public String passwordUser(String user, String password) throws Exception {
        String db = "pw_" + System.nanoTime();
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(url("postgres"));
             java.sql.Statement s = c.createStatement()) {
            s.execute("CREATE ROLE " + user + " LOGIN PASSWORD '" + password + "'");
            s.execute("CREATE DATABASE " + db + " OWNER " + user);
        }
        Path hba = dir.resolve("data/pg_hba.conf");
        Files.writeString(hba, "host all " + user + " 127.0.0.1/32 scram-sha-256\n" + Files.readString(hba));
        exec(List.of(bin.resolve("pg_ctl").toString(), "-D", dir.resolve("data").toString(), "reload"),
                "root".equals(System.getProperty("user.name")));
        Thread.sleep(500); // reload is asynchronous
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + db;
    }

    @Override
    public void close() throws IOException, InterruptedException {
        if (!Files.exists(dir)) {
            return;
        }
        boolean root = "root".equals(System.getProperty("user.name"));
        exec(List.of(bin.resolve("pg_ctl").toString(), "-D", dir.resolve("data").toString(), "-m", "immediate",
                "-w", "stop"), root);
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    /** The newest /usr/lib/postgresql/N/bin holding initdb; null when none. */
    private static Path findBin() throws IOException {
        Path base = Path.of("/usr/lib/postgresql");
        if (!Files.isDirectory(base)) {
            return null;
        }
        try (Stream<Path> versions = Files.list(base)) {
            return versions.map(v -> v.resolve("bin"))
                    .filter(b -> Files.isExecutable(b.resolve("initdb")))
                    .max(Comparator.comparing(b -> Integer.parseInt(b.getParent().getFileName().toString().replaceAll("\\D", "0"))))
                    .orElse(null);
        }
    }

    private static void exec(List<String> cmd, boolean asPostgres) throws IOException, InterruptedException {
        List<String> full = new ArrayList<>();
        if (asPostgres) {
            full.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        full.addAll(cmd);
        Process p = new ProcessBuilder(full).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", full) + " failed: " + out);
        }
    }
}
