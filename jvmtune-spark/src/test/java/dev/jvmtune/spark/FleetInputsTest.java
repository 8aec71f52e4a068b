package dev.jvmtune.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How files are grouped into JVMs when several inputs are named (listing only, no Spark). */
class FleetInputsTest {

    @TempDir
    Path dir;

    @Test
    void theSameFileNameUnderTwoInputsIsTwoJvmsNamedByTheirDirectories() throws IOException {
        for (String f : List.of("a/gc.log", "a/gc.log.1", "b/gc.log")) {
            Files.createDirectories(dir.resolve(f).getParent());
            Files.writeString(dir.resolve(f), "[0.010s][info][gc] Using G1\n");
        }
        String a = dir.resolve("a").toString();
        String b = dir.resolve("b").toString();
        assertEquals(List.of("a a/gc.log 2", "b b/gc.log 1"), names(List.of(a + "/gc.log", a + "/gc.log.1", b + "/gc.log")));
        assertEquals(List.of("a a/gc.log 2", "b b/gc.log 1"), names(List.of(a + "/gc.log*", b + "/*.log")));
        // one input, or inputs of one root, name files below it as before
        assertEquals(List.of("gc gc.log 2"), names(List.of(a)));
        assertEquals(List.of("gc gc.log 2"), names(List.of(a + "/gc.log", a + "/gc.log.1")));
        assertEquals(List.of("a a/gc.log 2", "b b/gc.log 1"), names(List.of(dir.toString())));
    }

    private static List<String> names(List<String> inputs) throws IOException {
        FleetInputs.Listing l = FleetInputs.list(inputs, FleetInputs.Grouping.ROTATED_SETS, new Configuration());
        assertEquals(List.of(), l.errors());
        return l.jvms().stream().map(j -> j.service() + " " + j.instance() + " " + j.paths().size()).sorted().toList();
    }
}
