package dev.jvmtune.lab.store;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The store against a real PostgreSQL server, a throwaway cluster started for these tests. */
class PostgresStoreTest extends StoreContract {

    private static PostgresServer server;
    private int n;

    @BeforeAll
    static void start() throws Exception {
        server = PostgresServer.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Override
    String freshDatabase() throws Exception {
        return server.freshDatabase("lab" + (n++));
    }
}
