package dev.jvmtune.core.input;

import dev.jvmtune.core.parse.LogFormat;
import java.io.IOException;

/** The input is readable but holds nothing this version can parse; the message says what it is. */
public final class UnsupportedLogException extends IOException {

    private final LogFormat format;

    public UnsupportedLogException(String message, LogFormat format) {
        super(message);
        this.format = format;
    }

    public LogFormat format() {
        return format;
    }
}
