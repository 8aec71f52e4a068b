package dev.jvmtune.core.model;

/**
 * The reader moved on to the next file of a timeline (a rotated set): the {@code line} of the events that follow
 * counts in this file. The first file of a timeline has one too.
 *
 * @param path the file as shown to the user ({@code gc.log.1}, {@code logs.zip!gc.log})
 */
public record InputFile(String path) implements JvmEvent {

    @Override
    public double uptimeSec() {
        return Double.NaN;
    }
}
