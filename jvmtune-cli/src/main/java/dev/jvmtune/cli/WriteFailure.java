package dev.jvmtune.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Passes writes on and remembers the first error of one that failed: so that it is not taken for a read error (the
 * {@code --events} file), and so that standard output's error keeps its cause, which {@link java.io.PrintStream}
 * reduces to a flag - a full disk is an error, a reader that closed the pipe is not.
 */
final class WriteFailure extends FilterOutputStream {
    volatile IOException failure;

    WriteFailure(OutputStream out) {
        super(out);
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            remember(e);
            throw e;
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            remember(e);
            throw e;
        }
    }

    @Override
    public void close() throws IOException {
        try {
            super.close();
        } catch (IOException e) {
            remember(e);
            throw e;
        }
    }

    private void remember(IOException e) {
        if (failure == null) {
            failure = e;
        }
    }
}
