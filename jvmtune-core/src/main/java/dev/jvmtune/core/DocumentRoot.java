package dev.jvmtune.core;

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
    public static final String TOOL = "jvmtune " + JvmtuneVersion.get();

    /** The root of a document of this shape version, written by this jvmtune. */
    public static DocumentRoot of(int schemaVersion) {
        return new DocumentRoot(schemaVersion, TOOL);
    }
}
