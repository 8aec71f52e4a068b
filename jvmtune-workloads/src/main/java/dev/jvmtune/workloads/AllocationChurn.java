package dev.jvmtune.workloads;

import java.io.IOException;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;

/**
 * A small, deterministic allocation workload that makes every HotSpot collector do all of its kinds of
 * work within a couple of seconds.
 *
 * <p>Why it exists: jvmtune's accuracy tests compare what it reads from a GC log with what the JVM itself
 * reports (JFR), and {@code bin/jvmtune demo} needs a program whose GC log is interesting without any
 * set-up. Both need the same thing: a dependency-free program that, run with a small heap
 * ({@code -Xmx256m}), produces young collections, an old generation that fills up (so G1 mixed
 * collections, concurrent cycles of G1/ZGC/Shenandoah, and full collections of Serial/Parallel happen),
 * reference processing and humongous allocations, and ends with one explicit {@code System.gc()} so that
 * every collector logs at least one full or explicitly requested collection.
 *
 * <p>What it does, per operation: allocates a short-lived {@code byte[]} (16 B to 4 KiB) or a small object
 * graph that dies at once; replaces a random slot of a live set of 64 KiB chunks ({@code --live-mb}) so
 * that survivors are promoted and old objects die in the old generation; every 64 operations keeps a
 * {@link WeakReference} to a fresh object; every 4096 operations allocates a 2-6 MiB array (humongous for
 * G1 and Shenandoah region sizes, a large-page allocation for ZGC). All randomness comes from a seeded
 * {@link Random}, so two runs with the same arguments allocate the same sequence (timing still differs).
 *
 * <p>Usage: {@code java dev.jvmtune.workloads.AllocationChurn [--seconds 2] [--live-mb 40] [--seed 1]}.
 * It prints a one-line summary. If the environment variable {@code JVMTUNE_METRICS} names a file, it
 * writes {@code {"wallSec":..,"throughputOpsPerSec":..}} there, as every jvmtune workload does.
 */
public final class AllocationChurn {

    private static final int CHUNK_BYTES = 64 * 1024;

    /** Read by nobody; keeps the JIT from proving allocations dead and removing them. */
    static volatile long sink;

    private AllocationChurn() {
    }

    /**
     * The parsed command line.
     *
     * @param threads   allocating threads, each with its own share of the live set and its own seeded sequence
     * @param hugeEvery operations between two 2-6 MiB arrays (per thread); 0 for none
     */
    record Options(double seconds, int liveMb, long seed, int threads, int hugeEvery, long opsPerSec) {
    }

    public static void main(String[] args) throws IOException {
        Options o;
        try {
            o = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("AllocationChurn: " + e.getMessage());
            System.err.println(usage());
            System.exit(2);
            return;
        }
        if (o == null) {
            System.out.println(usage());
            return;
        }
        long t0 = System.nanoTime();
        long ops = runThreads(o);
        System.gc(); // every collector logs one full / explicitly requested collection at the end
        double wallSec = (System.nanoTime() - t0) / 1e9;
        double opsPerSec = ops / wallSec;
        System.out.printf(Locale.ROOT, "AllocationChurn: %d ops in %.3f s (%.0f ops/s), live set %d MB, seed %d, "
                + "%d thread(s)%n", ops, wallSec, opsPerSec, o.liveMb(), o.seed(), o.threads());
        new MetricsFile().number("wallSec", wallSec).number("throughputOpsPerSec", opsPerSec).writeIfRequested();
    }

    static String usage() {
        return "usage: AllocationChurn [--seconds S] [--live-mb M] [--seed N] [--threads T] [--huge-every N]\n"
                + "                       [--ops-per-sec R]\n"
                + "  --seconds S     how long to allocate (default 2)\n"
                + "  --live-mb M     size of the sliding live set in MiB, shared out among the threads (default 40)\n"
                + "  --seed N        seed of the random sequence; thread i uses N + i (default 1)\n"
                + "  --threads T     allocating threads (default 1)\n"
                + "  --huge-every N  operations between two 2-6 MiB arrays, per thread; 0 for none (default 4096)\n"
                + "  --ops-per-sec R at most R operations a second per thread, as a service paced by its requests;\n"
                + "                  0 for as fast as it can (default 0)\n"
                + "Writes wallSec and throughputOpsPerSec to the JSON file $JVMTUNE_METRICS when set.";
    }

    /** The options, or {@code null} when help was asked for. */
    static Options parse(String[] args) {
        double seconds = 2;
        int liveMb = 40;
        long seed = 1;
        int threads = 1;
        int hugeEvery = 4096;
        long opsPerSec = 0;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String name = a;
            String value = null;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                name = a.substring(0, eq);
                value = a.substring(eq + 1);
            }
            if (name.equals("--help") || name.equals("-h")) {
                return null;
            }
            if (!List.of("--seconds", "--live-mb", "--seed", "--threads", "--huge-every", "--ops-per-sec").contains(name)) {
                throw new IllegalArgumentException("unknown argument " + a);
            }
            if (value == null) {
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(name + " needs a value");
                }
                value = args[++i];
            }
            try {
                switch (name) {
                    case "--seconds" -> seconds = Double.parseDouble(value);
                    case "--live-mb" -> liveMb = Integer.parseInt(value);
                    case "--threads" -> threads = Integer.parseInt(value);
                    case "--huge-every" -> hugeEvery = Integer.parseInt(value);
                    case "--ops-per-sec" -> opsPerSec = Long.parseLong(value);
                    default -> seed = Long.parseLong(value);
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(name + ": not a number: " + value);
            }
        }
        if (!(seconds > 0) || liveMb < 0 || threads < 1 || hugeEvery < 0 || opsPerSec < 0) {
            throw new IllegalArgumentException("--seconds must be > 0, --live-mb >= 0, --threads >= 1, --huge-every >= 0, "
                    + "--ops-per-sec >= 0");
        }
        return new Options(seconds, liveMb, seed, threads, hugeEvery, opsPerSec);
    }

    /** Runs {@code o.threads()} allocating threads until the time is up; returns their operations. */
    static long runThreads(Options o) {
        if (o.threads() == 1) {
            return run(o, o.seed(), o.liveMb());
        }
        long[] ops = new long[o.threads()];
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < o.threads(); i++) {
            int t = i;
            Thread thread = new Thread(() -> ops[t] = run(o, o.seed() + t, o.liveMb() / (double) o.threads()),
                    "churn-" + i);
            threads.add(thread);
            thread.start();
        }
        long sum = 0;
        for (int i = 0; i < threads.size(); i++) {
            try {
                threads.get(i).join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
            sum += ops[i];
        }
        return sum;
    }

    /** One thread's loop: allocates until the time is up; returns the number of operations done. */
    static long run(Options o, long seed, double liveMb) {
        Random rnd = new Random(seed);
        int slots = Math.max(1, (int) (liveMb * 1024 * 1024 / CHUNK_BYTES));
        byte[][] live = new byte[slots][];
        List<WeakReference<Object>> weak = new ArrayList<>();
        long start = System.nanoTime();
        long deadline = start + (long) (o.seconds() * 1e9);
        long ops = 0;
        long acc = 0;
        while (true) {
            // check the clock every 256 operations; allocation, not nanoTime, should dominate
            if ((ops & 0xFF) == 0) {
                long now = System.nanoTime();
                if (now >= deadline) {
                    break;
                }
                if (o.opsPerSec() > 0) { // ahead of the pace: wait until the operations done are due
                    long due = start + (long) (ops * 1e9 / o.opsPerSec());
                    if (due > now) {
                        LockSupport.parkNanos(Math.min(due, deadline) - now);
                    }
                }
            }
            ops++;
            if (rnd.nextInt(4) == 0) {
                Node n = new Node(rnd.nextLong(), new Node(ops, null));
                acc += n.value + n.next.value;
            } else {
                byte[] garbage = new byte[16 + rnd.nextInt(4080)];
                garbage[0] = (byte) ops;
                acc += garbage.length;
            }
            if ((ops & 0x7) == 0) {
                byte[] chunk = new byte[CHUNK_BYTES];
                chunk[rnd.nextInt(CHUNK_BYTES)] = 1;
                live[rnd.nextInt(slots)] = chunk; // the old chunk in that slot dies, usually in old gen
            }
            if ((ops & 0x3F) == 0) {
                weak.add(new WeakReference<>(new Node(ops, null)));
                if (weak.size() > 10_000) {
                    int cleared = 0;
                    for (WeakReference<Object> w : weak) {
                        if (w.get() == null) {
                            cleared++;
                        }
                    }
                    acc += cleared;
                    weak.clear();
                }
            }
            if (o.hugeEvery() > 0 && ops % o.hugeEvery() == 0) {
                byte[] huge = new byte[(2 + rnd.nextInt(5)) * 1024 * 1024];
                huge[huge.length - 1] = 1;
                acc += huge.length;
            }
        }
        sink = acc + live.length + weak.size();
        return ops;
    }

    private static final class Node {
        final long value;
        final Node next;

        Node(long value, Node next) {
            this.value = value;
            this.next = next;
        }
    }
}
