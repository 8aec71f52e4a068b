import dev.jvmtune.core.analysis.Analyzer;
import dev.jvmtune.core.input.GcLogStream;
import dev.jvmtune.core.model.GcEvent;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Issue 4, acceptance 4: what the one-pass analysis adds to parsing. Parse alone and parse + {@code Analyzer}
 * (as {@code analyze} does before writing a report) run alternately on one log, in process CPU time: on a
 * shared machine wall time measures the neighbours. Prints each run and the medians.
 *
 * <p>{@code java -Xmx256m -cp jvmtune-core/target/classes:HdrHistogram.jar:bench/out/classes AnalysisOverhead LOG ROUNDS}
 */
public class AnalysisOverhead {
    static long sink;

    public static void main(String[] a) throws Exception {
        Path p = Path.of(a[0]);
        int rounds = Integer.parseInt(a[1]);
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        double[] parse = new double[rounds];
        double[] both = new double[rounds];
        double[] parseWall = new double[rounds];
        double[] bothWall = new double[rounds];
        for (int r = -2; r < rounds; r++) {
            for (int k = 0; k < 2; k++) {
                boolean analyze = (r + k) % 2 == 0;
                long c0 = os.getProcessCpuTime();
                long w0 = System.nanoTime();
                Analyzer an = new Analyzer();
                try (GcLogStream s = GcLogStream.openFile(p)) {
                    if (analyze) {
                        s.start(an::accept);
                        sink += an.result(s.firstTimestampSec(), s.lastTimestampSec(), s.facts()).pauses().count();
                    } else {
                        s.start(e -> sink += e instanceof GcEvent g ? g.line() : 1);
                    }
                }
                double cpu = (os.getProcessCpuTime() - c0) / 1e6;
                double wall = (System.nanoTime() - w0) / 1e6;
                if (r >= 0) {
                    (analyze ? both : parse)[r] = cpu;
                    (analyze ? bothWall : parseWall)[r] = wall;
                }
                System.out.printf("round %d %s cpu %.0f ms wall %.0f ms%n", r, analyze ? "parse+analyze" : "parse", cpu, wall);
            }
        }
        Arrays.sort(parse); Arrays.sort(both); Arrays.sort(parseWall); Arrays.sort(bothWall);
        System.out.printf("%s: median CPU parse %.0f ms, parse+analyze %.0f ms: +%.1f%%; min %.0f / %.0f: +%.1f%%; median wall %.0f / %.0f%n",
                p, parse[rounds / 2], both[rounds / 2], 100 * (both[rounds / 2] / parse[rounds / 2] - 1),
                parse[0], both[0], 100 * (both[0] / parse[0] - 1), parseWall[rounds / 2], bothWall[rounds / 2]);
    }
}
