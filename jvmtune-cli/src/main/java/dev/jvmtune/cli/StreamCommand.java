package dev.jvmtune.cli;

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
}
