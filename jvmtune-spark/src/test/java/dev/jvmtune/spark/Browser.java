package dev.jvmtune.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jvmtune.report.html.ChartLabels;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.logging.Level;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/** Headless Debian chromium through its chromedriver, as the GC report's browser test drives it. */
final class Browser implements AutoCloseable {

    private static final Path CHROMIUM = Path.of(System.getProperty("jvmtune.chromium", "/usr/bin/chromium"));
    private static final Path DRIVER = Path.of(System.getProperty("jvmtune.chromedriver", "/usr/bin/chromedriver"));
    /** Held: the logging framework keeps loggers weakly, and a collected one forgets its level. */
    private static final java.util.logging.Logger SELENIUM = java.util.logging.Logger.getLogger("org.openqa.selenium");

    private final ChromeDriver driver;

    private Browser(ChromeDriver driver) {
        this.driver = driver;
    }

    static Browser start() {
        boolean present = Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER);
        if (!present && System.getenv("CI") != null) {
            fail("CI needs " + CHROMIUM + " and " + DRIVER + ": .ci/run installs chromium and chromium-driver");
        }
        assumeTrue(present, "no headless browser: apt-get install chromium chromium-driver");
        SELENIUM.setLevel(Level.SEVERE);
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--hide-scrollbars", "--window-size=1400,1000");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort().build();
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(60));
        return new Browser(driver);
    }

    Page open(Path file, Path screenshot) throws IOException {
        driver.get(file.toAbsolutePath().toUri().toString());
        Files.createDirectories(screenshot.getParent());
        Files.write(screenshot, driver.getScreenshotAs(OutputType.BYTES));
        Files.copy(file, screenshot.resolveSibling(file.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return new Page();
    }

    @Override
    public void close() {
        driver.quit();
    }

    final class Page {

        Object script(String js) {
            return driver.executeScript(js);
        }

        List<String> tableColumns(String section) {
            return driver.findElements(By.cssSelector("#" + section + " thead th")).stream().map(WebElement::getText).toList();
        }

        List<List<String>> tableRows(String section) {
            List<List<String>> rows = new ArrayList<>();
            for (WebElement tr : driver.findElements(By.cssSelector("#" + section + " tbody tr"))) {
                rows.add(tr.findElements(By.tagName("td")).stream().map(WebElement::getText).toList());
            }
            return rows;
        }

        /** The ids of the charts whose series hold at least one data item (a category with a null counts). */
        Set<String> chartsWithData() {
            return chartsWhere("function (d) { return true; }");
        }

        /**
         * The ids of the charts with a value to draw: a number that is not null in some series (a bar, a point, a
         * slice, a box), not merely an axis of categories.
         */
        Set<String> chartsWithValues() {
            return chartsWhere("function value(d) { var v = d != null && typeof d === 'object' && !Array.isArray(d)"
                    + " ? d.value : d; return Array.isArray(v) ? v.some(value) : typeof v === 'number' && isFinite(v); }");
        }

        /** The ids of the charts with a series that holds an item {@code item} (a JavaScript function) accepts. */
        @SuppressWarnings("unchecked")
        private Set<String> chartsWhere(String item) {
            List<String> ids = (List<String>) driver.executeScript("var item = " + item + "; var out = [];"
                    + "Object.keys(window.jvmtuneCharts).forEach(function (id) {"
                    + "  var series = window.jvmtuneCharts[id].getOption().series || [];"
                    + "  if (series.some(function (s) { return (s.data || []).some(item); })) out.push(id);"
                    + "}); return out;");
            return new TreeSet<>(ids);
        }

        /** The ids of every chart drawn. */
        @SuppressWarnings("unchecked")
        Set<String> charts() {
            return new TreeSet<>((List<String>) driver.executeScript("return Object.keys(window.jvmtuneCharts);"));
        }

        /** The charts shown as a note instead, by title: the note. */
        Map<String, String> notes() {
            Map<String, String> notes = new TreeMap<>();
            for (WebElement card : driver.findElements(By.cssSelector(".chart-card.empty"))) {
                notes.put(card.findElement(By.tagName("h4")).getText(), card.findElement(By.cssSelector(".missing")).getText());
            }
            return notes;
        }

        /** No label of a chart overlaps another or crosses the chart's edge ({@link ChartLabels}); the last check. */
        void assertChartLabelsLegible(String page) {
            ChartLabels.assertLegible(driver, page);
        }

        void assertNoConsoleErrors() {
            List<String> severe = new ArrayList<>();
            for (LogEntry e : driver.manage().logs().get(LogType.BROWSER)) {
                if (e.getLevel().intValue() >= Level.SEVERE.intValue()) {
                    severe.add(e.getMessage());
                }
            }
            assertEquals(List.of(), severe, "console errors");
        }
    }
}
