package dev.jvmtune.workloads.timeseries;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.util.List;

/**
 * The plotting client's loader: asks for one day at a time and turns every row into a {@link Sample} in the
 * caller's list. Times each request's query (until the server's answer header arrives) and transfer (reading
 * and materialising the rows) separately, as S3's breakdown does.
 */
final class ChannelClient implements AutoCloseable {

    /** Times of one day's request. */
    record DayTimes(int day, long queryNanos, long serverQueryNanos, long transferNanos, int samples) {
    }

    private final Socket socket;
    private final DataInputStream in;
    private final DataOutputStream out;

    ChannelClient(int port) throws IOException {
        socket = new Socket(InetAddress.getLoopbackAddress(), port);
        in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 64 * 1024));
        out = new DataOutputStream(socket.getOutputStream());
    }

    DayTimes load(int day, List<Sample> into) throws IOException {
        long t0 = System.nanoTime();
        out.writeInt(day);
        out.flush();
        long serverQuery = in.readLong();
        int count = in.readInt();
        long t1 = System.nanoTime();
        for (int i = 0; i < count; i++) {
            into.add(new Sample(in.readLong(), in.readDouble()));
        }
        long t2 = System.nanoTime();
        return new DayTimes(day, t1 - t0, serverQuery, t2 - t1, count);
    }

    @Override
    public void close() throws IOException {
        out.writeInt(-1);
        out.flush();
        socket.close();
    }
}
