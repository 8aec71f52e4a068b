package dev.jvmtune.cli;

import java.io.PrintStream;

/** Where commands print: the process's streams, or a test's. */
record Streams(PrintStream out, PrintStream err) {
}
