package dev.jvmtune.live;

import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import dev.jvmtune.core.input.InputStats;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.parse.LogFormat;
import dev.jvmtune.core.parse.ParseListener;
import dev.jvmtune.core.parse.jfr.JfrParser;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.RuntimeMXBean;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.management.JMX;
import javax.management.MBeanServerConnection;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import javax.management.remote.JMXConnectionNotification;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import javax.rmi.ssl.SslRMIClientSocketFactory;
import jdk.jfr.consumer.EventStream;
import jdk.management.jfr.FlightRecorderMXBean;
import jdk.management.jfr.RecordingInfo;
import jdk.management.jfr.RemoteRecordingStream;

/**
 * A running JVM's flight recorder as a stream of {@link JvmEvent}s, read by core's {@link JfrParser} - the reader of
 * {@code .jfr} files - so that a live JVM gives the same events as its recording analyzed afterwards.
 *
 * <ul>
 *   <li>{@link #attach(long)}: a local JVM by process id. The attach API starts its local management agent; over
 *       that connection {@code FlightRecorderMXBean} starts a recording with {@link #SETTINGS}, and the events are
 *       read with {@code EventStream.openRepository} from the JVM's disk repository, as it flushes them (once a
 *       second): nothing is copied through the connection.</li>
 *   <li>{@link #jmx(String)}: a JVM with a JMX port ({@code -Dcom.sun.management.jmxremote.port=...}), streamed
 *       through {@code RemoteRecordingStream}, which copies the recording's chunks over the connection.</li>
 * </ul>
 *
 * The recording has only the events the parser reads, so that watching costs the JVM little (docs/live.md measures
 * it); it is closed when the source is closed, held on a {@link RecordingLease} meanwhile so that a watcher killed
 * without closing it leaves it running at most {@link RecordingLease#BOUND}, and its chunks are kept at most
 * {@link #MAX_AGE} on the JVM's disk.
 */
public final class JfrSource implements LiveSource {

    /** How long the watched JVM keeps the recording's chunks on disk (it removes older ones itself). */
    static final Duration MAX_AGE = Duration.ofMinutes(2);

    /**
     * The recording's settings: the events {@code JfrParser} reads, duration events at every length. JFR's
     * {@code default} configuration would add allocation samples, thread and I/O events nobody reads here.
     */
    static final Map<String, String> SETTINGS = settings();

    /**
     * The JMX client logs a warning with a stack trace when its connection check fails - which is how a watched JVM's
     * exit shows; the watch says so itself. Held here: the logging API keeps loggers weakly.
     */
    private static final Logger JMX_CLIENT_LOG = Logger.getLogger("javax.management.remote.misc");

    private final String name;
    private final EventStream stream;
    private final JMXConnector connector;
    private final RecordingLease lease;
    private final ProcessHandle process;
    /** The JVM's start, from its {@code RuntimeMXBean}: the value of {@code jdk.JVMInformation.jvmStartTime}. */
    private final Instant jvmStart;
    private JfrParser parser;
    private Object lock = this;
    private volatile boolean ended;
    private volatile boolean finished;
    /**
     * Set by {@link #close()}: the stream's thread drops the rest of the batch it is dispatching (a second of events,
     * thousands in a JVM that collects a hundred times a second) instead of holding the lock the close waits for, and
     * the parser is the closing thread's.
     */
    private volatile boolean closing;
    private long events;
    /** The stream and the recording closing, once begun: by {@link #close()}, or by jvmtune's JVM exiting. */
    private CompletableFuture<Void> recordingClosed;
    /** Holds jvmtune's exit until the recording is closed; null where the JVM was exiting already. */
    private final Thread exitHook;

    private JfrSource(String name, EventStream stream, JMXConnector connector, RecordingLease lease,
                      ProcessHandle process, RuntimeMXBean runtime) {
        this.name = name;
        // the stream's first events may come before the recording's jdk.JVMInformation
        this.jvmStart = Instant.ofEpochMilli(runtime.getStartTime());
        this.stream = stream;
        this.connector = connector;
        this.lease = lease;
        this.process = process;
        Thread hook = new Thread(() -> await(closeRecording()), "jvmtune-close-recording-at-exit");
        try {
            Runtime.getRuntime().addShutdownHook(hook);
        } catch (IllegalStateException exiting) { // Ctrl-C while attaching: close() waits itself
            hook = null;
        }
        exitHook = hook;
    }

    private static Map<String, String> settings() {
        Map<String, String> s = new LinkedHashMap<>();
        for (String e : List.of("GarbageCollection", "GCPhasePause", "GCPhasePauseLevel1", "GCPhasePauseLevel2",
                "GCPhaseConcurrent", "GCPhaseConcurrentLevel1", "G1GarbageCollection", "GCHeapSummary",
                "G1HeapSummary", "PSHeapSummary", "MetaspaceSummary", "GCCPUTime", "EvacuationFailed",
                "PromotionFailed", "SafepointBegin", "SafepointStateSynchronization", "SafepointEnd",
                "ExecuteVMOperation", "CodeCacheFull", "ZAllocationStall")) {
            s.put("jdk." + e + "#enabled", "true");
            s.put("jdk." + e + "#threshold", "0 ms");
        }
        s.put("jdk.Compilation#enabled", "true");
        s.put("jdk.Compilation#threshold", "1000 ms"); // as JFR's default: the long ones
        s.put("jdk.CPULoad#enabled", "true");
        s.put("jdk.CPULoad#period", "1 s"); // also what moves the stream's clock on when no GC runs
        s.put("jdk.CodeCacheStatistics#enabled", "true");
        s.put("jdk.CodeCacheStatistics#period", "5 s");
        // the footprint the watch shows and exports; a JDK without one of these events ignores its settings
        for (String e : List.of("GCHeapMemoryPoolUsage", "JavaThreadStatistics", "ClassLoadingStatistics",
                "NativeMemoryUsage", "ResidentSetSize")) {
            s.put("jdk." + e + "#enabled", "true");
            s.put("jdk." + e + "#period", "1 s");
        }
        for (String e : List.of("JVMInformation", "CPUInformation", "PhysicalMemory", "GCConfiguration",
                "GCHeapConfiguration", "GCSurvivorConfiguration", "GCTLABConfiguration", "YoungGenerationConfiguration",
                "CodeCacheConfiguration", "ContainerConfiguration", "BooleanFlag", "IntFlag", "UnsignedIntFlag",
                "LongFlag", "UnsignedLongFlag", "DoubleFlag", "StringFlag")) {
            s.put("jdk." + e + "#enabled", "true");
            s.put("jdk." + e + "#period", "beginChunk");
        }
        return Map.copyOf(s);
    }

    /**
     * Watches the local JVM {@code pid}: starts its management agent and a recording, and streams the recording
     * from the JVM's repository.
     */
    public static JfrSource attach(long pid) throws IOException {
        ProcessHandle process = ProcessHandle.of(pid).orElseThrow(() -> new IOException("no process " + pid));
        String url;
        try {
            VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
            try {
                url = vm.startLocalManagementAgent();
            } finally {
                vm.detach();
            }
        } catch (AttachNotSupportedException e) {
            throw new IOException("cannot attach to process " + pid + " (not a HotSpot JVM of this user, or one "
                    + "started with -XX:+DisableAttachMechanism): " + e.getMessage(), e);
        }
        JMXConnector connector = JMXConnectorFactory.connect(new JMXServiceURL(url));
        RecordingLease lease = null;
        try {
            MBeanServerConnection conn = connector.getMBeanServerConnection();
            FlightRecorderMXBean recorder = recorder(conn);
            // from the recording's start: its first chunk begins with the JVM's start time and facts, which a
            // stream opened at "the next event" would miss until the next chunk; and no earlier, where another
            // recording's chunk may hold events from before this one (not all of them: a watch starts complete)
            Instant before = Instant.now();
            lease = RecordingLease.create(recorder, Map.of("disk", "true", "maxAge", MAX_AGE.toSeconds() + " s"));
            recorder.setRecordingSettings(lease.id(), SETTINGS);
            lease.started();
            recorder.startRecording(lease.id());
            // the JVM names its repository once a recording is on disk
            RuntimeMXBean runtime = runtime(conn);
            String repository = runtime.getSystemProperties().get("jdk.jfr.repository");
            if (repository == null) {
                throw new IOException("process " + pid + " started the recording but names no JFR repository");
            }
            EventStream stream = EventStream.openRepository(Path.of(repository));
            stream.setStartTime(before);
            return new JfrSource("pid " + pid, stream, connector, lease, process, runtime);
        } catch (IOException | RuntimeException e) {
            if (lease != null) {
                lease.close();
            }
            connector.close();
            throw e;
        }
    }

    private static FlightRecorderMXBean recorder(MBeanServerConnection conn) {
        return JMX.newMXBeanProxy(conn, objectName(FlightRecorderMXBean.MXBEAN_NAME), FlightRecorderMXBean.class);
    }

    private static RuntimeMXBean runtime(MBeanServerConnection conn) throws IOException {
        return ManagementFactory.newPlatformMXBeanProxy(conn, ManagementFactory.RUNTIME_MXBEAN_NAME,
                RuntimeMXBean.class);
    }

    /**
     * Watches the JVM whose JMX agent listens at {@code host:port}, streaming its recording over the connection.
     *
     * @param credentials the user and password the agent's password file has ({@code JMXConnector.CREDENTIALS}), or
     *                    null for an agent without authentication
     * @param registryTls the agent's RMI registry speaks TLS ({@code com.sun.management.jmxremote.registry.ssl});
     *                    the connection itself uses TLS whenever the agent has {@code ssl=true} (its stub says so).
     *                    Either way the JVM's certificate is checked against the trust store of the standard
     *                    {@code javax.net.ssl.trustStore} properties, and a client certificate comes from
     *                    {@code javax.net.ssl.keyStore}
     * @throws SecurityException the agent refused the credentials (or wanted some)
     */
    public static JfrSource jmx(String hostPort, String[] credentials, boolean registryTls) throws IOException {
        JMX_CLIENT_LOG.setLevel(Level.OFF);
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + hostPort + "/jmxrmi");
        Map<String, Object> env = new HashMap<>();
        // the RMI client checks the connection this often (default: a minute) and reports a JVM gone
        env.put("jmx.remote.x.client.connection.check.period", 1000L);
        if (credentials != null) {
            env.put(JMXConnector.CREDENTIALS, credentials);
        }
        if (registryTls) {
            env.put("com.sun.jndi.rmi.factory.socket", new SslRMIClientSocketFactory());
        }
        JMXConnector connector;
        try {
            connector = JMXConnectorFactory.connect(url, env);
        } catch (IOException e) {
            throw new IOException(rootMessage(e), e);
        }
        RemoteRecordingStream stream = null;
        try {
            MBeanServerConnection conn = connector.getMBeanServerConnection();
            FlightRecorderMXBean recorder = recorder(conn);
            Set<Long> before = new HashSet<>();
            for (RecordingInfo r : recorder.getRecordings()) {
                before.add(r.getId());
            }
            Instant from = Instant.now();
            stream = new RemoteRecordingStream(conn);
            RecordingLease lease = new RecordingLease(recorder, createdBy(recorder, before, from, Instant.now()),
                    Map.of());
            stream.setStartTime(Instant.now()); // as for a local JVM: from the recording's start, and no earlier
            stream.setSettings(SETTINGS);
            stream.setMaxAge(MAX_AGE);
            JfrSource source = new JfrSource(hostPort, stream, connector, lease, null, runtime(conn));
            connector.addConnectionNotificationListener((n, handback) -> {
                if (JMXConnectionNotification.FAILED.equals(n.getType())
                        || JMXConnectionNotification.CLOSED.equals(n.getType())) {
                    source.ended = true;
                }
            }, null, null);
            return source;
        } catch (IOException | RuntimeException e) {
            if (stream != null) {
                stream.close(); // closes its recording
            }
            connector.close();
            throw e;
        }
    }

    /**
     * The id of the recording a {@code RemoteRecordingStream} created between {@code from} and {@code to}: one not
     * among {@code before} and not started; where others were created meanwhile (another watch attaching), the one
     * the stream named after its creation time ({@code "Remote Recording Stream: 2026-11-27T01:02:03.456Z"}).
     */
    private static long createdBy(FlightRecorderMXBean recorder, Set<Long> before, Instant from, Instant to)
            throws IOException {
        List<RecordingInfo> created = recorder.getRecordings().stream()
                .filter(r -> !before.contains(r.getId()) && r.getState().equals("NEW")).toList();
        if (created.size() > 1) {
            created = created.stream().filter(r -> {
                try {
                    Instant at = Instant.parse(r.getName().substring(r.getName().indexOf(": ") + 2));
                    return !at.isBefore(from) && !at.isAfter(to);
                } catch (RuntimeException otherName) {
                    return false;
                }
            }).toList();
        }
        if (created.size() != 1) {
            throw new IOException("cannot tell the watch's recording among " + created.size() + " created meanwhile");
        }
        return created.get(0).getId();
    }

    /** The innermost cause's message, on one line: RMI nests "Connection refused" three levels down. */
    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        String m = root.getMessage() != null ? root.getMessage() : root.getClass().getSimpleName();
        return m.lines().findFirst().orElse(m).strip();
    }

    private static ObjectName objectName(String name) {
        try {
            return new ObjectName(name);
        } catch (MalformedObjectNameException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Each event and each flush goes through the parser under {@code lock}: facts and held ids never change mid-window. */
    @Override
    public void start(Consumer<JvmEvent> out, Object lock) {
        this.lock = lock;
        this.parser = new JfrParser(new ParseListener() {
            @Override
            public void onEvent(JvmEvent event) {
                out.accept(event);
            }
        });
        parser.jvmStart(jvmStart);
        stream.onEvent(e -> {
            if (closing) {
                return;
            }
            synchronized (lock) {
                events++;
                parser.accept(e);
            }
        });
        stream.onFlush(() -> {
            if (closing) {
                return;
            }
            synchronized (lock) {
                parser.flushStale();
            }
        });
        stream.onClose(() -> ended = true);
        lease.started(); // by process id, attach() started it already
        stream.startAsync();
    }

    @Override
    public String name() {
        return name;
    }

    /** True once the JVM has exited or the connection is gone: nothing more will come. */
    @Override
    public boolean ended() {
        return ended || lease.lost() || (process != null && !process.isAlive());
    }

    /** True once the recording was found stopped or closed in the JVM by someone else: the watch ended for that. */
    public boolean recordingLost() {
        return lease.lost();
    }

    /**
     * Up to when (seconds since the JVM's start) every event has been passed on: JFR writes each thread's events
     * when its buffer is flushed, so a GC's events arrive up to a second apart and the parser holds each a few
     * seconds; after {@link #close()} everything.
     */
    @Override
    public double completeThroughSec() {
        return finished ? parser.lastTimestampSec() : parser.completeThroughSec();
    }

    @Override
    public JvmFacts facts() {
        return parser.facts();
    }

    /** What was read, as the rules' context wants it: a JFR input (its JDK from the recording's facts). */
    @Override
    public List<InputStats> inputs() {
        return List.of(new InputStats(name, LogFormat.JFR, 0, events, 0, List.of(), List.of(), 0, List.of()));
    }

    /**
     * Stops the stream, passes on what the parser still holds, and closes the recording and then the connection. The
     * recording closes meanwhile, on a thread of its own (a call into the watched JVM), and may still be closing when
     * this returns: a shutdown hook holds jvmtune's exit until it is closed, so that a stopped watch prints its last
     * window while the JVM answers. The hook begins the closing itself when jvmtune is stopped (Ctrl-C, SIGTERM), or
     * ends with the source open.
     */
    @Override
    public void close() {
        closing = true; // from here the stream passes nothing on: the parser is this thread's
        CompletableFuture<Void> closed = closeRecording();
        synchronized (lock) {
            parser.finish();
            finished = true;
        }
        closed.whenComplete((done, failed) -> {
            if (exitHook != null) {
                try {
                    Runtime.getRuntime().removeShutdownHook(exitHook);
                } catch (IllegalStateException exiting) {
                    // the hook runs, and has found the recording closed
                }
            }
            try {
                connector.close();
            } catch (IOException gone) {
                // the JVM exited meanwhile; it notices a connection gone as well as one closed
            }
        });
        if (exitHook == null) {
            await(closed);
        }
    }

    /** Begins closing the stream and the recording, once: the stream first, as a remote one closes its recording. */
    private synchronized CompletableFuture<Void> closeRecording() {
        if (recordingClosed == null) {
            lease.end();
            recordingClosed = CompletableFuture.runAsync(() -> {
                try {
                    stream.close();
                } finally {
                    lease.close();
                }
            }, r -> new Thread(r, "jvmtune-close-recording").start());
        }
        return recordingClosed;
    }

    /**
     * Waits for the recording to close, at most {@link RecordingLease#BOUND}: a JVM that does not answer that long has
     * stopped it by itself by then.
     */
    private static void await(CompletableFuture<Void> closed) {
        try {
            closed.get(RecordingLease.BOUND.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException notClosed) {
            // the lease ends it
        }
    }
}
