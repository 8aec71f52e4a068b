package dev.jvmtune.lab.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jvmtune.core.run.Rounding;

/**
 * The lab's JSON documents ({@code result.json}, {@code run --json}, {@code tune.json}, {@code results}) write their
 * figures as {@code analyze} does ({@link Rounding}): a tree is rounded in place before it is written, NaN and
 * infinities becoming {@code null}.
 */
public final class JsonFigures {

    private JsonFigures() {
    }

    /** {@code node} with every floating-point number rounded; the same node, changed in place. */
    public static <N extends JsonNode> N rounded(N node) {
        if (node instanceof ObjectNode o) {
            o.fields().forEachRemaining(e -> e.setValue(round(e.getValue())));
        } else if (node instanceof ArrayNode a) {
            for (int i = 0; i < a.size(); i++) {
                a.set(i, round(a.get(i)));
            }
        }
        return node;
    }

    private static JsonNode round(JsonNode n) {
        if (n.isFloatingPointNumber()) {
            double v = n.doubleValue();
            return Double.isFinite(v) ? DoubleNode.valueOf(Rounding.figure(v)) : NullNode.getInstance();
        }
        return rounded(n);
    }
}
