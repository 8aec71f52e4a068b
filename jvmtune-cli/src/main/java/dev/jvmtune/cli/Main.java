package dev.jvmtune.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of {@code bin/jvmtune}. */
@Command(name = "jvmtune", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {"A JVM performance lab: reads what a JVM tells about itself (GC logs), finds why it "
                + "pauses or slows down, and shows the numbers behind it.", ""},
        footer = {"", "Options for jvmtune's own JVM go in JVMTUNE_OPTS (e.g. JVMTUNE_OPTS=-Xmx256m).",
                "Run 'jvmtune help COMMAND' for a command's options."})
public final class Main implements Runnable {

    /** Exit codes shared by all commands; documented in docs/cli.md. */
    public static final int OK = 0;
    public static final int INTERNAL_ERROR = 1;
    public static final int USAGE = 2;
    public static final int INPUT_ERROR = 3;
    public static final int NOT_ANALYZABLE = 4;
    /** Stopped by Ctrl-C or SIGTERM (128 + SIGINT, as shells report it). */
    public static final int INTERRUPTED = 130;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /**
     * The subcommands in the order the usage lists them, registered here rather than in the annotation so
     * that a command line naming one builds only that one: picocli reflects over each registered command,
     * and building all twelve took 43 ms of a 0.26 s {@code analyze} of a small log (docs/performance.md).
     */
    private static final List<Class<?>> SUBCOMMANDS = List.of(AnalyzeCommand.class, SystemCommand.class,
            BaselineCommand.class, DemoCommand.class, WorkloadCommand.class, ProfileCommand.class,
            RunCommand.class, JdksCommand.class, ExperimentCommand.class, ResultsCommand.class,
            TuneCommand.class, CommandLine.HelpCommand.class);

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs a command line and returns its exit code; never calls {@link System#exit}. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Streams streams = Streams.of(out, err);
        CommandLine.IFactory factory = new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> cls) throws Exception {
                if (StreamCommand.class.isAssignableFrom(cls)) {
                    K command = CommandLine.defaultFactory().create(cls);
                    ((StreamCommand) command).streams = streams;
                    return command;
                }
                return CommandLine.defaultFactory().create(cls);
            }
        };
        CommandLine cl = new CommandLine(new Main(), factory);
        String named = args.length > 0 ? args[0] : "";
        List<Class<?>> chosen = SUBCOMMANDS.stream().filter(c -> nameOf(c).equals(named)).toList();
        // "help" lists the others, so it needs them all
        for (Class<?> c : chosen.isEmpty() || named.equals("help") ? SUBCOMMANDS : chosen) {
            cl.addSubcommand(c);
        }
        cl.setOut(new PrintWriter(streams.out(), true));
        cl.setErr(new PrintWriter(streams.err(), true));
        CommandLine workload = cl.getSubcommands().get("workload");
        if (workload != null) {
            WorkloadCommand.configure(workload);
        }
        CommandLine profile = cl.getSubcommands().get("profile");
        if (profile != null) {
            profile.setUnmatchedOptionsArePositionalParams(true);
        }
        cl.setExecutionExceptionHandler((ex, line, parsed) -> {
            if (ex instanceof InterruptedException) { // Ctrl-C or SIGTERM while a trial ran: the trial is discarded
                line.getErr().println("jvmtune: " + ex.getMessage() + "; --resume runs it again");
                return INTERRUPTED;
            }
            line.getErr().println("jvmtune: internal error: " + ex
                    + " (this is a bug; rerun with JVMTUNE_DEBUG=1 for the stack trace and report it)");
            if (System.getenv("JVMTUNE_DEBUG") != null) {
                ex.printStackTrace(line.getErr());
            }
            return INTERNAL_ERROR;
        });
        return cl.execute(args);
    }

    private static String nameOf(Class<?> command) {
        return command.getAnnotation(Command.class).name();
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    static String version() {
        try (InputStream in = Main.class.getResourceAsStream("/jvmtune-version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "dev");
        } catch (IOException e) {
            return "dev";
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"jvmtune " + version(),
                    "running on Java " + System.getProperty("java.version") + " (" + System.getProperty("java.home") + ")"};
        }
    }
}
