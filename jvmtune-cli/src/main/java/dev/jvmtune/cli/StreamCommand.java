package dev.jvmtune.cli;

/** A command that prints through the {@link Streams} given to {@link Main#run}. */
abstract class StreamCommand {
    Streams streams = Streams.of(System.out, System.err);
}
