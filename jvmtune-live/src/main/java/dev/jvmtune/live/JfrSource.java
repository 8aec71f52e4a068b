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
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
import jdk.jfr.consumer.EventStream;
import jdk.management.jfr.FlightRecorderMXBean;
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
 * it); it is stopped when the source is closed, and kept at most {@link #MAX_AGE} on the JVM's disk meanwhile.
 */
public final class JfrSource implements LiveSource {

    /** How long the watched JVM keeps the recording's chunks on disk (it removes older ones itself). */
    static final String MAX_AGE = "2 m";

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
    private final FlightRecorderMXBean recorder;
    private final long recordingId;
    private final ProcessHandle process;
    private JfrParser parser;
    private Object lock = this;
    private volatile boolean ended;
    private volatile boolean finished;
    private long events;

    private JfrSource(String name, EventStream stream, JMXConnector connector, FlightRecorderMXBean recorder,
                      long recordingId, ProcessHandle process) {
        this.name = name;
        this.stream = stream;
        this.connector = connector;
        this.recorder = recorder;
        this.recordingId = recordingId;
        this.process = process;
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
        try {
            MBeanServerConnection conn = connector.getMBeanServerConnection();
            FlightRecorderMXBean recorder = JMX.newMXBeanProxy(conn, objectName(FlightRecorderMXBean.MXBEAN_NAME),
                    FlightRecorderMXBean.class);
            // from the recording's start: its first chunk begins with the JVM's start time and facts, which a
            // stream opened at "the next event" would miss until the next chunk; and no earlier, where another
            // recording's chunk may hold events from before this one (not all of them: a watch starts complete)
            Instant before = Instant.now();
            long id = recorder.newRecording();
            recorder.setRecordingOptions(id, Map.of("name", "jvmtune-watch", "disk", "true", "maxAge", MAX_AGE));
            recorder.setRecordingSettings(id, SETTINGS);
            recorder.startRecording(id);
            // the JVM names its repository once a recording is on disk
            RuntimeMXBean runtime = ManagementFactory.newPlatformMXBeanProxy(conn,
                    ManagementFactory.RUNTIME_MXBEAN_NAME, RuntimeMXBean.class);
            String repository = runtime.getSystemProperties().get("jdk.jfr.repository");
            if (repository == null) {
                recorder.closeRecording(id);
                throw new IOException("process " + pid + " started the recording but names no JFR repository");
            }
            EventStream stream = EventStream.openRepository(Path.of(repository));
            stream.setStartTime(before);
            return new JfrSource("pid " + pid, stream, connector, recorder, id, process);
        } catch (IOException | RuntimeException e) {
            connector.close();
            throw e;
        }
    }

    /** Watches the JVM whose JMX agent listens at {@code host:port}, streaming its recording over the connection. */
    public static JfrSource jmx(String hostPort) throws IOException {
        JMX_CLIENT_LOG.setLevel(Level.OFF);
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + hostPort + "/jmxrmi");
        // the RMI client checks the connection this often (default: a minute) and reports a JVM gone
        JMXConnector connector = JMXConnectorFactory.connect(url,
                Map.of("jmx.remote.x.client.connection.check.period", 1000L));
        try {
            RemoteRecordingStream stream = new RemoteRecordingStream(connector.getMBeanServerConnection());
            stream.setStartTime(Instant.now()); // as for a local JVM: from the recording's start, and no earlier
            stream.setSettings(SETTINGS);
            stream.setMaxAge(java.time.Duration.ofMinutes(2));
            JfrSource source = new JfrSource(hostPort, stream, connector, null, -1, null);
            connector.addConnectionNotificationListener((n, handback) -> {
                if (JMXConnectionNotification.FAILED.equals(n.getType())
                        || JMXConnectionNotification.CLOSED.equals(n.getType())) {
                    source.ended = true;
                }
            }, null, null);
            return source;
        } catch (IOException | RuntimeException e) {
            connector.close();
            throw e;
        }
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
        stream.onEvent(e -> {
            synchronized (lock) {
                events++;
                parser.accept(e);
            }
        });
        stream.onFlush(() -> {
            synchronized (lock) {
                parser.flushStale();
            }
        });
        stream.onClose(() -> ended = true);
        stream.startAsync();
    }

    @Override
    public String name() {
        return name;
    }

    /** True once the JVM has exited or the connection is gone: nothing more will come. */
    @Override
    public boolean ended() {
        return ended || (process != null && !process.isAlive());
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

    /** Stops the recording and the stream, and passes on what the parser still holds. */
    @Override
    public void close() {
        try {
            stream.close();
        } finally {
            synchronized (lock) {
                parser.finish();
                finished = true;
            }
            try {
                if (recorder != null && !ended()) {
                    recorder.closeRecording(recordingId);
                }
            } catch (IOException | RuntimeException gone) {
                // the JVM exited meanwhile: its recording went with it
            }
            try {
                connector.close();
            } catch (IOException gone) {
                // same
            }
        }
    }
}
