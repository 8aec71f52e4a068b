package dev.jvmtune.lab.store;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
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
        String name = "lab" + (n++) + "_" + System.nanoTime();
        try (Connection c = DriverManager.getConnection(server.url("postgres"));
             Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        }
        return server.url(name);
    }
}
