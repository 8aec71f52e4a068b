package dev.jvmtune.workloads;

import java.util.LinkedHashMap;
import java.util.Map;

/** A workload's parameter values: the defaults of its {@link WorkloadSpec}, overridden by the command line. */
public final class WorkloadArgs {

    private final Map<String, String> values;
    private final boolean help;

    private WorkloadArgs(Map<String, String> values, boolean help) {
        this.values = values;
        this.help = help;
    }

    static WorkloadArgs parse(WorkloadSpec spec, String[] args) {
        Map<String, String> values = new LinkedHashMap<>();
        for (Param p : spec.params()) {
            values.put(p.name(), p.defaultValue());
        }
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--help") || a.equals("-h")) {
                return new WorkloadArgs(values, true);
            }
            if (!a.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument " + a);
            }
            String name = a.substring(2);
            String value = null;
            int eq = name.indexOf('=');
            if (eq > 0) {
                value = name.substring(eq + 1);
                name = name.substring(0, eq);
            }
            if (!values.containsKey(name)) {
                throw new IllegalArgumentException("unknown parameter --" + name + " for " + spec.name());
            }
            if (value == null) {
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("--" + name + " needs a value");
                }
                value = args[++i];
            }
            values.put(name, value);
        }
        return new WorkloadArgs(values, false);
    }

    public boolean helpAsked() {
        return help;
    }

    /** All values by name, in declaration order; written to the metrics file so a run names its inputs. */
    public Map<String, String> all() {
        return Map.copyOf(values);
    }

    public String string(String name) {
        return values.get(name);
    }

    public long longValue(String name, long min) {
        long v;
        try {
            v = Long.parseLong(values.get(name));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + ": not a whole number: " + values.get(name));
        }
        if (v < min) {
            throw new IllegalArgumentException("--" + name + " must be >= " + min);
        }
        return v;
    }

    public int intValue(String name, int min) {
        long v = longValue(name, min);
        if (v > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("--" + name + " is too large");
        }
        return (int) v;
    }

    public double doubleValue(String name, double minExclusive) {
        double v;
        try {
            v = Double.parseDouble(values.get(name));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + ": not a number: " + values.get(name));
        }
        if (!(v > minExclusive)) {
            throw new IllegalArgumentException("--" + name + " must be > " + minExclusive);
        }
        return v;
    }
}
