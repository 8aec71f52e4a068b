package dev.jvmtune.workloads.timeseries;

import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * The data server of S3 on a loopback socket, in a thread of the workload's JVM. Protocol per request: the
 * client writes a day number (int, -1 ends the session); the server "queries" it (generates the day into a
 * reused array), answers the query time in nanoseconds (long) and the sample count (int), then streams
 * {@code count} rows of (long time millis, double value).
 *
 * <p>The server keeps one reused array and a 64 KB buffer, so the heap the workload's GC log shows is the
 * client's, as it would be with a separate database process.
 */
final class ChannelServer implements AutoCloseable {

    private final ServerSocket socket;
    private final Channel channel;
    private final Thread thread;
    private volatile IOException failure;

    ChannelServer(Channel channel) throws IOException {
        this.socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        this.channel = channel;
        this.thread = new Thread(this::serve, "channel-server");
        thread.setDaemon(true);
        thread.start();
    }

    int port() {
        return socket.getLocalPort();
    }

    private void serve() {
        double[] values = new double[Channel.SAMPLES_PER_DAY];
        try (Socket s = socket.accept();
             DataInputStream in = new DataInputStream(s.getInputStream());
             DataOutputStream out = new DataOutputStream(new BufferedOutputStream(s.getOutputStream(), 64 * 1024))) {
            while (true) {
                int day;
                try {
                    day = in.readInt();
                } catch (EOFException e) {
                    return;
                }
                if (day < 0) {
                    return;
                }
                long t0 = System.nanoTime();
                channel.day(day, values);
                out.writeLong(System.nanoTime() - t0);
                out.writeInt(values.length);
                for (int i = 0; i < values.length; i++) {
                    out.writeLong(Channel.timeOf(day, i));
                    out.writeDouble(values[i]);
                }
                out.flush();
            }
        } catch (IOException e) {
            failure = e;
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (failure != null) {
            throw failure;
        }
    }
}
