package dev.jvmtune.core.model;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * One of G1's NUMA statistics ({@code gc+heap+numa}, JDK 14+), summed over the collections of a log:
 * "Placement match ratio" (new regions placed on the node that asked for them) or "Worker task locality
 * match ratio" (survivors copied by a worker on their own node). Each collection logs
 * {@code NAME: 87% 230/264 (0: 85% 110/129, 1: 88% 120/135)}; the sums keep the counts, so the ratio over
 * the whole log is exact rather than an average of percentages.
 *
 * @param byNode hits and requests per NUMA node id
 */
public record NumaStatistic(String name, int collections, long hits, long requests, Map<Integer, Count> byNode) {

    public NumaStatistic {
        byNode = Collections.unmodifiableMap(new TreeMap<>(byNode));
    }

    /** Percent of requests that were hits; NaN with no requests. */
    public double pct() {
        return requests == 0 ? Double.NaN : 100.0 * hits / requests;
    }

    public NumaStatistic plus(NumaStatistic o) {
        Map<Integer, Count> nodes = new TreeMap<>(byNode);
        o.byNode.forEach((id, c) -> nodes.merge(id, c, Count::plus));
        return new NumaStatistic(name, collections + o.collections, hits + o.hits, requests + o.requests, nodes);
    }

    public record Count(long hits, long requests) {
        public double pct() {
            return requests == 0 ? Double.NaN : 100.0 * hits / requests;
        }

        Count plus(Count o) {
            return new Count(hits + o.hits, requests + o.requests);
        }
    }
}
