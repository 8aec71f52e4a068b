package dev.jvmtune.core.parse.unified;

import java.util.HashMap;
import java.util.Map;

/**
 * Canonical "Parent/Child" phase paths. Every collection of a log repeats the same phase tree, so the
 * paths are built once and reused. The common case costs two identity comparisons: the k-th phase of a
 * collection is looked up at position k of the previous one. Otherwise maps keyed by the canonical name
 * and parent instances (hash codes cached by the JVM) give the path.
 */
public final class PhasePaths {

    private static final int MAX_ENTRIES = 20_000;
    private final Map<String, Map<String, String>> byParent = new HashMap<>();
    private final Map<String, String> roots = new HashMap<>();
    private int size;

    private static final int SEQUENCE = 512;
    private final String[] seqParent = new String[SEQUENCE];
    private final String[] seqName = new String[SEQUENCE];
    private final String[] seqPath = new String[SEQUENCE];

    /**
     * @param index  position of this phase within its collection
     * @param parent the enclosing phase's path, or null at the top level
     * @param name   the phase's canonical name
     */
    public String path(int index, String parent, String name) {
        if (index < SEQUENCE && seqName[index] == name && seqParent[index] == parent) {
            return seqPath[index];
        }
        String path = lookup(parent, name);
        if (index < SEQUENCE) {
            seqParent[index] = parent;
            seqName[index] = name;
            seqPath[index] = path;
        }
        return path;
    }

    private String lookup(String parent, String name) {
        Map<String, String> children = parent == null ? roots : byParent.computeIfAbsent(parent, k -> new HashMap<>());
        String path = children.get(name);
        if (path == null) {
            if (++size > MAX_ENTRIES) {
                // a log with ever-new phase names (corrupt input): stop caching rather than grow
                byParent.clear();
                roots.clear();
                size = 0;
                children = parent == null ? roots : byParent.computeIfAbsent(parent, k -> new HashMap<>());
            }
            path = parent == null ? name : parent + "/" + name;
            children.put(name, path);
        }
        return path;
    }
}
