package dev.jvmtune.spark;

import java.io.Serializable;

/** An input the fleet could not analyze (a row of the {@code errors} table): the job goes on without it. */
record ErrorRow(String path, String service, String instance, String message) implements Serializable {
}
