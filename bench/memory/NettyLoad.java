import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A load on Netty's pooled direct buffers for bench/memory.sh: an echo server and its clients in one JVM over
 * loopback. Each of --connections clients keeps --window messages of --size bytes in flight until it has sent
 * --messages, every buffer a pooled direct one; the server echoes each back. Ends when every client has its bytes
 * back; prints the bytes echoed and the time.
 */
public final class NettyLoad {

    public static void main(String[] args) throws Exception {
        int connections = 16;
        int messages = 400;
        int size = 256 * 1024;
        int window = 16;
        int threads = 4;
        for (int i = 0; i + 1 < args.length; i += 2) {
            int v = Integer.parseInt(args[i + 1]);
            switch (args[i]) {
                case "--connections" -> connections = v;
                case "--messages" -> messages = v;
                case "--size" -> size = v;
                case "--window" -> window = v;
                case "--threads" -> threads = v;
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        PooledByteBufAllocator alloc = new PooledByteBufAllocator(true);
        EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        EventLoopGroup workers = new MultiThreadIoEventLoopGroup(threads, NioIoHandler.newFactory());
        long start = System.nanoTime();
        try {
            Channel server = new ServerBootstrap().group(boss, workers).channel(NioServerSocketChannel.class)
                    .childOption(ChannelOption.ALLOCATOR, alloc)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(new ChannelInboundHandlerAdapter() {
                                @Override
                                public void channelRead(ChannelHandlerContext ctx, Object msg) {
                                    ctx.write(msg);
                                }

                                @Override
                                public void channelReadComplete(ChannelHandlerContext ctx) {
                                    ctx.flush();
                                }
                            });
                        }
                    }).bind("127.0.0.1", 0).sync().channel();
            int port = ((java.net.InetSocketAddress) server.localAddress()).getPort();
            CountDownLatch done = new CountDownLatch(connections);
            long total = (long) messages * size;
            int m = messages;
            int s = size;
            int w = window;
            Bootstrap client = new Bootstrap().group(workers).channel(NioSocketChannel.class)
                    .option(ChannelOption.ALLOCATOR, alloc)
                    .handler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(new ChannelInboundHandlerAdapter() {
                                long received;
                                int sent;

                                @Override
                                public void channelActive(ChannelHandlerContext ctx) {
                                    for (int i = 0; i < w && sent < m; i++) {
                                        send(ctx);
                                    }
                                    ctx.flush();
                                }

                                private void send(ChannelHandlerContext ctx) {
                                    ByteBuf b = ctx.alloc().directBuffer(s);
                                    b.writerIndex(s);
                                    sent++;
                                    ctx.write(b);
                                }

                                @Override
                                public void channelRead(ChannelHandlerContext ctx, Object msg) {
                                    ByteBuf b = (ByteBuf) msg;
                                    long before = received / s;
                                    received += b.readableBytes();
                                    b.release();
                                    for (long i = before; i < received / s && sent < m; i++) {
                                        send(ctx);
                                    }
                                    ctx.flush();
                                    if (received >= total) {
                                        ctx.close();
                                        done.countDown();
                                    }
                                }
                            });
                        }
                    });
            for (int i = 0; i < connections; i++) {
                client.connect("127.0.0.1", port).sync();
            }
            if (!done.await(10, TimeUnit.MINUTES)) {
                throw new IllegalStateException("clients did not finish");
            }
            server.close().sync();
        } finally {
            workers.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
            boss.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        }
        System.out.printf("echoed %,d bytes over %d connections in %.2f s%n", (long) connections * messages * size,
                connections, (System.nanoTime() - start) / 1e9);
    }
}
