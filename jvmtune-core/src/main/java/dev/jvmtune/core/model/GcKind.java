package dev.jvmtune.core.model;

/** What a collection or phase did. Pauses and concurrent work are told apart by {@link #isPause()}. */
public enum GcKind {
    /** Young-only stop-the-world collection (G1 "Normal", ParNew, PSYoungGen, DefNew...). */
    YOUNG(true),
    /** G1 young pause that also starts concurrent marking (JDK 9-11 "Initial Mark"). */
    CONCURRENT_START(true),
    /** G1 mixed collection (young + some old regions), including "Prepare Mixed". */
    MIXED(true),
    /** Full, stop-the-world collection of the whole heap. */
    FULL(true),
    /** CMS initial mark pause. */
    INITIAL_MARK(true),
    /** G1/CMS remark pause. */
    REMARK(true),
    /** G1 cleanup pause. */
    CLEANUP(true),
    /** Shenandoah degenerated cycle: a stop-the-world fallback from a concurrent cycle. */
    DEGENERATED(true),
    /** Any other stop-the-world pause of a concurrent collector (ZGC/Shenandoah mark/relocate/update pauses). */
    PAUSE(true),
    /** Work done while the application runs (concurrent mark, sweep, relocate...). */
    CONCURRENT(false),
    /** Summary of a whole concurrent collection (ZGC "Garbage Collection", G1 "Concurrent Mark Cycle"). */
    CYCLE(false);

    private final boolean pause;

    GcKind(boolean pause) {
        this.pause = pause;
    }

    public boolean isPause() {
        return pause;
    }
}
