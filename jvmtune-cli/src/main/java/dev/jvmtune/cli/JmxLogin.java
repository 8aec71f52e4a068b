package dev.jvmtune.cli;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * The user and password {@code watch --jmx} logs in with, from a file or the environment - never from the command
 * line, which {@code ps} shows every user of the machine. The file holds one entry {@code USER PASSWORD}, read as the
 * JVM's own {@code jmxremote.password} is (a {@link Properties} file: {@code #} comments, {@code USER=PASSWORD} too),
 * and, as the JVM requires of that file, only its owner may read it.
 */
final class JmxLogin {

    static final String USER_ENV = "JVMTUNE_JMX_USER";
    static final String PASSWORD_ENV = "JVMTUNE_JMX_PASSWORD";

    private static final Set<PosixFilePermission> OTHERS_READ = EnumSet.of(PosixFilePermission.GROUP_READ,
            PosixFilePermission.OTHERS_READ);

    private JmxLogin() {
    }

    /**
     * The credentials as {@code JMXConnector.CREDENTIALS} wants them ({@code {user, password}}), or null for none.
     *
     * @param file the {@code --jmx-login} file, or null to read {@code env}
     * @throws IllegalArgumentException a file of another shape, or a user without a password: a wrong command line
     * @throws IOException              the file cannot be read, or others may read it
     */
    static String[] read(Path file, Map<String, String> env) throws IOException {
        if (file == null) {
            String user = env.get(USER_ENV);
            String password = env.get(PASSWORD_ENV);
            if (user == null && password == null) {
                return null;
            }
            if (user == null || password == null || user.isBlank()) {
                throw new IllegalArgumentException(USER_ENV + " and " + PASSWORD_ENV + " go together");
            }
            return new String[] {user, password};
        }
        PosixFileAttributeView posix = Files.getFileAttributeView(file, PosixFileAttributeView.class);
        if (posix != null && posix.readAttributes().permissions().stream().anyMatch(OTHERS_READ::contains)) {
            throw new IOException("other users may read it (chmod 600 " + file + ")");
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        if (p.size() != 1) {
            throw new IllegalArgumentException("--jmx-login " + file + " holds " + p.size() + " entries; it wants one "
                    + "line 'USER PASSWORD'");
        }
        String user = p.stringPropertyNames().iterator().next();
        return new String[] {user, p.getProperty(user)};
    }
}
