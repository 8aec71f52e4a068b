package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.CpuTimes;
import dev.jvmtune.core.model.GcEvent;

/**
 * CPU the collector's threads used during pauses ({@code [Times: user= sys= real=]}, {@code gc+cpu}):
 * user + sys over real is the parallelism the GC workers reached. Real longer than user + sys means the
 * workers waited (CPU starvation, swapping, I/O); sys above user means the kernel did the work (page faults,
 * transparent huge pages, memory pressure). Only pauses of at least {@link #MIN_REAL_MS} are judged one by one: the
 * log prints centiseconds, so shorter ones cannot tell either; summed, they tell the least they waited together.
 *
 * @param pauses          pauses with CPU times
 * @param userSec         summed user time
 * @param sysSec          summed system time
 * @param realSec         summed real time
 * @param parallelism     (user + sys) / real over all pauses with times: how many CPUs the GC kept busy; NaN
 *                        when no time
 * @param judgedPauses    pauses of at least {@link #MIN_REAL_MS} real time
 * @param realOverCpuPauses of those, pauses whose real time exceeded (user + sys) x {@link #INVERTED_FACTOR}
 * @param realOverCpuSec  their real time
 * @param waitedSec       the part of it no GC thread was on a CPU: the sum of real - (user + sys) over them, the least
 *                        the threads waited (a pause cannot outlast the CPU its threads used unless they waited)
 * @param shortWaitedSec  the least the threads of the shorter pauses waited: their real time less their user + sys,
 *                        each summed first (the sums' rounding evens out where a pause's would not), 0 where the
 *                        CPU is the larger
 * @param sysOverUserPauses of those, pauses whose sys time exceeded user
 * @param sysOverUserSec  their real time
 */
public record GcCpu(long pauses, double userSec, double sysSec, double realSec, double parallelism,
                    long judgedPauses, long realOverCpuPauses, double realOverCpuSec, double waitedSec,
                    double shortWaitedSec, long sysOverUserPauses, double sysOverUserSec) {

    /** The least time no GC thread was on a CPU in all pauses: the host's, not the collector's. */
    public double hostSec() {
        return waitedSec + shortWaitedSec;
    }

    public static final double MIN_REAL_MS = 50;
    /**
     * Real must exceed user + sys by this factor to count as waiting: a single-threaded collector (Serial) runs
     * at user + sys = real, give or take the log's rounding to 10 ms.
     */
    public static final double INVERTED_FACTOR = 1.2;

    static final class Accumulator implements Aggregation.OfGc {
        private long count;
        private double user;
        private double sys;
        private double real;
        private long judged;
        private long inverted;
        private double invertedSec;
        private double waited;
        private double shortReal;
        private double shortCpu;
        private long sysHeavy;
        private double sysHeavySec;

        @Override
        public void add(GcEvent e) {
            CpuTimes c = e.cpu();
            if (!e.isPause() || c == null || Double.isNaN(c.realSec()) || Double.isNaN(c.userSec())
                    || Double.isNaN(c.sysSec())) {
                return;
            }
            count++;
            user += c.userSec();
            sys += c.sysSec();
            real += c.realSec();
            if (c.realSec() * 1000 >= MIN_REAL_MS) {
                judged++;
                if (c.realSec() > INVERTED_FACTOR * (c.userSec() + c.sysSec())) {
                    inverted++;
                    invertedSec += c.realSec();
                    waited += c.realSec() - (c.userSec() + c.sysSec());
                }
                if (c.sysSec() > c.userSec()) {
                    sysHeavy++;
                    sysHeavySec += c.realSec();
                }
            } else {
                shortReal += c.realSec();
                shortCpu += c.userSec() + c.sysSec();
            }
        }

        GcCpu build() {
            return count == 0 ? null : new GcCpu(count, user, sys, real, real > 0 ? (user + sys) / real : Double.NaN,
                    judged, inverted, invertedSec, waited, Math.max(0, shortReal - shortCpu), sysHeavy, sysHeavySec);
        }
    }
}
