package dev.jvmtune.core.parse.unified;

import dev.jvmtune.core.parse.Bytes;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a line's tag decoration tells the parser, cached per distinct decoration: its length without the
 * padding ({@code [gc,phases      ]}) and whether lines with these tags carry anything the parser reads.
 * Skipped tag sets are about a third of a G1 log at debug level (age tables, TLAB statistics,
 * refinement, IHOP, heap printouts before and after each collection). A tag set not listed here is
 * always parsed, so an unknown JDK's lines are never lost; extend the list only with tags whose content no
 * parser reads ({@code gc,mmu} holds ZGC's minimum mutator utilization). {@code gc,stats} is marked apart: of its
 * long per-cycle blocks only Shenandoah's pacing table is read, and the parser skips the rest by their first bytes.
 */
final class TagFilter {

    private static final Set<String> IGNORED = Set.of("gc,age", "gc,ref", "gc,ref,start", "gc,tlab",
            "gc,ihop", "gc,ergo,ihop", "gc,refine,stats", "gc,ergo,refine", "gc,alloc,stats",
            "gc,alloc,region", "gc,remset", "gc,remset,tracking", "gc,region", "gc,task", "gc,task,start",
            "gc,ergo,heap", "gc,ergo,cset", "gc,humongous", "gc,phases,start", "gc,load", "gc,nmethod",
            "gc,reloc", "gc,heap,region", "gc,freelist");
    /** {@code gc,heap} at debug/trace holds the full heap printout; the region and pool lines are info. */
    private static final String HEAP = "gc,heap";
    private static final String STATS = "gc,stats";

    private static final int IGNORED_BIT = 1;
    private static final int HEAP_BIT = 2;
    private static final int STATS_BIT = 1 << 30;
    /**
     * The decorations met and their codes, probed in turn from the hash's slot: a G1 log at debug level holds 30-40
     * decorations (each with and without its padding), and a table that let two of them evict each other made every
     * change between them build the tag set's String again. Half full at most; decorations met after that are looked up
     * each time.
     */
    private static final int SLOT_BITS = 8;
    private static final int SLOTS = 1 << SLOT_BITS;
    private final byte[][] keys = new byte[SLOTS][];
    private final int[] codes = new int[SLOTS];
    private int keyCount;
    /**
     * The distinct tag sets met, as logged ({@code gc,heap}): the {@link #MAX_SEEN} first in sort order, so that what
     * two parsers of one log met can be joined ({@link #addSeen}) into what one parser would have met.
     */
    private final TreeSet<String> seen = new TreeSet<>();
    private static final int MAX_SEEN = 256;

    /** The previous line's decoration: runs of lines share one. */
    private byte[] last;
    private int lastCode;

    /**
     * Whether {@code b} holds, from {@code from} and before {@code limit}, the previous tag decoration and its closing
     * {@code ']'}: then {@link #lookup} of it would give {@link #lastCode()}.
     */
    boolean sameAsLast(byte[] b, int from, int limit) {
        byte[] l = last;
        if (l == null) {
            return false;
        }
        int end = from + l.length;
        return end < limit && b[end] == ']' && Bytes.equals(l, 0, b, from, l.length);
    }

    int lastCode() {
        return lastCode;
    }

    int lastLength() {
        return last.length;
    }

    /**
     * @param from start of the tag decoration, {@code to} its end including padding
     * @return the length without padding in the high bits, {@link #IGNORED_BIT} and {@link #HEAP_BIT}
     */
    int lookup(byte[] b, int from, int to) {
        int len = to - from;
        if (last != null && last.length == len && Bytes.equals(last, 0, b, from, len)) {
            return lastCode;
        }
        int slot = (int) (Bytes.hash(b, from, to) >>> 64 - SLOT_BITS);
        for (byte[] key = keys[slot]; key != null; key = keys[slot]) {
            if (key.length == len && Bytes.equals(key, 0, b, from, len)) {
                last = key;
                lastCode = codes[slot];
                return lastCode;
            }
            slot = (slot + 1) & (SLOTS - 1);
        }
        int end = Bytes.trimEnd(b, from, to);
        String tags = new String(b, from, end - from, StandardCharsets.ISO_8859_1);
        int code = (end - from) << 2 | (IGNORED.contains(tags) ? IGNORED_BIT : 0) | (tags.equals(HEAP) ? HEAP_BIT : 0)
                | (tags.equals(STATS) ? STATS_BIT : 0);
        addSeen(tags);
        byte[] key = Arrays.copyOfRange(b, from, to);
        if (keyCount < SLOTS / 2) {
            keys[slot] = key;
            codes[slot] = code;
            keyCount++;
        }
        last = key;
        lastCode = code;
        return code;
    }

    /** The tag sets met so far: what the log was written with ({@code -Xlog:gc*} gives gc,heap, gc,cpu...). */
    Set<String> seen() {
        return Collections.unmodifiableSet(seen);
    }

    /** The tag sets met in two parts of a log, as one parser of both would have kept them. */
    static Set<String> join(Set<String> a, Set<String> b) {
        TagFilter f = new TagFilter();
        f.addSeen(a);
        f.addSeen(b);
        return f.seen;
    }

    /** Adds tag sets met elsewhere in the log (by the parser of the blocks before). */
    void addSeen(Set<String> more) {
        for (String tags : more) {
            addSeen(tags);
        }
    }

    private void addSeen(String tags) {
        if (seen.add(tags) && seen.size() > MAX_SEEN) {
            seen.pollLast();
        }
    }

    static int length(int code) {
        return (code & ~STATS_BIT) >>> 2;
    }

    /** Whether the lines carry {@code gc,stats}: statistics blocks, read only where the parser asks for them. */
    static boolean stats(int code) {
        return (code & STATS_BIT) != 0;
    }

    static boolean ignorable(int code, boolean detailLevel) {
        return (code & IGNORED_BIT) != 0 || detailLevel && (code & HEAP_BIT) != 0;
    }
}
