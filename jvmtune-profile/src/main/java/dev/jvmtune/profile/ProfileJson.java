package dev.jvmtune.profile;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;

/** {@code profile.json}: the {@link Profile} record as it is, fields documented in docs/json.md. */
public final class ProfileJson {

    private ProfileJson() {
    }

    public static void write(Profile profile, Path file) throws IOException {
        mapper().writeValue(file.toFile(), profile);
    }

    public static String toJson(Profile profile) throws IOException {
        return mapper().writeValueAsString(profile);
    }

    private static ObjectMapper mapper() {
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }
}
