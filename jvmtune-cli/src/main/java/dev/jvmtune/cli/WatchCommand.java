package dev.jvmtune.cli;

import dev.jvmtune.core.io.IoErrors;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.live.JfrSource;
import dev.jvmtune.report.RunFormat;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.ConnectIOException;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import javax.net.ssl.SSLException;
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
        exitCodeList = {"0:watched until the JVM exited or --for passed",
                "3:cannot attach or connect to the JVM (or log in to its JMX agent), or serve the metrics",
                "130:stopped by Ctrl-C: the recording closed, the last window printed",
                "143:stopped by SIGTERM: the recording closed, the last window printed"},
        footer = {"", "Examples:", "  jvmtune watch 12345", "  jvmtune watch 12345 --json --for 60 > windows.jsonl",
                "  jvmtune watch --jmx app1:9010 --jmx-tls --jmx-login ~/.jvmtune-jmx", "",
                "A JVM to watch over JMX: a JMX port lets whoever logs in with write access run code in the JVM, so "
                        + "it needs a password and TLS (the JDK's defaults: authenticate=true, ssl=true):",
                "  -Dcom.sun.management.jmxremote.port=9010",
                "  -Dcom.sun.management.jmxremote.rmi.port=9010",
                "  -Dcom.sun.management.jmxremote.password.file=/etc/app/jmxremote.password",
                "  -Dcom.sun.management.jmxremote.access.file=/etc/app/jmxremote.access",
                "  -Dcom.sun.management.jmxremote.registry.ssl=true",
                "  -Dcom.sun.management.jmxremote.ssl.config.file=/etc/app/jmxremote.ssl",
                "jmxremote.password (mode 600, owned by the JVM's user): 'jvmtune SECRET'; jmxremote.access: "
                        + "'jvmtune readwrite' (a watch starts a recording); jmxremote.ssl: javax.net.ssl.keyStore and "
                        + "javax.net.ssl.keyStorePassword of the JVM's certificate. Here, the same user and password "
                        + "go in a file of mode 600 given with --jmx-login (or JVMTUNE_JMX_USER and "
                        + "JVMTUNE_JMX_PASSWORD), and the trust store of the JVM's certificate in a file of mode 600 "
                        + "given as JVMTUNE_OPTS=@FILE (ps shows the name, not the password), holding "
                        + "-Djavax.net.ssl.trustStore=jmx.truststore -Djavax.net.ssl.trustStorePassword=...; then "
                        + "--jmx-tls. docs/live.md has the steps."})
final class WatchCommand extends StreamCommand implements Callable<Integer> {

    @ArgGroup(multiplicity = "1")
    Target target;

    static final class Target {
        @Parameters(paramLabel = "PID", description = "Process id of a local JVM (jcmd -l lists them).")
        Long pid;

        @Option(names = "--jmx", paramLabel = "HOST:PORT", description = "Watch the JVM whose JMX agent listens here.")
        String jmx;
    }

    @Option(names = "--jmx-login", paramLabel = "FILE",
            description = "With --jmx: the user and password for the JVM's JMX agent, one line 'USER PASSWORD' in a "
                    + "file only its owner may read (default: the environment's JVMTUNE_JMX_USER and "
                    + "JVMTUNE_JMX_PASSWORD, if set). Never on the command line, which ps shows to everyone.")
    Path jmxLogin;

    @Option(names = "--jmx-tls", description = "With --jmx: the agent's RMI registry uses TLS too "
            + "(com.sun.management.jmxremote.registry.ssl=true). The connection uses TLS whenever the agent has "
            + "ssl=true; the JVM's certificate must be in the trust store named by -Djavax.net.ssl.trustStore.")
    boolean jmxTls;

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
            throw CommandException.usage(invalid != null ? invalid : "--pause-goal wants a positive number of ms");
        }
        if (target.jmx == null && (jmxLogin != null || jmxTls)) {
            throw CommandException.usage("--jmx-login and --jmx-tls go with --jmx HOST:PORT");
        }
        String[] credentials = null;
        if (target.jmx != null) {
            try {
                credentials = JmxLogin.read(jmxLogin, System.getenv());
            } catch (IllegalArgumentException e) {
                throw CommandException.usage(e.getMessage());
            } catch (IOException e) {
                throw CommandException.inputError("cannot read " + jmxLogin + ": " + IoErrors.describe(e));
            }
        }
        OutputStream eventStream = null;
        RunFormat eventFormat = RunFormat.events(Main.version());
        try {
            Consumer<JvmEvent> tap = null;
            if (events != null) {
                try {
                    eventStream = new BufferedOutputStream(Files.newOutputStream(events), 1 << 16);
                } catch (IOException e) {
                    throw CommandException.inputError("cannot write " + events + ": " + IoErrors.describe(e));
                }
                tap = eventFormat.attach(eventStream, null);
            }
            String[] login = credentials;
            JfrSource[] opened = {null};
            live.run(() -> opened[0] = open(login), pauseGoalMs, json, streams.out(), err, tap);
            if (opened[0].recordingLost()) {
                err.println("jvmtune: the watch's recording in " + opened[0].name() + " was stopped (JFR.stop, or "
                        + "the watch was held up beyond the recording's lease); watching ended");
            }
        } finally {
            if (eventStream != null) {
                eventFormat.write(List.of(), eventStream); // ends the last line
                eventStream.close();
            }
        }
        return Main.OK;
    }

    /** Attaches to the JVM, or connects to it, and starts the recording; one line and exit code 3 if it cannot. */
    private JfrSource open(String[] credentials) {
        String what = target.pid != null ? "process " + target.pid : target.jmx;
        try {
            return target.pid != null ? JfrSource.attach(target.pid) : JfrSource.jmx(target.jmx, credentials, jmxTls);
        } catch (SecurityException e) { // the agent's authenticator
            throw CommandException.inputError("cannot watch " + what + ": the JMX agent refused the login: "
                    + e.getMessage() + (credentials == null ? " (give the user and password with --jmx-login FILE, "
                    + "or " + JmxLogin.USER_ENV + " and " + JmxLogin.PASSWORD_ENV + ")" : ""));
        } catch (IOException | RuntimeException e) {
            String hint = "";
            if (caused(e, SSLException.class)) {
                hint = " (TLS: the JVM's certificate must be in the trust store of -Djavax.net.ssl.trustStore, given "
                        + "in a file with JVMTUNE_OPTS=@FILE)";
            } else if (target.jmx != null && !jmxTls && caused(e, ConnectIOException.class)) {
                hint = " (a JVM whose registry uses TLS, com.sun.management.jmxremote.registry.ssl=true, wants "
                        + "--jmx-tls)";
            }
            throw CommandException.inputError("cannot watch " + what + ": " + e.getMessage() + hint);
        }
    }

    private static boolean caused(Throwable e, Class<? extends Throwable> type) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (type.isInstance(c)) {
                return true;
            }
        }
        return false;
    }
}
