package dev.jvmtune.lab.run;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The long counters of a HotSpot performance-data file ({@code -XX:+PerfDataSaveToFile}: the JVM writes its
 * {@code hsperfdata} at exit where {@code -XX:PerfDataSaveFile} says), read without the JDK's internal
 * {@code jdk.internal.jvmstat}. The layout is the one {@code jstat} reads (format 2.0): a prologue (magic
 * {@code 0xcafec0c0}, byte order, version, the offset and number of entries), then entries each with its length, the
 * offset of its NUL-terminated name, a vector length (0 for a scalar), a type ({@code 'J'}: a long) and the offset of
 * its value. Strings and byte vectors are skipped.
 */
final class HsPerfData {

    private static final int MAGIC = 0xcafec0c0;
    /** A counter file is 32 KiB by default ({@code -XX:PerfDataMemorySize}); larger ones are not ours. */
    private static final long MAX_BYTES = 16L << 20;

    private HsPerfData() {
    }

    /**
     * The scalar long counters by name; empty when the file is missing, too large or not a counter file.
     */
    static Map<String, Long> longs(Path file) throws IOException {
        if (!Files.isRegularFile(file) || Files.size(file) > MAX_BYTES) {
            return Map.of();
        }
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file));
        if (b.remaining() < 32 || b.order(ByteOrder.BIG_ENDIAN).getInt(0) != MAGIC) {
            return Map.of();
        }
        b.order(b.get(4) == 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        if (b.get(5) != 2) {
            return Map.of(); // format 1.0 (JDK 1.4) lays entries out otherwise
        }
        int offset = b.getInt(24);
        int count = b.getInt(28);
        Map<String, Long> out = new LinkedHashMap<>();
        for (int i = 0; i < count && offset > 0 && offset + 20 <= b.limit(); i++) {
            int length = b.getInt(offset);
            int nameAt = offset + b.getInt(offset + 4);
            int vector = b.getInt(offset + 8);
            byte type = b.get(offset + 12);
            int dataAt = offset + b.getInt(offset + 16);
            if (length <= 0) {
                break;
            }
            if (type == 'J' && vector == 0 && dataAt + 8 <= b.limit() && nameAt < b.limit()) {
                int end = nameAt;
                while (end < b.limit() && b.get(end) != 0) {
                    end++;
                }
                byte[] name = new byte[end - nameAt];
                b.get(nameAt, name);
                out.put(new String(name, StandardCharsets.US_ASCII), b.getLong(dataAt));
            }
            offset += length;
        }
        return out;
    }
}
