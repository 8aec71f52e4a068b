package dev.jvmtune.workloads.blockcache;

import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.zip.CRC32;

/**
 * An in-process store shaped like one HBase region server (S1): rows of {@code fieldCount x fieldLength} bytes
 * packed into 64 KB blocks of generated store files, an {@link LruBlockCache} in front of them, and a
 * {@link MemStore} taking writes that a background thread flushes into new 64 KB blocks once it reaches the
 * flush size. Reads look in the memstore (and one being flushed), then the block cache, then the store files.
 *
 * <p>It reproduces a region server's memory traffic, not its durability: flushed blocks are encoded and dropped
 * rather than kept as files, so a row read after its flush comes back with its generated content.
 */
public final class RegionStore {

    private final int rowBytes;
    private final int rowsPerBlock;
    private final int blockCount;
    private final long flushBytes;
    private final StoreFiles files;
    private final LruBlockCache cache;
    private volatile MemStore active = new MemStore();
    private volatile MemStore flushing = new MemStore();
    private final AtomicBoolean flushInProgress = new AtomicBoolean();
    private final ExecutorService flusher = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "memstore-flusher");
        t.setDaemon(true);
        return t;
    });
    private final LongAdder memstoreReads = new LongAdder();
    private final LongAdder flushes = new LongAdder();
    private final LongAdder flushedRows = new LongAdder();
    private final LongAdder flushedBlocks = new LongAdder();

    /**
     * @param records    rows in the store files
     * @param rowBytes   bytes of one row (all its fields)
     * @param cacheBytes block cache size; whole 64 KB blocks
     * @param flushBytes memstore heap size that starts a flush
     */
    public RegionStore(long records, int rowBytes, long cacheBytes, long flushBytes, long seed) {
        if (rowBytes > StoreFiles.BLOCK_BYTES) {
            throw new IllegalArgumentException("a row of " + rowBytes + " bytes does not fit a 64 KB block");
        }
        this.rowBytes = rowBytes;
        this.rowsPerBlock = StoreFiles.BLOCK_BYTES / rowBytes;
        long blocks = (records + rowsPerBlock - 1) / rowsPerBlock;
        if (blocks > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(records + " records need more than 2^31 blocks");
        }
        this.blockCount = (int) blocks;
        this.flushBytes = flushBytes;
        this.files = new StoreFiles(seed);
        this.cache = new LruBlockCache((int) Math.max(1, Math.min(blocks, cacheBytes / StoreFiles.BLOCK_BYTES)));
    }

    /**
     * Fills the block cache from the first blocks of the store files, as HBase's prefetch-on-open does, so the
     * clients start against a full cache (evicting from the start) instead of spending their run filling it.
     */
    void prefetch() {
        int n = Math.min(blockCount, cache.stats().capacityBlocks());
        for (int id = 0; id < n; id++) {
            cache.put(id, files.read(id));
        }
    }

    public int rowBytes() {
        return rowBytes;
    }

    /** The row's current bytes, as a fresh array the caller may keep. */
    public byte[] read(String key) {
        byte[] row = active.get(key);
        if (row == null) {
            row = flushing.get(key);
        }
        if (row != null) {
            memstoreReads.increment();
            return row.clone();
        }
        long h = StoreFiles.mix(key.hashCode() * 0x9E3779B97F4A7C15L + key.length());
        // rows are spread over blocks by hash: the store files of a hashed-key table
        int blockId = (int) Math.floorMod(h, (long) blockCount);
        int slot = (int) Math.floorMod(h >>> 32, (long) rowsPerBlock);
        byte[] block = cache.get(blockId);
        if (block == null) {
            block = files.read(blockId);
            cache.put(blockId, block);
        }
        return Arrays.copyOfRange(block, slot * rowBytes, (slot + 1) * rowBytes);
    }

    /** Puts the whole row into the memstore; starts a flush when the memstore has reached the flush size. */
    public void write(String key, byte[] row) {
        if (row.length != rowBytes) {
            throw new IllegalArgumentException("row of " + row.length + " bytes, expected " + rowBytes);
        }
        if (active.put(key, row) >= flushBytes && flushInProgress.compareAndSet(false, true)) {
            flushing = active;
            active = new MemStore();
            flusher.execute(this::flush);
        }
    }

    /** Encodes the snapshot into 64 KB blocks, as a flush writes an HFile, then lets it go. */
    private void flush() {
        try {
            MemStore snapshot = flushing;
            CRC32 file = new CRC32();
            byte[] block = new byte[StoreFiles.BLOCK_BYTES];
            int at = 0;
            long rows = 0;
            long blocks = 0;
            for (var e : snapshot.rows().entrySet()) {
                if (at + rowBytes > block.length) {
                    file.update(block, 0, at);
                    block = new byte[StoreFiles.BLOCK_BYTES];
                    blocks++;
                    at = 0;
                }
                System.arraycopy(e.getValue(), 0, block, at, rowBytes);
                at += rowBytes;
                rows++;
            }
            file.update(block, 0, at);
            flushedRows.add(rows);
            flushedBlocks.add(blocks + 1);
            flushes.increment();
            flushing = new MemStore();
        } finally {
            flushInProgress.set(false);
        }
    }

    /** Waits for a running flush (at the end of a run, so the counters are final). */
    public void close() throws InterruptedException {
        flusher.shutdown();
        flusher.awaitTermination(60, TimeUnit.SECONDS);
    }

    Stats stats() {
        return new Stats(blockCount, rowsPerBlock, cache.stats(), memstoreReads.sum(), flushes.sum(),
                flushedRows.sum(), flushedBlocks.sum(), active.heapBytes());
    }

    record Stats(int blocks, int rowsPerBlock, LruBlockCache.Stats cache, long memstoreReads, long flushes,
                 long flushedRows, long flushedBlocks, long memstoreBytes) {
    }
}
