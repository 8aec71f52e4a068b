package dev.jvmtune.spark;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The Parquet schema of the {@code runs} table: Spark's inference over the fleet's {@code analyze --json}
 * documents, so every field of docs/json.md becomes a column as rendered, merged with {@link #DECLARED}:
 * <ul>
 *   <li>objects keyed by data (a cause, a kind, a fact's name) are maps, not structs with a field per key the
 *       fleet happens to hold;</li>
 *   <li>the fields the fleet views read have their type even when no run of this fleet has a value (a fleet
 *       without a pause goal still has {@code summary.pauseGoal.goalMs}).</li>
 * </ul>
 */
final class RunSchema {

    private static final String PAUSES = "STRUCT<count: BIGINT, totalMs: DOUBLE, meanMs: DOUBLE, stdMs: DOUBLE, "
            + "minMs: DOUBLE, p50Ms: DOUBLE, p90Ms: DOUBLE, p99Ms: DOUBLE, p999Ms: DOUBLE, maxMs: DOUBLE>";
    private static final String EXCEEDANCE = "STRUCT<pauses: BIGINT, over: BIGINT, overPct: DOUBLE, "
            + "meanExcessMs: DOUBLE, maxExcessMs: DOUBLE>";

    /** A RUN object of docs/json.md, as far as declared. */
    static final StructType RUN = StructType.fromDDL(String.join(", ", "name STRING",
            "jvm STRUCT<version: STRING, collector: STRING, facts: MAP<STRING, STRING>, "
                    + "numaStatistics: ARRAY<STRUCT<name: STRING, collections: BIGINT, hits: BIGINT, requests: BIGINT, "
                    + "byNode: MAP<STRING, STRUCT<hits: BIGINT, requests: BIGINT>>>>>",
            "summary STRUCT<durationSec: DOUBLE, fullGcCount: BIGINT, throughputPct: DOUBLE, pauses: " + PAUSES
                    + ", pausesByKind: MAP<STRING, " + PAUSES + ">, pausesByCause: MAP<STRING, BIGINT>, "
                    + "incidents: MAP<STRING, BIGINT>, fullGcCauses: MAP<STRING, BIGINT>, "
                    + "steadyState: STRUCT<warmupEndSec: DOUBLE, warmupPauses: BIGINT, pauses: " + PAUSES + ">, "
                    + "pauseGoal: STRUCT<goalMs: DOUBLE, source: STRING, overall: " + EXCEEDANCE
                    + ", steadyState: " + EXCEEDANCE + ">>",
            "verdict STRUCT<goalMet: BOOLEAN, goal: STRING, flags: ARRAY<STRING>>",
            "findings ARRAY<STRUCT<ruleId: STRING, severity: STRING, score: BIGINT, title: STRING, "
                    + "evidence: ARRAY<STRING>, recommendation: STRUCT<options: ARRAY<STRING>, arithmetic: ARRAY<STRING>>, "
                    + "cost: STRUCT<seconds: DOUBLE, pauseSeconds: DOUBLE>>>"));
    /**
     * The document of one run: {@code {"schemaVersion", "tool", "runs": [RUN]}}; all there is to go by in a fleet
     * without any run.
     */
    static final StructType DECLARED = StructType.fromDDL("schemaVersion BIGINT, tool STRUCT<name: STRING, version: STRING>")
            .add("runs", DataTypes.createArrayType(RUN, true));

    private RunSchema() {
    }

    /** The inferred schema with the declared types merged in (a declared map replaces what was inferred). */
    static StructType of(StructType inferred) {
        return (StructType) merge(inferred, DECLARED);
    }

    private static DataType merge(DataType inferred, DataType declared) {
        if (declared == null) {
            return inferred;
        }
        if (inferred == null || declared instanceof MapType || !sameKind(inferred, declared)) {
            // a map, a type where inference saw only nulls (string) or nothing, or a field no document had
            return declared instanceof MapType || inferred == null || inferred == DataTypes.StringType ? declared
                    : inferred;
        }
        if (declared instanceof StructType d) {
            StructType i = (StructType) inferred;
            List<StructField> fields = new ArrayList<>();
            for (StructField f : i.fields()) {
                DataType dt = d.getFieldIndex(f.name()).isDefined() ? d.apply(f.name()).dataType() : null;
                fields.add(new StructField(f.name(), merge(f.dataType(), dt), true, f.metadata()));
            }
            for (StructField f : d.fields()) {
                if (i.getFieldIndex(f.name()).isEmpty()) {
                    fields.add(new StructField(f.name(), f.dataType(), true, f.metadata()));
                }
            }
            return new StructType(fields.toArray(StructField[]::new));
        }
        if (declared instanceof ArrayType d) {
            return DataTypes.createArrayType(merge(((ArrayType) inferred).elementType(), d.elementType()), true);
        }
        // a declared double stays one where every document wrote a whole value (as an integer, by core's Json)
        return declared == DataTypes.DoubleType ? declared : inferred;
    }

    private static boolean sameKind(DataType a, DataType b) {
        return a.getClass() == b.getClass() || (a.typeName().equals("long") || a.typeName().equals("double"))
                && (b.typeName().equals("long") || b.typeName().equals("double"));
    }
}
