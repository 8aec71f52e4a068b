package dev.jvmtune.spark;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * The process {@link FleetKillMatrixTest} kills: fleet jobs one after the other onto one {@code --out}, each as
 * {@code jvmtune fleet} runs it ({@link FleetMain#run}, local mode), alternating between two inputs; after each
 * published job it prints {@code published TITLE}. Arguments: OUT JOBS (TITLE INPUT)...
 *
 * <p>With {@code --standby WARM_OUT WARM_INPUT} instead, it first runs one quiet job of its own (WARM_INPUT into
 * WARM_OUT, never the test's {@code --out}) so that the JVM and Spark's classes are warm, prints {@code ready},
 * and then reads its arguments from one line of standard input, separated by tabs: the test prepares the next
 * process while the current one runs, and the process a kill leaves room for needs no cold start.
 */
public final class FleetLoop {

    private FleetLoop() {
    }

    public static void main(String[] args) throws IOException {
        if (args[0].equals("--standby")) {
            int code = FleetMain.run(new String[] {args[2], "--out", args[1], "--master", "local[2]", "-q"},
                    System.out, System.err);
            if (code != 0) {
                System.exit(code);
            }
            System.err.println("ready");
            String line = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
            if (line == null) {
                System.exit(0); // not needed
            }
            args = line.split("\t");
        }
        String out = args[0];
        int jobs = Integer.parseInt(args[1]);
        int inputs = (args.length - 2) / 2;
        for (int i = 0; i < jobs; i++) {
            String title = args[2 + 2 * (i % inputs)];
            String input = args[3 + 2 * (i % inputs)];
            int code = FleetMain.run(new String[] {input, "--out", out, "--title", title, "--master", "local[2]"},
                    System.out, System.err);
            if (code != 0) {
                System.exit(code);
            }
            System.err.println("published " + title);
        }
        System.exit(0);
    }
}
