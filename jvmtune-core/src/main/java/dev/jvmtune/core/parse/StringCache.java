package dev.jvmtune.core.parse;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Turns byte ranges into Strings, reusing one instance per distinct value. Event names and causes
 * repeat millions of times in a large log; this keeps both allocation and retained memory flat.
 */
public final class StringCache {

    private static final int SLOT_BITS = 10;
    private static final int SIZE = 1 << SLOT_BITS;
    private final byte[][] keys = new byte[SIZE][];
    private final String[] values = new String[SIZE];

    public String get(byte[] b, int from, int to) {
        int slot = (int) (Bytes.hash(b, from, to) >>> 64 - SLOT_BITS);
        byte[] key = keys[slot];
        if (key != null && key.length == to - from && Bytes.equals(key, 0, b, from, key.length)) {
            return values[slot];
        }
        String s = new String(b, from, to - from, StandardCharsets.UTF_8);
        keys[slot] = Arrays.copyOfRange(b, from, to);
        values[slot] = s;
        return s;
    }
}
