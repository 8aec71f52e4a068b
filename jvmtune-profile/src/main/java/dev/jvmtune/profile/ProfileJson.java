package dev.jvmtune.profile;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.jvmtune.core.DocumentRoot;
import dev.jvmtune.core.Json;
import java.io.IOException;
import java.nio.file.Path;

/**
 * {@code profile.json}: {@code {"schemaVersion", "tool", ...}} then the {@link Profile} record as it is, fields
 * documented in docs/json.md.
 */
public final class ProfileJson {

    /** The document's shape: changes only when one of its fields is renamed or removed. */
    static final int SCHEMA_VERSION = 1;

    private ProfileJson() {
    }

    record Document(@JsonUnwrapped DocumentRoot root, @JsonUnwrapped Profile profile) {
    }

    public static void write(Profile profile, Path file) throws IOException {
        mapper().writeValue(file.toFile(), document(profile));
    }

    public static String toJson(Profile profile) throws IOException {
        return mapper().writeValueAsString(document(profile));
    }

    private static Document document(Profile profile) {
        return new Document(DocumentRoot.of(SCHEMA_VERSION), profile);
    }

    private static ObjectMapper mapper() {
        return Json.mapper().enable(SerializationFeature.INDENT_OUTPUT);
    }
}
