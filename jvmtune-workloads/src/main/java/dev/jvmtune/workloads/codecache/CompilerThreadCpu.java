package dev.jvmtune.workloads.codecache;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time of the JIT compiler threads, read from {@code /proc/self/task/TID/stat} (Linux). S4's symptom is
 * compiler threads burning CPU while the code cache is full, and these threads are invisible to
 * {@code ThreadMXBean}, so /proc is the only in-process view. Returns -1 where /proc is not there.
 */
final class CompilerThreadCpu {

    /** USER_HZ; 100 on every Linux architecture HotSpot runs on. */
    private static final double TICKS_PER_SEC = 100;

    private CompilerThreadCpu() {
    }

    static double seconds() {
        Path tasks = Path.of("/proc/self/task");
        if (!Files.isDirectory(tasks)) {
            return -1;
        }
        long ticks = 0;
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(tasks)) {
            for (Path task : dir) {
                try {
                    String comm = Files.readString(task.resolve("comm")).trim();
                    // "C2 CompilerThre", "C1 CompilerThre" (names are cut to 15 characters)
                    if (comm.contains("CompilerThre")) {
                        ticks += utimePlusStime(Files.readString(task.resolve("stat")));
                    }
                } catch (IOException e) {
                    // the thread ended while we looked (compiler threads come and go with UseDynamicNumberOfCompilerThreads)
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return ticks / TICKS_PER_SEC;
    }

    /** Fields 14 and 15 of a stat line; the command name (field 2) may hold spaces, so count after its ')'. */
    static long utimePlusStime(String stat) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        // f[0] is field 3 (state), so field 14 is f[11] and field 15 is f[12]
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }
}
