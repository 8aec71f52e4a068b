package dev.jvmtune.core.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The word-at-a-time comparison and hash against their byte-by-byte definitions, at every length and offset. */
class BytesTest {

    @Test
    void equalsAgreesWithArraysEqualsAtEveryLengthOffsetAndDifference() {
        Random random = new Random(7);
        byte[] a = new byte[80];
        random.nextBytes(a);
        for (int len = 0; len <= 40; len++) {
            for (int aFrom = 0; aFrom < 9; aFrom++) {
                for (int bFrom = 0; bFrom < 9; bFrom++) {
                    byte[] b = new byte[80];
                    System.arraycopy(a, aFrom, b, bFrom, len);
                    assertTrue(Bytes.equals(a, aFrom, b, bFrom, len), "len " + len + " same bytes");
                    for (int diff = 0; diff < len; diff++) {
                        b[bFrom + diff] ^= 0x20;
                        assertEquals(Arrays.equals(a, aFrom, aFrom + len, b, bFrom, bFrom + len),
                                Bytes.equals(a, aFrom, b, bFrom, len), "len " + len + " differing at " + diff);
                        b[bFrom + diff] ^= 0x20;
                    }
                }
            }
        }
    }

    @Test
    void hashDependsOnTheRangeOnlyAndTellsRangesApart() {
        byte[] text = "[gc,phases      ] [gc,phases,ref  ] Object Copy (ms): Object Copy (ms):".getBytes();
        byte[] shifted = new byte[text.length + 5];
        System.arraycopy(text, 0, shifted, 5, text.length);
        Set<Long> hashes = new HashSet<>();
        Set<String> values = new HashSet<>();
        for (int from = 0; from < text.length; from++) {
            for (int to = from; to <= text.length; to++) {
                long h = Bytes.hash(text, from, to);
                assertEquals(h, Bytes.hash(shifted, from + 5, to + 5), "hash of [" + from + ", " + to + ") moved");
                hashes.add(h);
                values.add(new String(text, from, to - from));
            }
        }
        assertEquals(values.size(), hashes.size(), "distinct hashes of the distinct ranges");
        assertNotEquals(Bytes.hash(text, 1, 16), Bytes.hash(text, 20, 35), "gc,phases against gc,phases,ref");
    }

    @Test
    void stringCacheGivesOneInstancePerValue() {
        StringCache cache = new StringCache();
        byte[] line = "Object Copy (ms): Object Copy (ms): Object Copy (us)".getBytes();
        String first = cache.get(line, 0, 16);
        assertEquals("Object Copy (ms)", first);
        assertSame(first, cache.get(line, 18, 34));
        assertEquals("Object Copy (us)", cache.get(line, 36, 52));
    }
}
