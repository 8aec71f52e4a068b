package dev.jvmtune.cli;

import dev.jvmtune.report.html.Figures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A command that prints through the {@link Streams} given to {@link Main#run}. */
abstract class StreamCommand {
    Streams streams = Streams.of(System.out, System.err);

    /**
     * A failure the command goes on after (the next log, the summary after a report that could not be written): said
     * as {@link Main#report} says every failure; its exit code returned, for the command to end with.
     */
    int reported(Throwable failure) {
        return Main.report(failure, null, streams.err());
    }

    /** "wrote report.html (HTML report, 1.1 MB)": where a file asked for went, on stderr. */
    void wrote(String file, String what) {
        long bytes;
        try {
            bytes = Files.size(Path.of(file));
        } catch (IOException e) {
            bytes = -1;
        }
        streams.err().println("wrote " + file + " (" + what + (bytes < 0 ? "" : ", " + Figures.bytes(bytes)) + ")");
    }
}
