package dev.jvmtune.core.input;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Reading in blocks only where the processors left beside the JIT outrun the blocks' extra CPU. */
class ParallelismTest {

    @Test
    void blocksFromThreeProcessorsOnUnlessAsked() {
        assertEquals(Parallelism.SEQUENTIAL, Parallelism.of(-1, 1));
        assertEquals(Parallelism.SEQUENTIAL, Parallelism.of(-1, 2), "1 processor beside the JIT < 1.4x the work");
        assertEquals(3, Parallelism.of(-1, 3).threads());
        assertEquals(16, Parallelism.of(-1, 16).threads());
        assertEquals(Parallelism.SEQUENTIAL, Parallelism.of(1, 16), "asked to read in order");
        assertEquals(2, Parallelism.of(2, 2).threads(), "asked for blocks on 2 processors");
    }
}
