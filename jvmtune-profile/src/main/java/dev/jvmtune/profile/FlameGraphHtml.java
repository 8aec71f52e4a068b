package dev.jvmtune.profile;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import one.convert.Arguments;
import one.convert.FlameGraph;

/** async-profiler's own interactive flame graph (search, zoom, thread frames at the root), from collapsed stacks. */
public final class FlameGraphHtml {

    private FlameGraphHtml() {
    }

    public static void write(Path collapsed, Path html, String title) throws IOException {
        FlameGraph graph = new FlameGraph(new Arguments("--title", title));
        try (Reader in = Files.newBufferedReader(collapsed, StandardCharsets.UTF_8)) {
            graph.parseCollapsed(in);
        }
        try (OutputStream out = Files.newOutputStream(html)) {
            graph.dump(out);
        }
    }
}
