package dev.jvmtune.lab.store;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class SqliteStoreTest extends StoreContract {

    @TempDir
    Path tmp;

    private int n;

    @Override
    String freshDatabase() {
        return tmp.resolve("jvmtune-" + (n++) + ".db").toString();
    }
}
