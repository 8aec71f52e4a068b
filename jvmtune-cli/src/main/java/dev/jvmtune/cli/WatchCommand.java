package dev.jvmtune.cli;

import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.live.JfrSource;
import dev.jvmtune.report.RunFormat;
import dev.jvmtune.report.RunFormatType;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "watch", header = "Watch a running JVM live: pauses, rates, findings",
        sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Watch a running JVM through its flight recorder: pauses by kind with rolling percentiles, "
                + "allocation and promotion rates, heap after GC, safepoints, code cache and CPU over a sliding "
                + "window, redrawn every second, with the rules of 'analyze' evaluated over the window - a finding "
                + "is shown when it starts and when it clears.", "",
                "By PID (a JVM of this user on this machine) jvmtune starts the JVM's management agent through the "
                        + "attach API, starts a JFR recording of the GC, safepoint, code cache and CPU events and reads "
                        + "it from the JVM's repository as it is flushed; with --jmx it streams the recording over a "
                        + "JMX connection. The recording is stopped when watching ends. Events reach the view about "
                        + "6 s after they happen: JFR writes them per thread once a second, and a collection's "
                        + "events are held until all have come.", ""},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:watched until the JVM exited, --for passed or Ctrl-C", "1:internal error",
                "2:wrong command line", "3:cannot attach or connect to the JVM"},
        footer = {"", "Examples:", "  jvmtune watch 12345", "  jvmtune watch 12345 --json --for 60 > windows.jsonl",
                "  jvmtune watch --jmx localhost:9010 --prometheus 9400",
                "", "A JVM to watch over JMX runs with (only on a trusted network):",
                "  -Dcom.sun.management.jmxremote.port=9010",
                "  -Dcom.sun.management.jmxremote.authenticate=false",
                "  -Dcom.sun.management.jmxremote.ssl=false"})
final class WatchCommand extends StreamCommand implements Callable<Integer> {

    @ArgGroup(multiplicity = "1")
    Target target;

    static final class Target {
        @Parameters(paramLabel = "PID", description = "Process id of a local JVM (jcmd -l lists them).")
        Long pid;

        @Option(names = "--jmx", paramLabel = "HOST:PORT", description = "Watch the JVM whose JMX agent listens here.")
        String jmx;
    }

    @Mixin
    LiveOptions live;

    @Option(names = "--json", description = "One JSON line per window instead of the view (docs/live.md).")
    boolean json;

    @Option(names = "--events", paramLabel = "FILE",
            description = "Also write every event as it is read, one JSON line each (as 'analyze --events').")
    Path events;

    @Option(names = "--pause-goal", paramLabel = "MS",
            description = "Judge pauses against this goal in ms instead of the JVM's own (MaxGCPauseMillis).")
    double pauseGoalMs;

    @Override
    public Integer call() throws IOException {
        PrintStream err = streams.err();
        String invalid = live.invalid();
        if (invalid != null || pauseGoalMs < 0) {
            err.println("jvmtune: " + (invalid != null ? invalid : "--pause-goal wants a positive number of ms"));
            return Main.USAGE;
        }
        JfrSource source;
        try {
            source = target.pid != null ? JfrSource.attach(target.pid) : JfrSource.jmx(target.jmx);
        } catch (IOException | RuntimeException e) {
            err.println("jvmtune: cannot watch " + (target.pid != null ? "process " + target.pid : target.jmx) + ": "
                    + e.getMessage());
            return Main.INPUT_ERROR;
        }
        OutputStream eventStream = null;
        RunFormat eventFormat = RunFormatType.EVENTS.create(Main.version());
        try {
            Consumer<JvmEvent> tap = null;
            if (events != null) {
                eventStream = new BufferedOutputStream(Files.newOutputStream(events), 1 << 16);
                tap = eventFormat.attach(eventStream, null);
            }
            live.run(source, pauseGoalMs, json, streams.out(), err, tap);
        } finally {
            if (eventStream != null) {
                eventFormat.write(List.of(), eventStream); // ends the last line
                eventStream.close();
            }
        }
        return Main.OK;
    }
}
