package dev.jvmtune.lab.store;

import java.sql.SQLException;

/** Another jvmtune is writing this experiment (or tuning session) now; the message names it. */
public final class WriterLockedException extends SQLException {
    public WriterLockedException(String message) {
        super(message);
    }
}
