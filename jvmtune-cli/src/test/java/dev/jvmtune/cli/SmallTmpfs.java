package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real small file system to fill up: a tmpfs mounted for the test (root, as CI runs). Where it cannot be
 * mounted (no root, a container without the mount capability) the test is skipped, saying why.
 */
final class SmallTmpfs implements AutoCloseable {

    private final Path dir;

    private SmallTmpfs(Path dir) {
        this.dir = dir;
    }

    static SmallTmpfs mount(Path dir, String size) throws Exception {
        Files.createDirectories(dir);
        Process p = new ProcessBuilder(List.of("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", dir.toString()))
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assumeTrue(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0,
                "cannot mount a small tmpfs here (needs root and the mount capability): " + out.strip());
        return new SmallTmpfs(dir);
    }

    Path dir() {
        return dir;
    }

    /** Writes a file until the file system is full: nothing more fits. */
    void fill() throws IOException {
        try (OutputStream o = Files.newOutputStream(dir.resolve("filler"))) {
            byte[] b = new byte[4096];
            while (true) {
                o.write(b);
            }
        } catch (IOException e) {
            if (!String.valueOf(e.getMessage()).contains("No space left")) {
                throw e;
            }
        }
    }

    @Override
    public void close() throws Exception {
        new ProcessBuilder(List.of("umount", "-l", dir.toString())).start().waitFor(30, TimeUnit.SECONDS);
    }
}
