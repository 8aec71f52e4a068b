package dev.jvmtune.core;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The fields at the root of a JSON document jvmtune writes, before the document's own (docs/json.md):
 * {@code schemaVersion}, the document's shape, which changes only when one of its fields is renamed or removed, and
 * {@code tool}, the jvmtune that wrote it ({@code "jvmtune 0.1.0"}). A writer puts this record's components first
 * (Jackson: the record unwrapped), so that the tool string is made here alone. {@code analyze --json}, older than
 * this record, writes {@code tool} as an object {@code {name, version}} of the same version.
 *
 * @param schemaVersion the version of the document's shape: 1 for its first
 * @param tool          {@code jvmtune VERSION}
 */
public record DocumentRoot(int schemaVersion, String tool) {

    /** {@code jvmtune VERSION}: this jvmtune, as every document names it. */
    public static final String TOOL = tool(JvmtuneVersion.get());

    /**
     * The root's field names, in the order written: what a reader takes off a document's first object before it maps
     * the rest to a record that does not have them (a record that fails on unknown fields).
     */
    public static final List<String> FIELDS = Stream.of(DocumentRoot.class.getRecordComponents())
            .map(RecordComponent::getName).toList();

    /** The root of a document of this shape version, written by this jvmtune. */
    public static DocumentRoot of(int schemaVersion) {
        return new DocumentRoot(schemaVersion, TOOL);
    }

    /**
     * The root of a document of this shape version, written by jvmtune {@code version}: for a writer that is told
     * its version, as {@code analyze}'s formats are ({@code "golden"} in their golden files).
     */
    public static DocumentRoot of(int schemaVersion, String version) {
        return new DocumentRoot(schemaVersion, tool(version));
    }

    /**
     * Why a reader that knows the shapes up to {@code known} cannot read {@code doc}, one line: its root says a later
     * shape, which renamed or removed a field; null when it can read it. A document without a root (an earlier
     * jvmtune's) is of the first shape.
     */
    public static String unreadable(JsonNode doc, int known) {
        int version = doc.path("schemaVersion").asInt(1);
        if (version <= known) {
            return null;
        }
        return "written by " + doc.path("tool").asText("another jvmtune") + " in the shape of schema version " + version
                + ", which " + TOOL + " cannot read (it reads up to " + known + "): use that jvmtune or a later one";
    }

    /** {@code doc}, read from {@code file}, when a reader of shapes up to {@code known} can read it; else the line why. */
    public static JsonNode readable(JsonNode doc, int known, Path file) throws IOException {
        String unreadable = unreadable(doc, known);
        if (unreadable != null) {
            throw new IOException(file + ": " + unreadable);
        }
        return doc;
    }

    private static String tool(String version) {
        return "jvmtune " + version;
    }
}
