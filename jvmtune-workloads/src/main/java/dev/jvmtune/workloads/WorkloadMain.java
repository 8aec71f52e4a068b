package dev.jvmtune.workloads;

/** Shared {@code main} handling: help, usage errors with exit status 2, and the usage text. */
public final class WorkloadMain {

    /** What a workload does once its arguments are parsed. */
    public interface Body {
        void run(WorkloadArgs args) throws Exception;
    }

    private WorkloadMain() {
    }

    public static void run(WorkloadSpec spec, String[] argv, Body body) throws Exception {
        WorkloadArgs args;
        try {
            args = spec.parse(argv);
            if (args.helpAsked()) {
                System.out.print(spec.usage());
                return;
            }
            body.run(args);
        } catch (IllegalArgumentException e) {
            System.err.println(spec.name() + ": " + e.getMessage());
            System.err.print(spec.usage());
            System.exit(2);
        }
    }
}
