package dev.jvmtune.cli;

import dev.jvmtune.core.ExitCode;
import dev.jvmtune.core.JvmtuneVersion;
import dev.jvmtune.core.io.IoErrors;
import dev.jvmtune.lab.run.TrialRunner;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of {@code bin/jvmtune}. */
@Command(name = "jvmtune", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {"A JVM performance lab: finds why a JVM pauses or slows down, proves its advice.", ""},
        footer = {"", "Options for jvmtune's own JVM go in JVMTUNE_OPTS (e.g. JVMTUNE_OPTS=-Xmx256m).",
                "Run 'jvmtune help COMMAND' for a command's options."})
public final class Main implements Runnable {

    /**
     * Exit codes shared by all commands, each with one meaning, as {@link ExitCode} defines them (docs/cli.md has the
     * table; ExitCodeTableTest holds the two, and every command's help, together). A failure becomes one of them in
     * {@link #report}.
     */
    public static final int OK = ExitCode.OK.code();
    public static final int INTERNAL_ERROR = ExitCode.INTERNAL_ERROR.code();
    public static final int USAGE = ExitCode.USAGE.code();
    public static final int INPUT_ERROR = ExitCode.INPUT_ERROR.code();
    public static final int NOT_ANALYZABLE = ExitCode.NOT_ANALYZABLE.code();
    public static final int PROGRAM_FAILED = ExitCode.PROGRAM_FAILED.code();
    public static final int GOAL_NOT_MET = ExitCode.GOAL_NOT_MET.code();
    public static final int INTERRUPTED = ExitCode.INTERRUPTED.code();
    public static final int CLOSED_PIPE = ExitCode.CLOSED_PIPE.code();
    public static final int TERMINATED = ExitCode.TERMINATED.code();

    /**
     * The codes any command may end with, as its help lists them unless it says what the code means for it: from
     * picocli (an unknown option), from standard output (a full disk, a closed pipe) and from a bug.
     */
    static final Map<Integer, String> EVERY_COMMAND = Stream.of(ExitCode.INTERNAL_ERROR, ExitCode.USAGE,
            ExitCode.INPUT_ERROR, ExitCode.CLOSED_PIPE).collect(Collectors.toMap(ExitCode::code, ExitCode::meaning));

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /**
     * The subcommands in the order the usage lists them, registered here rather than in the annotation so
     * that a command line naming one builds only that one: picocli reflects over each registered command,
     * and building all twelve took 43 ms of a 0.26 s {@code analyze} of a small log (docs/performance.md).
     */
    static final List<Class<?>> SUBCOMMANDS = List.of(AnalyzeCommand.class, SystemCommand.class,
            BaselineCommand.class, BudgetCommand.class, DemoCommand.class, WorkloadCommand.class, ProfileCommand.class,
            RunCommand.class, JdksCommand.class, ExperimentCommand.class, ResultsCommand.class,
            TuneCommand.class, WatchCommand.class, FleetCommand.class, CommandLine.HelpCommand.class);

    /** Commands that hand their whole command line to another module, which parses it and prints its help. */
    private static final List<String> PASSES_ON = List.of("fleet");

    /**
     * Opened when the command line has run, just before {@link #main} exits: a command that finishes its work when
     * stopped by Ctrl-C or SIGTERM has its shutdown hook wait for this - not for the main thread's end, which never
     * comes while hooks run ({@code System.exit} waits for them).
     */
    static final CountDownLatch RAN = new CountDownLatch(1);

    public static void main(String[] args) {
        TrialRunner.StopReport.awaitOnStop(RAN); // Ctrl-C during a trial: its line is said before the JVM ends
        int exit = run(args, new FileOutputStream(FileDescriptor.out), System.err);
        RAN.countDown();
        System.exit(exit);
    }

    /** Runs a command line printing to {@code stdout} as the process's standard output is printed to; its exit code. */
    static int run(String[] args, OutputStream stdout, PrintStream err) {
        WriteFailure failing = new WriteFailure(stdout);
        PrintStream out = new PrintStream(new BufferedOutputStream(failing, 1 << 13), true);
        int code = run(args, out, err);
        out.flush();
        return afterOutput(code, failing.failure, err);
    }

    /**
     * The exit code once standard output failed, which {@link PrintStream} does not tell: a reader that closed the pipe
     * ends the command quietly; any other error (a full disk) is said in one line.
     */
    static int afterOutput(int code, IOException failure, PrintStream err) {
        if (failure == null) {
            return code;
        }
        if (IoErrors.brokenPipe(failure)) {
            return code == OK ? CLOSED_PIPE : code;
        }
        err.println("jvmtune: cannot write standard output: " + IoErrors.describe(failure));
        return code == OK ? INPUT_ERROR : code;
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
        if (args.length == 2 && args[0].equals("help") && PASSES_ON.contains(args[1])) {
            args = new String[] {args[1], "--help"}; // its options are the other module's
        }
        String named = args.length > 0 ? args[0] : "";
        List<Class<?>> chosen = SUBCOMMANDS.stream().filter(c -> namesOf(c).contains(named)).toList();
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
        for (String passesOn : List.of("profile", "fleet")) {
            CommandLine command = cl.getSubcommands().get(passesOn);
            if (command != null) {
                command.setUnmatchedOptionsArePositionalParams(true);
            }
        }
        HelpText.install(cl);
        cl.setParameterExceptionHandler(Main::usageError);
        cl.setExecutionExceptionHandler((ex, line, parsed) -> report(ex, line, streams.err()));
        return cl.execute(asTyped(args));
    }

    /**
     * The one place where a command's failure becomes what its user sees: one line on stderr and the exit code of
     * docs/cli.md's table ({@link CommandException#of} says which). A wrong command line names the command's help, a
     * stopped trial the option that runs it again; anything else is a bug, said as one and with its stack trace under
     * {@code JVMTUNE_DEBUG=1}. Commands that go on after a failure (the next log, the summary after an unwritable
     * report) call it themselves and keep the code.
     *
     * @param command the command that failed, whose help a wrong command line names; null where it goes on
     */
    static int report(Throwable failure, CommandLine command, PrintStream err) {
        CommandException c = CommandException.of(failure);
        if (c == null) {
            err.println("jvmtune: internal error: " + failure
                    + " (this is a bug; rerun with JVMTUNE_DEBUG=1 for the stack trace and report it)");
            if (System.getenv("JVMTUNE_DEBUG") != null) {
                failure.printStackTrace(err);
            }
            return INTERNAL_ERROR;
        }
        String next = command == null ? "" : c.wrongCommandLine() ? " " + seeHelp(command)
                : c.exit() == INTERRUPTED && command.getCommandSpec().findOption("--resume") != null
                ? "; --resume runs it again" : "";
        err.println("jvmtune: " + c.getMessage() + next);
        return c.exit();
    }

    /** "(see 'jvmtune help analyze')": where a wrong command line's user finds the options. */
    private static String seeHelp(CommandLine command) {
        String name = command.getCommandSpec().qualifiedName();
        return "(see 'jvmtune help" + (name.equals("jvmtune") ? "" : " " + name.substring("jvmtune ".length())) + "')";
    }

    /**
     * The arguments with those after the first {@code --} escaped from picocli's {@code @file} expansion, which reads
     * every argument, so that a program's own argument files ({@code javac @sources.txt}, {@code java @argfile})
     * reach it as typed: picocli turns {@code @@name} back into {@code @name} without reading a file.
     */
    static String[] asTyped(String[] args) {
        String[] out = args.clone();
        int end = List.of(args).indexOf("--");
        for (int i = end + 1; end >= 0 && i < out.length; i++) {
            if (out[i].startsWith("@") && out[i].length() > 1) {
                out[i] = "@" + out[i];
            }
        }
        return out;
    }

    private static List<String> namesOf(Class<?> command) {
        Command c = command.getAnnotation(Command.class);
        List<String> names = new java.util.ArrayList<>(List.of(c.aliases()));
        names.add(c.name());
        return names;
    }

    /**
     * A wrong command line is one line on stderr - what is wrong, and where the options are - not the whole
     * usage, which would push the message off the screen.
     */
    private static int usageError(CommandLine.ParameterException e, String[] args) {
        CommandLine line = e.getCommandLine();
        StringBuilder m = new StringBuilder("jvmtune: ").append(e.getMessage().strip().replace('\n', ' '));
        if (e instanceof CommandLine.UnmatchedArgumentException u && !u.getSuggestions().isEmpty()) {
            m.append("; did you mean ").append(String.join(" or ", u.getSuggestions())).append('?');
        }
        line.getErr().println(m.append(' ').append(seeHelp(line)));
        return USAGE;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /**
     * How to run jvmtune again from any directory, for the commands it prints: the launcher's absolute path, which
     * bin/jvmtune passes as {@code -Djvmtune.launcher}; plain {@code jvmtune} when started otherwise.
     */
    static String launcher() {
        String l = System.getProperty("jvmtune.launcher");
        return l == null || l.isBlank() ? "jvmtune" : l.contains(" ") ? "'" + l + "'" : l;
    }

    /** A command line jvmtune prints for the user: the launcher, then the words, paths made absolute. */
    static String command(String subcommand, Path file) {
        String path = file.toAbsolutePath().normalize().toString();
        return launcher() + " " + subcommand + " " + (path.matches("[A-Za-z0-9_./+,:@%=-]+") ? path
                : "'" + path.replace("'", "'\\''") + "'");
    }

    static String version() {
        return JvmtuneVersion.get();
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"jvmtune " + version(),
                    "running on Java " + System.getProperty("java.version") + " (" + System.getProperty("java.home") + ")"};
        }
    }
}
