package dev.jvmtune.core.model;

/**
 * The promotion-local allocation buffers (PLABs) of one collection, as {@code -Xlog:gc+plab=debug} logs them
 * (G1, JDK 9+): each GC worker copies survivors into a PLAB of its own and takes a new one when it is full.
 * With {@code -XX:+ResizePLAB} (the default) the collector then sizes the next collection's PLABs from what
 * this one copied.
 *
 * @param young PLABs in survivor regions ("Young"); {@code null} when not logged
 * @param old   PLABs in old regions ("Old"): objects promoted; {@code null} when not logged
 */
public record PlabStatistics(Destination young, Destination old) {

    /**
     * One destination's figures, in bytes; {@code -1} when the log does not give one.
     *
     * @param allocatedBytes       handed out as PLABs
     * @param wastedBytes          left at the end of PLABs retired because the next object did not fit
     * @param unusedBytes          left in the PLABs still open when the collection ended
     * @param undoWasteBytes       given back from copies that lost a race to another worker
     * @param regionEndWasteBytes  left at the end of regions too full for another PLAB
     * @param directAllocatedBytes objects too large for a PLAB, copied straight into a region
     * @param calculatedBytes      the PLAB size this collection's copying calls for, all workers together
     *                             ({@code sizing: calculated}); -1 when not resized
     * @param desiredBytes         the size asked of the next collection, all workers together: the weighted
     *                             average of the calculated sizes ({@code sizing: actual}); -1 when not resized
     *                             ({@code -XX:-ResizePLAB} logs no sizing line)
     */
    public record Destination(long allocatedBytes, long wastedBytes, long unusedBytes, long undoWasteBytes,
                              long regionEndWasteBytes, long directAllocatedBytes, long calculatedBytes,
                              long desiredBytes) {

        /** Space handed out as PLABs that holds no object: wasted + unused + undo waste; -1 when unknown. */
        public long wasteBytes() {
            if (wastedBytes < 0 || unusedBytes < 0) {
                return -1;
            }
            return wastedBytes + unusedBytes + Math.max(0, undoWasteBytes);
        }
    }
}
