package dev.jvmtune.report;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The formats of one kind of document and the factory of each (JMH's {@code ResultFormatType#createFormat}): the one
 * place a command gets a writer from, and the one place that refuses a format the document does not have
 * ({@link UnknownFormatException}, a usage error). Each document's table is its own {@code FORMATS} constant
 * ({@link RunFormat#FORMATS} for the analysis, {@link RunComparison#FORMATS}, {@link Experiment#FORMATS},
 * {@link TrialRows#FORMATS}, {@link TuningSession#FORMATS}, {@link Fleet#FORMATS}, the live window's
 * {@code WindowView.FORMATS}), created when the document is first written.
 *
 * @param <D> the document
 */
public final class Formats<D> {

    private final String document;
    private final Map<FormatType, Function<String, DocumentFormat<D>>> factories;

    private Formats(String document, Map<FormatType, Function<String, DocumentFormat<D>>> factories) {
        this.document = document;
        this.factories = factories;
    }

    /** A table with no format yet, for {@code document} ("the comparison"), as the refusal names it. */
    public static <D> Formats<D> of(String document) {
        return new Formats<>(document, new EnumMap<>(FormatType.class));
    }

    /** This table and {@code type}, made by {@code factory} from the version of the jvmtune that writes. */
    public Formats<D> with(FormatType type, Function<String, DocumentFormat<D>> factory) {
        Map<FormatType, Function<String, DocumentFormat<D>>> more = new EnumMap<>(FormatType.class);
        more.putAll(factories);
        more.put(type, factory);
        return new Formats<>(document, Collections.unmodifiableMap(more));
    }

    /** The formats the document has, in {@link FormatType}'s order. */
    public Set<FormatType> types() {
        return factories.keySet();
    }

    /** The writer of {@code type}, naming {@code toolVersion} where the format says which jvmtune wrote it. */
    public DocumentFormat<D> create(FormatType type, String toolVersion) {
        Function<String, DocumentFormat<D>> factory = factories.get(type);
        if (factory == null) {
            throw refused(type.option());
        }
        return factory.apply(toolVersion);
    }

    /** The format named {@code name} ({@code csv}, any case), which the document must have. */
    public FormatType type(String name) {
        return factories.keySet().stream().filter(t -> t.option().equals(name.toLowerCase(Locale.ROOT))).findFirst()
                .orElseThrow(() -> refused(name));
    }

    private UnknownFormatException refused(String name) {
        return new UnknownFormatException(document + " has no " + name + " format: it has "
                + factories.keySet().stream().map(FormatType::option).collect(Collectors.joining(", ")));
    }

    /** A format asked of a document that does not have it: a wrong command line. */
    public static final class UnknownFormatException extends IllegalArgumentException {
        UnknownFormatException(String message) {
            super(message);
        }
    }
}
