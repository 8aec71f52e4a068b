package dev.jvmtune.tune;

import dev.jvmtune.core.options.FlagSet;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The evidence's candidates together, as one trial: independent causes give back their time independently (the
 * compilers' CPU and the collector's time: a heap 0.833x and C1 only 0.845x, 0.70x predicted, 0.69x measured on a
 * 12 s job), so the set of all candidates with claims that change different settings is worth one trial before any of
 * them alone. Taken greedily, the largest claim first; a candidate is left out where its options touch a setting of the
 * set or the merged flags would drop one of them or tune a collector they do not run (a G1 setting beside a switch
 * to Parallel, in either order); where the set's heap has no
 * room for its stop-the-world collector ({@link HeapCandidates#fits}), a part that sizes the heap sizes it for the
 * collector, and without one the collector is left out. Claims
 * on the same causes are counted once: at most what those causes took.
 */
final class Compositions {

    private Compositions() {
    }

    /** The set of {@code ranked}'s candidates with claims, applied to {@code best}; empty with fewer than two. */
    static Optional<Candidate> of(List<Candidate> ranked, FlagSet best, Evidence e) {
        List<Candidate> parts = new ArrayList<>();
        Set<String> keys = new HashSet<>();
        for (Candidate c : ranked) {
            if (!(c.gainSec() > 0) || c.change().stream().anyMatch(o -> keys.contains(FlagSet.key(o)))) {
                continue;
            }
            List<String> options = new ArrayList<>();
            parts.forEach(p -> options.addAll(p.change()));
            options.addAll(c.change());
            FlagSet merged = best.with(options);
            if (!merged.options().containsAll(options) || !merged.coherent()) {
                continue;
            }
            parts.add(c);
            c.change().forEach(o -> keys.add(FlagSet.key(o)));
        }
        if (!HeapCandidates.fits(best, best.with(changes(parts)), e)) {
            giveRoom(parts, e);
        }
        if (!HeapCandidates.fits(best, best.with(changes(parts)), e)) {
            parts.removeIf(p -> !HeapCandidates.fits(best, best.with(p.change()), e)
                    || p.change().stream().anyMatch(o -> dev.jvmtune.core.options.JvmOption.parse(o).selects().isPresent()));
        }
        List<String> change = changes(parts);
        if (parts.size() < 2 || !HeapCandidates.fits(best, best.with(change), e)) {
            return Optional.empty();
        }
        List<Claim> claims = merge(parts.stream().flatMap(p -> p.claims().stream()).toList(), e);
        double gain = claims.stream().mapToDouble(Claim::seconds).sum();
        List<String> why = new ArrayList<>();
        parts.forEach(p -> why.addAll(p.arithmetic()));
        why.add(String.format(Locale.ROOT, "together, each cause counted once: at most %.2f s (%s) of a typical %.2f s "
                        + "trial, %.3gx at best", gain, claims.stream().map(c -> c.causes().stream().map(Cause::label)
                        .collect(Collectors.joining(", ")) + String.format(Locale.ROOT, " %.2f s", c.seconds()))
                        .collect(Collectors.joining("; ")), e.wallSec(),
                e.wallSec() > 0 ? Math.max(0, 1 - gain / e.wallSec()) : Double.NaN));
        return Optional.of(new Candidate("combined:" + parts.stream().map(Candidate::source)
                .collect(Collectors.joining("+")), parts.stream().map(Candidate::title)
                .collect(Collectors.joining("; ")), change, why, claims, List.of(), parts));
    }

    /**
     * Where the set sizes the heap below the room its stop-the-world collector needs ({@link HeapCandidates#fits}: a
     * rule may size the heap from another figure of the live set, such as the most a whole-heap collection left, below
     * the peak), the part that sizes it takes the heap the collector needs instead, said in its arithmetic: the set
     * keeps both causes rather than dropping the collector for a heap it chose itself.
     */
    private static void giveRoom(List<Candidate> parts, Evidence e) {
        if (e.peak() == null) {
            return;
        }
        String xmxKey = FlagSet.keyOf("Xmx");
        String xmsKey = FlagSet.keyOf("Xms");
        long room = HeapCandidates.wholeMib(HeapCandidates.room(e));
        for (int i = 0; i < parts.size(); i++) {
            Candidate p = parts.get(i);
            String xmx = p.change().stream().filter(o -> FlagSet.key(o).equals(xmxKey)).findFirst().orElse(null);
            if (xmx == null || FlagSet.bytes(xmx.substring(4)) >= room) {
                continue;
            }
            String size = FlagSet.size(room);
            List<String> change = p.change().stream().map(o -> FlagSet.key(o).equals(xmxKey) ? "-Xmx" + size
                    : FlagSet.key(o).equals(xmsKey) && o.substring(4).equals(xmx.substring(4)) ? "-Xms" + size : o)
                    .toList();
            List<String> why = new ArrayList<>(p.arithmetic());
            why.add(String.format(Locale.ROOT, "the heap raised from %s to %d x the peak live set, %d x %.0f MiB = %s:"
                            + " room for the set's stop-the-world collector", xmx.substring(4), HeapCandidates.ROOM,
                    HeapCandidates.ROOM, e.peak().peakBytes() / (double) (1 << 20), size));
            parts.set(i, new Candidate(p.source(), p.title(), change, why, p.claims()));
        }
    }

    private static List<String> changes(List<Candidate> parts) {
        return parts.stream().flatMap(p -> p.change().stream()).toList();
    }

    /**
     * Claims whose causes overlap, as one: their causes together, at most the sum of their times and at most what
     * those causes took in the trial; whole only where all were.
     */
    static List<Claim> merge(List<Claim> claims, Evidence e) {
        List<Claim> out = new ArrayList<>();
        for (Claim c : claims) {
            Set<Cause> causes = EnumSet.copyOf(c.causes());
            double seconds = c.seconds();
            boolean whole = c.whole();
            for (int i = out.size() - 1; i >= 0; i--) {
                Claim o = out.get(i);
                if (o.causes().stream().anyMatch(causes::contains)) {
                    causes.addAll(o.causes());
                    seconds += o.seconds();
                    whole &= o.whole();
                    out.remove(i);
                }
            }
            double took = e.seconds(causes);
            out.add(new Claim(causes, Double.isNaN(took) ? seconds : Math.min(seconds, took), whole));
        }
        return out;
    }
}
