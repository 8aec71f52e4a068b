package dev.jvmtune.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jvmtune.core.DocumentRoot;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code profile.json} is a document: its root first, then the profile's fields at the same level. */
class ProfileJsonTest {

    @Test
    void theRootComesFirstAndTheProfileSFieldsBesideIt() throws Exception {
        Profile p = new Profile(List.of("java", "-version"), "async-profiler 4.6", "cpu", 10, 0, false, 0.5, null,
                List.of(), List.of(), null, List.of("no JVM wrote a profile"),
                new Profile.Files(null, null, "profile.json", "stdout.log", "jfr", "async-profiler"));
        JsonNode doc = new ObjectMapper().readTree(ProfileJson.toJson(p));
        List<String> names = new ArrayList<>();
        doc.fieldNames().forEachRemaining(names::add);
        assertEquals(List.of("schemaVersion", "tool", "command", "profiler"), names.subList(0, 4), "the root first: " + names);
        assertEquals(ProfileJson.SCHEMA_VERSION, doc.path("schemaVersion").asInt());
        assertEquals(DocumentRoot.TOOL, doc.path("tool").asText());
        assertEquals("java", doc.path("command").get(0).asText());
        assertEquals("profile.json", doc.path("files").path("json").asText());
    }
}
