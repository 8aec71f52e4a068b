package dev.jvmtune.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code jvmtune fleet}: hands its arguments to the fleet module ({@code jvmtune-spark}), which this jar does not
 * contain: Spark and Hadoop are about 300 MB of libraries that no other command needs. They are loaded, with
 * the fleet's own jar, into a class loader of their own (parent: the platform loader, so the fleet's Jackson
 * and jvmtune classes are its own) only when this command runs.
 */
@Command(name = "fleet", header = "Many JVMs' GC logs on Apache Spark: tables, views, report",
        description = {"Analyze the GC logs of many JVMs on Apache Spark (local mode by default) "
        + "into Parquet tables, Spark SQL views and a fleet report. 'jvmtune fleet --help' lists its options; "
        + "docs/fleet.md has the details and the spark-submit command.", ""},
        footer = {"", "Example:", "  jvmtune fleet 'logs/*/gc.log*' --out fleet-out"},
        exitCodeList = {"0:tables written (files that are not GC logs are rows of the errors table)",
            "2:wrong command line, or --out overlaps an input",
            "3:the fleet module is not built, no input found, or --out cannot be written",
            "4:no input holds a GC log this version can analyze"})
final class FleetCommand extends StreamCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    static final String JAR = "jvmtune-fleet.jar";
    /** The fleet directory of a build (bin/jvmtune builds it on first use) and of a release beside jvmtune.jar. */
    private static final List<String> PLACES = List.of("jvmtune-spark/target/fleet", "fleet");

    @Parameters(arity = "0..*", paramLabel = "ARG", description = "The fleet command's arguments")
    List<String> args = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        PrintStream err = streams.err();
        Path dir = locate();
        if (dir == null) {
            if (args.contains("--help") || args.contains("-h")) { // what can be said without the module
                spec.commandLine().usage(streams.out());
            }
            throw CommandException.inputError("the fleet module is not built: run bin/jvmtune fleet (it builds it), "
                    + "or ./mvnw -pl jvmtune-spark -am package -DskipTests, or set JVMTUNE_FLEET to a directory "
                    + "holding " + JAR + " and lib/");
        }
        List<URL> urls = new ArrayList<>();
        urls.add(dir.resolve(JAR).toUri().toURL());
        try (Stream<Path> lib = Files.list(dir.resolve("lib"))) {
            for (Path p : lib.filter(p -> p.toString().endsWith(".jar")).sorted().toList()) {
                urls.add(p.toUri().toURL());
            }
        }
        // not closed: Spark leaves daemon threads behind that may still load classes until the JVM exits
        URLClassLoader loader = new FleetLoader(urls.toArray(URL[]::new));
        Class<?> main = loader.loadClass("dev.jvmtune.spark.FleetMain");
        if (args.contains("--help") || args.contains("-h")) { // the module's options, shown as every command's are
            CommandLine fleet = new CommandLine(main);
            fleet.setCommandName(spec.qualifiedName());
            HelpText.install(fleet);
            fleet.usage(streams.out());
            return Main.OK;
        }
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(loader); // Spark and Hadoop load classes by name through it
        try {
            Method run = main.getMethod("run", String[].class, PrintStream.class, PrintStream.class);
            return (Integer) run.invoke(null, args.toArray(String[]::new), streams.out(), err);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception ex ? ex : e;
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /**
     * The fleet's jar and libraries, with picocli shared with jvmtune's own: the module's command is then a command
     * {@link HelpText} can render, its help wrapped at spaces as every other command's.
     */
    private static final class FleetLoader extends URLClassLoader {
        FleetLoader(URL[] urls) {
            super("jvmtune-fleet", urls, ClassLoader.getPlatformClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            return name.startsWith("picocli.") ? CommandLine.class.getClassLoader().loadClass(name)
                    : super.loadClass(name, resolve);
        }
    }

    /** {@code JVMTUNE_FLEET}, else the first fleet directory found upwards from this jar. */
    private static Path locate() throws IOException, URISyntaxException {
        String env = System.getenv("JVMTUNE_FLEET");
        if (env != null && !env.isBlank()) {
            Path dir = Path.of(env);
            return Files.isRegularFile(dir.resolve(JAR)) ? dir : null;
        }
        Path here = Path.of(FleetCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        for (Path p = here.getParent(); p != null; p = p.getParent()) {
            for (String place : PLACES) {
                if (Files.isRegularFile(p.resolve(place).resolve(JAR)) && Files.isDirectory(p.resolve(place).resolve("lib"))) {
                    return p.resolve(place);
                }
            }
        }
        return null;
    }
}
