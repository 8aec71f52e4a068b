package dev.jvmtune.workloads.blockcache;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;

/**
 * The region's data on "disk": block {@code id}'s bytes are a seeded function of the id, so no file is kept and a
 * block read is the allocation and filling of a fresh 64 KB array, as a block cache miss is in HBase.
 */
final class StoreFiles {

    static final int BLOCK_BYTES = 64 * 1024;

    private final long seed;

    StoreFiles(long seed) {
        this.seed = seed;
    }

    byte[] read(int blockId) {
        byte[] block = new byte[BLOCK_BYTES];
        LongBuffer longs = ByteBuffer.wrap(block).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer();
        long x = mix(seed * 0x9E3779B97F4A7C15L + blockId);
        while (longs.hasRemaining()) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            longs.put(x);
        }
        return block;
    }

    /** A 64-bit finaliser (MurmurHash3's): spreads ids and hashes over all bits. */
    static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
        z = z ^ (z >>> 33);
        return z == 0 ? 0x9E3779B97F4A7C15L : z;
    }
}
