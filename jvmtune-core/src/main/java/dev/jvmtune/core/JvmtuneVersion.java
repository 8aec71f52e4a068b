package dev.jvmtune.core;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** jvmtune's own version, as the build wrote it; "dev" when run from classes that no build filtered. */
public final class JvmtuneVersion {

    private static final String VERSION = read();

    private JvmtuneVersion() {
    }

    public static String get() {
        return VERSION;
    }

    private static String read() {
        try (InputStream in = JvmtuneVersion.class.getResourceAsStream("/jvmtune-version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "dev");
        } catch (IOException e) {
            return "dev";
        }
    }
}
