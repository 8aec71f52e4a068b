package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code watch --jmx} against a JVM set up as {@code watch --help} teaches: a JMX agent that wants a password, with TLS
 * on its registry and its connection, the certificate made by {@code keytool} here. Without the trust store, without
 * {@code --jmx-tls}, without or with wrong credentials, or with a login file others may read, the watch ends with one
 * line and exit code 3; with the user and password from a file of mode 600 and the trust store from the
 * {@code JVMTUNE_OPTS=@FILE} argument file it watches, and leaves no recording behind.
 */
class WatchJmxLoginTest {

    private static final String STORE_PASSWORD = "changeit-store";

    @Test
    void passwordAndTlsAsTheHelpTeaches(@TempDir Path dir) throws Exception {
        Path keytool = LiveJvm.JDK17.resolve("bin/keytool");
        keytool(keytool, dir, "-genkeypair", "-alias", "jmx", "-keyalg", "EC", "-groupname", "secp256r1", "-dname",
                "CN=127.0.0.1", "-validity", "2", "-keystore", "server.p12", "-storepass", STORE_PASSWORD);
        keytool(keytool, dir, "-exportcert", "-alias", "jmx", "-keystore", "server.p12", "-storepass", STORE_PASSWORD,
                "-rfc", "-file", "jmx.crt");
        keytool(keytool, dir, "-importcert", "-noprompt", "-alias", "jmx", "-file", "jmx.crt", "-keystore",
                "client.p12", "-storepass", STORE_PASSWORD);
        Path passwords = ownerOnly(dir.resolve("jmxremote.password"), "watcher s3cret\n");
        Path access = ownerOnly(dir.resolve("jmxremote.access"), "watcher readwrite\n");
        Path ssl = ownerOnly(dir.resolve("jmxremote.ssl"), "javax.net.ssl.keyStore=" + dir.resolve("server.p12")
                + "\njavax.net.ssl.keyStorePassword=" + STORE_PASSWORD + "\n");
        int port = LiveJvm.freePort();
        Process jvm = LiveJvm.start(LiveJvm.JDK17, dir, List.of("-Dcom.sun.management.jmxremote.port=" + port,
                "-Dcom.sun.management.jmxremote.rmi.port=" + port,
                "-Dcom.sun.management.jmxremote.password.file=" + passwords,
                "-Dcom.sun.management.jmxremote.access.file=" + access,
                "-Dcom.sun.management.jmxremote.registry.ssl=true",
                "-Dcom.sun.management.jmxremote.ssl.config.file=" + ssl,
                "-Dcom.sun.management.jmxremote.host=127.0.0.1", "-Djava.rmi.server.hostname=127.0.0.1"),
                "--seconds", "120", "--ops-per-sec", "10000");
        try {
            LiveJvm.awaitPort(port, jvm, 30_000);
            String target = "127.0.0.1:" + port;
            // the trust store as the help says: in an argument file that ps does not show the contents of
            Path trust = ownerOnly(dir.resolve("tls.args"), "-Djavax.net.ssl.trustStore=" + dir.resolve("client.p12")
                    + "\n-Djavax.net.ssl.trustStorePassword=" + STORE_PASSWORD + "\n");
            List<String> trusted = List.of("@" + trust);
            Path login = ownerOnly(dir.resolve("login"), "watcher s3cret\n");

            // in this JVM where no trust store or environment is needed, in one of its own where they are
            String noTrust = refusedHere("watch", "--jmx", target, "--jmx-tls", "--jmx-login", login.toString());
            assertTrue(noTrust.contains("TLS") && noTrust.contains("javax.net.ssl.trustStore"), noTrust);
            refusedHere("watch", "--jmx", target, "--jmx-login", login.toString()); // the registry speaks TLS
            Path readable = dir.resolve("readable-login");
            Files.writeString(readable, "watcher s3cret\n");
            Files.setPosixFilePermissions(readable, PosixFilePermissions.fromString("rw-r--r--"));
            String shared = refusedHere("watch", "--jmx", target, "--jmx-tls", "--jmx-login", readable.toString());
            assertTrue(shared.contains("chmod 600"), shared);
            String anonymous = refused(dir, Map.of(), trusted, "watch", "--jmx", target, "--jmx-tls");
            assertTrue(anonymous.contains("refused the login") && anonymous.contains("--jmx-login"), anonymous);
            String wrong = refused(dir, Map.of(JmxLogin.USER_ENV, "watcher", JmxLogin.PASSWORD_ENV, "guess"), trusted,
                    "watch", "--jmx", target, "--jmx-tls");
            assertTrue(wrong.contains("refused the login"), wrong);

            Path log = dir.resolve("watch.log");
            Path events = dir.resolve("events.jsonl");
            int exit = Jvmtune.run(log, Map.of(), trusted, "watch", "--jmx", target, "--jmx-tls", "--jmx-login",
                    login.toString(), "--json", "--for", "9", "--events", events.toString());
            String out = Files.readString(log);
            assertEquals(0, exit, out);
            assertTrue(out.lines().anyMatch(CliRun::isWindowLine), "a window watched over TLS: " + out);
            assertTrue(Files.readString(events).contains("GcEvent"), "collections read");
            String check = LiveJvm.jcmd(LiveJvm.JDK17, jvm, "JFR.check");
            assertFalse(check.contains("jvmtune-watch") || check.contains("Remote Recording"),
                    "the recording closed:\n" + check);
        } finally {
            jvm.destroyForcibly();
        }
    }

    /** Runs {@code jvmtune ARGS} in this JVM expecting exit code 3 and one line; the line. */
    private static String refusedHere(String... args) {
        CliRun run = CliRun.of(args);
        assertEquals(3, run.exit(), run.err());
        return run.oneErrorLine();
    }

    /** Runs {@code jvmtune ARGS} in a JVM of its own expecting exit code 3 and one line; the line. */
    private static String refused(Path dir, Map<String, String> env, List<String> jvmOptions, String... args)
            throws Exception {
        Path log = dir.resolve("refused.log");
        int exit = Jvmtune.run(log, env, jvmOptions, args);
        String out = Files.readString(log).strip();
        assertEquals(3, exit, out);
        assertFalse(out.contains("\n") || out.contains("Exception") || out.contains("internal error"),
                "one line: " + out);
        assertTrue(out.startsWith("jvmtune: "), out);
        return out;
    }

    private static Path ownerOnly(Path file, String text) throws Exception {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return file;
    }

    private static void keytool(Path keytool, Path dir, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(keytool.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
    }
}
