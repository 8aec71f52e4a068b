package dev.jvmtune.core.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class FlagSetTest {

    @Test
    void aChangeReplacesTheSettingItOverrides() {
        FlagSet f = FlagSet.parse("-XX:+UseG1GC -Xmx512m -XX:ReservedCodeCacheSize=4m -Dx=1");
        FlagSet g = f.with(List.of("-XX:ReservedCodeCacheSize=240m", "-Xmx1g", "-Xms1g"));
        assertEquals("-XX:+UseG1GC -Dx=1 -XX:ReservedCodeCacheSize=240m -Xmx1g -Xms1g", g.line());
        assertEquals("-XX:+UseG1GC -Xmx512m -XX:ReservedCodeCacheSize=4m -Dx=1", f.line(), "immutable");
        assertEquals("1g", g.value("-Xmx").orElseThrow());
        assertEquals("240m", g.value("-XX:ReservedCodeCacheSize").orElseThrow());
        assertEquals(f, FlagSet.parse(f.line()));
    }

    @Test
    void experimentalFlagsAreUnlockedOnce() {
        FlagSet f = FlagSet.parse("-XX:+UseG1GC -Xmx1g").with(List.of("-XX:+UnlockExperimentalVMOptions",
                "-XX:G1NewSizePercent=2", "-XX:G1MaxNewSizePercent=10"));
        assertEquals("-XX:+UnlockExperimentalVMOptions -XX:+UseG1GC -Xmx1g -XX:G1NewSizePercent=2 "
                + "-XX:G1MaxNewSizePercent=10", f.line());
    }

    @Test
    void changingTheCollectorDropsTheOldCollectorsFlags() {
        FlagSet f = FlagSet.parse("-XX:+UseG1GC -Xmx1g -XX:G1NewSizePercent=2 -XX:MaxGCPauseMillis=50");
        FlagSet p = f.with(List.of("-XX:+UseParallelGC"));
        assertEquals("Parallel", p.collector().label());
        assertEquals("-Xmx1g -XX:MaxGCPauseMillis=50 -XX:+UseParallelGC", p.line());
        assertEquals("G1", FlagSet.parse("-Xmx1g").collector().label(), "the server-class default");
    }

    @Test
    void aSettingTakenOutLeavesTheRestInOrder() {
        FlagSet f = FlagSet.parse("-XX:+UseParallelGC -Xmx1g -XX:TieredStopAtLevel=1");
        assertEquals("-XX:+UseParallelGC -Xmx1g", f.without(List.of("-XX:TieredStopAtLevel")).line());
        assertEquals("-Xmx1g -XX:TieredStopAtLevel=1", f.without(List.of(FlagSet.key("-XX:+UseG1GC"))).line());
        assertEquals(f, f.without(List.of("-Xms")));
    }

    @Test
    void aCollectorsSettingBesideAnotherCollectorIsIncoherent() {
        FlagSet parallel = FlagSet.parse("-XX:+UseParallelGC -Xmx1g");
        assertTrue(parallel.coherent());
        assertFalse(parallel.with(List.of("-XX:G1ReservePercent=20")).coherent());
        assertFalse(parallel.with(List.of("-XX:InitiatingHeapOccupancyPercent=30")).coherent(), "G1's, unprefixed");
        assertTrue(parallel.with(List.of("-XX:MaxGCPauseMillis=100")).coherent(), "Parallel reads it too");
        assertEquals(List.of("-Xmx1g", "-XX:+UseParallelGC"), FlagSet.parse("-XX:InitiatingHeapOccupancyPercent=30 "
                + "-Xmx1g").with(List.of("-XX:+UseParallelGC")).options(), "another collector drops G1's settings");
        assertTrue(FlagSet.parse("-Xmx1g -XX:G1ReservePercent=20").coherent(), "G1 is the default");
    }

    @Test
    void sizes() {
        assertEquals(512L << 20, FlagSet.bytes("512m"));
        assertEquals(2L << 30, FlagSet.bytes("2G"));
        assertEquals(-1, FlagSet.bytes("lots"));
        assertEquals("1g", FlagSet.size(1L << 30));
        assertEquals("768m", FlagSet.size(768L << 20));
        assertThrows(IllegalArgumentException.class, () -> FlagSet.parse("-Xmx1g Xms1g"));
    }
}
