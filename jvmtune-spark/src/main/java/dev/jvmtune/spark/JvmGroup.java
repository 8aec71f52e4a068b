package dev.jvmtune.spark;

import java.io.Serializable;
import java.util.List;

/**
 * The files of one JVM, as the driver grouped them: the unit of work of one task.
 *
 * @param service    the service the JVM belongs to
 * @param instance   the JVM within the fleet (unique with {@code service})
 * @param date       the day given by the path ({@code date} group of {@code --pattern}), or null
 * @param paths      the files, as fully qualified Hadoop paths
 * @param bytes      their total size
 */
record JvmGroup(String service, String instance, String date, List<String> paths, long bytes)
        implements Serializable {

    JvmGroup {
        paths = List.copyOf(paths);
    }
}
