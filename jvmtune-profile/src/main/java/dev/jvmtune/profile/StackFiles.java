package dev.jvmtune.profile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import one.convert.Arguments;
import one.convert.JfrToFlame;

/** Turns async-profiler's JFR file into collapsed stacks with thread frames, with async-profiler's converter. */
final class StackFiles {

    private StackFiles() {
    }

    /**
     * @param skipMs leave out the samples of the recording's first milliseconds (the warm-up); 0 keeps all
     */
    static void toCollapsed(Path jfr, Path collapsed, ProfileEvent event, long skipMs) throws IOException {
        List<String> args = new ArrayList<>(List.of("--threads", "--output", "collapsed"));
        if (event == ProfileEvent.ALLOC) {
            args.addAll(List.of("--alloc", "--total")); // bytes, not samples
        }
        if (skipMs > 0) {
            args.addAll(List.of("--from", Long.toString(skipMs))); // relative to the recording's start
        }
        JfrToFlame.convert(jfr.toString(), collapsed.toString(), new Arguments(args.toArray(String[]::new)));
    }
}
