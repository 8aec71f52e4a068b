package dev.jvmtune.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;

/**
 * The texts of every chart of a loaded page are all legible: no two of a chart overlap or touch, and none crosses the
 * chart's edge (a label the canvas would cut). Every page type's browser test calls it on the page it already loaded
 * (the analysis, comparison, tuning and experiment pages in jvmtune-cli's {@code HtmlReportBrowserTest}, the fleet
 * report in jvmtune-spark's {@code FleetFaultsTest}, both from this module's test jar), so that all check alike.
 *
 * <p>Each chart of {@code window.jvmtuneCharts} is drawn again with ECharts' SVG renderer (the pages draw on canvas,
 * which has no text to measure) in a window 1000 px wide, where the labels of the time axes are the most crowded of a
 * desktop's, and the bounding boxes of its text elements are compared pairwise and with the box of the chart's
 * {@code svg}, with the legend hidden (the layout keeps its place); then the legend's visible entries are compared with
 * them (its scroll pages clip the entries of other pages, whose boxes lie past the edge and are left aside). Two
 * labels on one line must be 4 px apart ("4.2 min4.4 min" is 3 px); a label may not reach past the chart's edge by
 * more than 1 px. Each failure names the chart and the texts. The charts stay SVG
 * afterwards: a caller checks them last.
 */
public final class ChartLabels {

    /** Pixels two texts on one line keep between them; less reads as one word. */
    private static final int GAP_PX = 4;
    /** Pixels a text may reach past the chart's edge (anti-aliasing, rounding of the boxes). */
    private static final int EDGE_PX = 1;
    private static final String SCRIPT = """
            var gap = arguments[0], edge = arguments[1], out = {counts: {}, problems: []};
            function texts(svg) {
              return Array.from(svg.querySelectorAll('text')).filter(function (t) { return t.textContent.trim(); })
                .map(function (t) {
                  var r = t.getBoundingClientRect();
                  return {text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom};
                });
            }
            function overlap(p, q) {
              return p.top < q.bottom - 1 && q.top < p.bottom - 1 && p.left < q.right + gap && q.left < p.right + gap;
            }
            function same(p, q) {
              return p.text === q.text && Math.abs(p.left - q.left) < 0.5 && Math.abs(p.top - q.top) < 0.5;
            }
            Object.keys(window.jvmtuneCharts).forEach(function (id) {
              var c = window.jvmtuneCharts[id], dom = c.getDom(), option = c.getOption();
              var legends = option.legend || [];
              c.dispose();
              c = window.jvmtuneCharts[id] = echarts.init(dom, null, {renderer: 'svg'});
              c.setOption(option);
              c.setOption({legend: legends.map(function () { return {show: false}; })});
              var svg = dom.querySelector('svg'), frame = svg.getBoundingClientRect(), boxes = texts(svg);
              out.counts[id] = boxes.length;
              boxes.forEach(function (p) {
                var cut = [p.left < frame.left - edge ? 'left' : null, p.right > frame.right + edge ? 'right' : null,
                  p.top < frame.top - edge ? 'top' : null, p.bottom > frame.bottom + edge ? 'bottom' : null]
                  .filter(function (s) { return s; });
                if (cut.length) {
                  out.problems.push(id + ': "' + p.text + '" cut at the ' + cut.join(' and ') + ' edge');
                }
              });
              for (var i = 0; i < boxes.length; i++) for (var j = i + 1; j < boxes.length; j++) {
                if (overlap(boxes[i], boxes[j])) {
                  out.problems.push(id + ': "' + boxes[i].text + '" and "' + boxes[j].text + '" overlap');
                }
              }
              c.setOption({legend: legends.map(function (l) { return {show: l.show}; })});
              texts(svg).filter(function (l) {
                return !boxes.some(function (p) { return same(p, l); }) && l.left >= frame.left && l.right <= frame.right;
              }).forEach(function (l) {
                boxes.filter(function (p) { return overlap(p, l); }).forEach(function (p) {
                  out.problems.push(id + ': "' + p.text + '" and the legend entry "' + l.text + '" overlap');
                });
              });
            });
            return out;""";

    private ChartLabels() {
    }

    /**
     * A page whose one chart has what the check must see: an axis name past the chart's right edge and two labels of
     * lines 1 % apart on top of each other (the check of the check, as a page that throws is of the console check).
     */
    public static String illegiblePage() {
        return "<!DOCTYPE html><html><body><div id=\"c\" style=\"width: 600px; height: 300px\"></div><script>"
                + new String(ChartLibrary.script(), StandardCharsets.UTF_8) + "</script><script>"
                + "var c = echarts.init(document.getElementById('c')); window.jvmtuneCharts = {illegible: c};"
                + "c.setOption({animation: false, grid: {right: 10}, xAxis: {type: 'value', name: 'an axis name at its end'},"
                + " yAxis: {type: 'value'}, series: [{type: 'line', data: [[0, 1], [1, 2]], markLine: {symbol: 'none',"
                + " data: [{yAxis: 1.5, label: {formatter: 'one'}}, {yAxis: 1.51, label: {formatter: 'two'}}]}}]});"
                + "</script></body></html>";
    }

    /** Checks every chart of the page {@code driver} shows; {@code page} names it in the failures. */
    @SuppressWarnings("unchecked")
    public static void assertLegible(WebDriver driver, String page) {
        driver.manage().window().setSize(new Dimension(1000, driver.manage().window().getSize().getHeight()));
        Map<String, Object> result = (Map<String, Object>) ((JavascriptExecutor) driver).executeScript(SCRIPT, GAP_PX,
                EDGE_PX);
        Map<String, Number> counts = (Map<String, Number>) result.get("counts");
        assertTrue(!counts.isEmpty(), page + ": no chart to check");
        counts.forEach((id, n) -> assertTrue(n.intValue() > 0, page + ": chart " + id + " has no text to check"));
        List<String> problems = (List<String>) result.get("problems");
        assertEquals(List.of(), problems, page + " at 1000 px: " + problems.size() + " illegible labels, first "
                + (problems.isEmpty() ? "" : problems.get(0)));
    }
}
