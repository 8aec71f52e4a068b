-- An order table of 120,000 rows in an in-memory H2 database (~70 MB live), an index, an aggregation and an update:
-- run by H2's own org.h2.tools.RunScript. Under -Xmx96m the live set fills most of the heap.
CREATE TABLE orders(id BIGINT PRIMARY KEY, customer INT, amount DECIMAL(12,2), note VARCHAR(200));
INSERT INTO orders SELECT X, MOD(X * 7919, 50000), MOD(X * 31, 100000) / 100.0, CONCAT('order ', X, ' ', SPACE(MOD(X, 80))) FROM SYSTEM_RANGE(1, 120000);
CREATE INDEX orders_customer ON orders(customer);
SELECT customer, COUNT(*), SUM(amount) FROM orders GROUP BY customer ORDER BY 3 DESC LIMIT 10;
UPDATE orders SET amount = amount * 1.1 WHERE MOD(id, 3) = 0;
SELECT AVG(amount), MAX(LENGTH(note)) FROM orders WHERE customer BETWEEN 1000 AND 20000;
