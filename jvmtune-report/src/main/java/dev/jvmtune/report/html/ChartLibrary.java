package dev.jvmtune.report.html;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * Apache ECharts, bundled at build time from its WebJar ({@code org.webjars:echarts}) and inlined into each
 * report, so the page needs no network. The version is read from the WebJar's own Maven metadata.
 */
final class ChartLibrary {

    private static final String POM = "META-INF/maven/org.webjars/echarts/pom.properties";

    private static String version;
    private static byte[] script;

    private ChartLibrary() {
    }

    static synchronized String version() {
        if (version == null) {
            Properties p = new Properties();
            try (InputStream in = resource(POM)) {
                p.load(in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            version = p.getProperty("version");
        }
        return version;
    }

    /**
     * The minified library as UTF-8 bytes, written to the page as they are (decoding and re-encoding a
     * megabyte costs more than the rest of the page). ChartLibraryTest checks that it holds nothing that would
     * end its script element early.
     */
    static synchronized byte[] script() {
        if (script == null) {
            try (InputStream in = resource("META-INF/resources/webjars/echarts/" + version() + "/echarts.min.js")) {
                script = in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return script;
    }

    private static InputStream resource(String path) throws IOException {
        InputStream in = ChartLibrary.class.getClassLoader().getResourceAsStream(path);
        if (in == null) {
            throw new IOException("the chart library is missing from the class path: " + path);
        }
        return in;
    }
}
