package dev.jvmtune.core.parse.unified;

import dev.jvmtune.core.parse.Bytes;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Set;

/**
 * Tag sets whose lines carry nothing the parser uses, so it can skip them right after the
 * decorations. In a G1 log at debug level they are about a third of all lines (age tables, PLAB and
 * TLAB statistics, refinement, IHOP, heap dumps before and after each collection). A tag set not listed
 * here is always parsed, so an unknown JDK's lines are never lost; extend the list only with tags whose
 * content no parser reads.
 */
final class TagFilter {

    private static final Set<String> IGNORED = Set.of("gc,age", "gc,ref", "gc,ref,start", "gc,plab", "gc,tlab",
            "gc,ihop", "gc,ergo,ihop", "gc,mmu", "gc,refine,stats", "gc,ergo,refine", "gc,stats", "gc,alloc,stats",
            "gc,alloc,region", "gc,remset", "gc,remset,tracking", "gc,region", "gc,task", "gc,task,start",
            "gc,ergo,heap", "gc,ergo,cset", "gc,humongous", "gc,phases,start", "gc,load", "gc,nmethod",
            "gc,reloc", "gc,heap,region", "gc,freelist");
    /** {@code gc,heap} at debug/trace holds the full heap printout; the region and pool lines are info. */
    private static final byte[] HEAP = Bytes.ascii("gc,heap");

    private static final int SLOTS = 64;
    private final byte[][] keys = new byte[SLOTS][];
    private final boolean[] values = new boolean[SLOTS];
    /** The previous line's tag set: runs of lines share one. */
    private byte[] last;
    private boolean lastIgnored;

    /** @param from start of the tag set, {@code to} its end without padding */
    boolean ignorable(byte[] b, int from, int to, boolean detailLevel) {
        if (last != null && Arrays.equals(last, 0, last.length, b, from, to)) {
            return lastIgnored || detailLevel && isHeap(b, from, to);
        }
        int h = 1;
        for (int i = from; i < to; i++) {
            h = 31 * h + b[i];
        }
        int slot = (h ^ (h >>> 7)) & (SLOTS - 1);
        boolean ignored;
        byte[] key = keys[slot];
        if (key != null && Arrays.equals(key, 0, key.length, b, from, to)) {
            ignored = values[slot];
        } else {
            String tags = new String(b, from, to - from, StandardCharsets.ISO_8859_1);
            ignored = IGNORED.contains(tags);
            keys[slot] = Arrays.copyOfRange(b, from, to);
            values[slot] = ignored;
        }
        last = keys[slot];
        lastIgnored = ignored;
        return ignored || detailLevel && isHeap(b, from, to);
    }

    private static boolean isHeap(byte[] b, int from, int to) {
        return to - from == HEAP.length && Bytes.startsWith(b, from, to, HEAP);
    }
}
