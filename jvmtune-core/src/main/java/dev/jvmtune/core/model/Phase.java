package dev.jvmtune.core.model;

/**
 * One timed step inside a collection. {@code path} joins the names of enclosing phases with '/'
 * (e.g. {@code "Post Evacuate Collection Set/Reference Processing"}), so sub-phases keep their
 * parents and names that repeat at different depths stay apart. For per-worker statistics
 * ({@code Min/Avg/Max/Sum}) {@code ms} is the average and {@code maxMs} the slowest worker;
 * otherwise both are the logged time.
 */
public record Phase(String path, double ms, double maxMs) {

    public String name() {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? path : path.substring(slash + 1);
    }

    public int depth() {
        int depth = 0;
        for (int i = 0; i < path.length(); i++) {
            if (path.charAt(i) == '/') {
                depth++;
            }
        }
        return depth;
    }
}
