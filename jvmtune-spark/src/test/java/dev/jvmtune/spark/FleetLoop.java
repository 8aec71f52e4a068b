package dev.jvmtune.spark;

/**
 * The process {@link FleetKillMatrixTest} kills: fleet jobs one after the other onto one {@code --out}, each as
 * {@code jvmtune fleet} runs it ({@link FleetMain#run}, local mode), alternating between two inputs; after each
 * published job it prints {@code published TITLE}. Arguments: OUT JOBS (TITLE INPUT)...
 */
public final class FleetLoop {

    private FleetLoop() {
    }

    public static void main(String[] args) {
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
