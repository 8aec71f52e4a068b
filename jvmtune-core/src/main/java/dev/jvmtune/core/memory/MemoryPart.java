package dev.jvmtune.core.memory;

import java.util.List;
import java.util.Locale;

/**
 * The parts of a JVM's memory, the one table of their names: each part's JSON key and label, and the Native Memory
 * Tracking categories it gathers (NMT's names, as {@code jcmd PID VM.native_memory summary}, {@code
 * -XX:+PrintNMTStatistics} and JFR's {@code jdk.NativeMemoryUsage} write them, JDK 8 to 25). A category this table
 * does not name is {@link #OTHER}. Mapped files are no NMT category: they are read from {@code /proc/PID/smaps}.
 */
public enum MemoryPart {
    HEAP("heap", "Java heap", "Java Heap"),
    METASPACE("metaspace", "metaspace", "Metaspace"),
    /** Compressed class space with the class loaders' own malloc ({@code Class}). */
    CLASS_SPACE("classSpace", "class space", "Class"),
    /** The CDS archive: classes mapped from a file, shared with other JVMs of the same JDK. */
    SHARED_CLASSES("sharedClasses", "shared classes (CDS)", "Shared class space"),
    CODE_CACHE("codeCache", "code cache", "Code"),
    THREADS("threads", "thread stacks", "Thread", "Thread Stack"),
    GC("gc", "GC structures", "GC", "GCCardSet"),
    COMPILER("compiler", "compiler", "Compiler"),
    SYMBOLS("symbols", "symbols", "Symbol"),
    /** NMT's {@code Other}: {@code Unsafe.allocateMemory}, which direct {@code ByteBuffer}s use. */
    DIRECT("direct", "direct buffers", "Other"),
    /** Resident pages of files the program mapped ({@code FileChannel.map}), from smaps; never NMT. */
    MAPPED_FILES("mappedFiles", "mapped files"),
    /** NMT's own bookkeeping: present only while it is on. */
    TRACKING("tracking", "memory tracking (NMT)", "Native Memory Tracking"),
    OTHER("otherNative", "other native");

    private final String key;
    private final String label;
    private final List<String> nmtCategories;

    MemoryPart(String key, String label, String... nmtCategories) {
        this.key = key;
        this.label = label;
        this.nmtCategories = List.of(nmtCategories);
    }

    /** The part's name in JSON and metric names ({@code codeCache}). */
    public String key() {
        return key;
    }

    /** The part as a person reads it ({@code code cache}). */
    public String label() {
        return label;
    }

    /** The part an NMT category belongs to; {@link #OTHER} for the rest (Internal, Arena Chunk, Module ...). */
    public static MemoryPart ofNmt(String category) {
        String c = category.trim();
        for (MemoryPart p : values()) {
            for (String n : p.nmtCategories) {
                if (n.equalsIgnoreCase(c)) {
                    return p;
                }
            }
        }
        return OTHER;
    }

    /** The part named by its key ({@code codeCache}) or its constant ({@code CODE_CACHE}), case-insensitively. */
    public static java.util.Optional<MemoryPart> ofKey(String key) {
        for (MemoryPart p : values()) {
            if (p.key.equalsIgnoreCase(key) || p.name().equalsIgnoreCase(key.replace('-', '_'))) {
                return java.util.Optional.of(p);
            }
        }
        return java.util.Optional.empty();
    }

    @Override
    public String toString() {
        return label.toLowerCase(Locale.ROOT);
    }
}
