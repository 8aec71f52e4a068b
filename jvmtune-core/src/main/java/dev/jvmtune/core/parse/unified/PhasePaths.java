package dev.jvmtune.core.parse.unified;

import java.util.HashMap;
import java.util.Map;

/**
 * Canonical "Parent/Child" phase paths. Every collection of a log repeats the same phase tree, so the
 * paths are built once and reused; keys are the canonical name and parent instances, whose hash codes
 * the JVM caches, so a lookup costs no hashing of new strings.
 */
final class PhasePaths {

    private static final int MAX_ENTRIES = 20_000;
    private final Map<String, Map<String, String>> byParent = new HashMap<>();
    private final Map<String, String> roots = new HashMap<>();
    private int size;

    /** @param parent the enclosing phase's path, or null at the top level */
    String path(String parent, String name) {
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
