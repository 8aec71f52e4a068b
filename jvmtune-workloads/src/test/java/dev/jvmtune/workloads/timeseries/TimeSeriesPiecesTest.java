package dev.jvmtune.workloads.timeseries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimeSeriesPiecesTest {

    @Test
    void aDayCrossesTheSocketIntactAndIdenticallyForTheSameSeed() throws IOException {
        List<Sample> first = load(1, 1);
        assertEquals(Channel.SAMPLES_PER_DAY, first.size());
        assertEquals(Channel.timeOf(1, 0), first.get(0).timeMillis());
        assertEquals(Channel.timeOf(1, Channel.SAMPLES_PER_DAY - 1), first.get(first.size() - 1).timeMillis());
        double[] expected = new double[Channel.SAMPLES_PER_DAY];
        new Channel(1).day(1, expected);
        for (int i = 0; i < expected.length; i += 9973) {
            assertEquals(expected[i], first.get(i).value(), "sample " + i);
        }
        long checksum = TimeSeriesWorkload.sampleChecksum(first);
        assertEquals(checksum, TimeSeriesWorkload.sampleChecksum(load(1, 1)));
        assertNotEquals(checksum, TimeSeriesWorkload.sampleChecksum(load(2, 1)));
    }

    private static List<Sample> load(long seed, int day) throws IOException {
        List<Sample> samples = new ArrayList<>();
        try (ChannelServer server = new ChannelServer(new Channel(seed));
             ChannelClient client = new ChannelClient(server.port())) {
            ChannelClient.DayTimes t = client.load(day, samples);
            assertEquals(Channel.SAMPLES_PER_DAY, t.samples());
            assertTrue(t.transferNanos() > 0 && t.queryNanos() >= t.serverQueryNanos());
        }
        return samples;
    }

    @Test
    void plotSeriesKeepsMinAndMaxPerPixel() {
        List<Sample> s = List.of(new Sample(0, 1), new Sample(1, 5), new Sample(2, -3), new Sample(3, 2));
        PlotSeries p = PlotSeries.of(s, 2); // pixel 0: t 0-1, pixel 1: t 2-3
        assertEquals(1, p.min()[0]);
        assertEquals(5, p.max()[0]);
        assertEquals(-3, p.min()[1]);
        assertEquals(2, p.max()[1]);
        assertEquals(-3, p.low());
        assertEquals(5, p.high());
        Raster r = new Raster(2, 9);
        r.draw(p);
        assertTrue(r.inkedPixels() >= 9, "the two columns span the whole height between them");
    }
}
