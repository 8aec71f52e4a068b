package dev.jvmtune.lab.store;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** The store against a real PostgreSQL server, a throwaway cluster started for these tests. */
@ExtendWith(PostgresServer.Shared.class)
class PostgresStoreTest extends StoreContract {

    private static PostgresServer server;
    private int n;

    @BeforeAll
    static void start(PostgresServer shared) throws Exception {
        server = shared;
    }

    @Override
    String freshDatabase() throws Exception {
        return server.freshDatabase("lab" + (n++));
    }
}
