package dev.jvmtune.workloads.codecache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongUnaryOperator;
import org.HdrHistogram.Recorder;
import org.junit.jupiter.api.Test;

/** Determinism (issue 7, acceptance 2) and distinctness of the generated program. */
class HandlerGeneratorTest {

    @Test
    void sameSeedSameBytesOtherSeedOrIndexOtherBytes() {
        byte[] a = HandlerGenerator.generate(7, 16, 1);
        assertArrayEquals(a, HandlerGenerator.generate(7, 16, 1));
        assertFalse(Arrays.equals(a, HandlerGenerator.generate(7, 16, 2)));
        assertFalse(Arrays.equals(a, HandlerGenerator.generate(8, 16, 1)));
        assertTrue(HandlerGenerator.generate(7, 64, 1).length > a.length + 200, "method-ops sizes the body");
    }

    @Test
    void handlersLoadRunAndDifferFromEachOther() throws ReflectiveOperationException {
        LongUnaryOperator[] first = new HandlerLoader().load(20, 16, 1);
        LongUnaryOperator[] second = new HandlerLoader().load(20, 16, 1);
        for (int i = 0; i < first.length; i++) {
            assertEquals(first[i].applyAsLong(12345), second[i].applyAsLong(12345), "handler " + i);
        }
        assertNotEquals(first[0].applyAsLong(12345), first[1].applyAsLong(12345));
        assertNotEquals(first[0].getClass(), second[0].getClass(), "each loader defines its own classes");
    }

    @Test
    void sameSeedSameRequestSequence() throws ReflectiveOperationException {
        assertEquals(checksumOfOneRun(1), checksumOfOneRun(1));
        assertNotEquals(checksumOfOneRun(1), checksumOfOneRun(2));
    }

    private static long checksumOfOneRun(long seed) throws ReflectiveOperationException {
        LongUnaryOperator[] handlers = new HandlerLoader().load(50, 8, seed);
        LongAdder requests = new LongAdder();
        RequestLoop loop = new RequestLoop(handlers, HotSet.all(handlers.length), 4, seed, 0, Long.MAX_VALUE, 10_000,
                requests, new Recorder(3));
        loop.run();
        assertEquals(10_000, loop.sequence().operations());
        assertEquals(10_000, requests.sum());
        return loop.sequence().value();
    }
}
