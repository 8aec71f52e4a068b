package dev.jvmtune.core.parse.unified;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.model.Phase;
import dev.jvmtune.core.run.RunReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * G1 at {@code -Xlog:gc*} (info) indents its five top-level phases by two spaces; they are siblings, not
 * children of the first ({@code "Pre Evacuate Collection Set/Merge Heap Roots"} was read before). The log is
 * the start of a real JDK 17 run of AllocationChurn with -Xmx64m.
 */
class InfoLevelPhasesTest {

    @Test
    void topLevelPhasesAreSiblings() throws Exception {
        Path log = Path.of(InfoLevelPhasesTest.class.getResource("/logs/g1-info-phases-jdk17.log").toURI());
        List<GcEvent> events = new ArrayList<>();
        RunReader.read(LogInputs.resolve(List.of(log)).get(0), RunReader.Options.DEFAULT.tap(JvmEvent.only(GcEvent.class, events::add)));
        GcEvent gc3 = events.stream().filter(e -> e.gcId() == 3 && e.isPause()).findFirst().orElseThrow();
        assertEquals(List.of("Pre Evacuate Collection Set", "Merge Heap Roots", "Evacuate Collection Set",
                "Post Evacuate Collection Set", "Other"), gc3.phases().stream().map(Phase::path).toList());
        assertEquals(8.8, gc3.phaseMs("Evacuate Collection Set"), 1e-9);
    }
}
