package dev.jvmtune.workloads.blockcache.ycsb;

import dev.jvmtune.workloads.SequenceChecksum;
import dev.jvmtune.workloads.blockcache.RegionStore;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * YCSB's view of a {@link RegionStore}, one instance per client thread as YCSB's own client creates them.
 * Rows are {@code fieldcount} fields of {@code fieldlength} bytes; a read returns copies of the fields, an update
 * writes the whole row into the memstore. Also folds the thread's first operations (kind, key, bytes written) into
 * a {@link SequenceChecksum}: the operation sequence a seed must reproduce.
 */
public final class RegionStoreBinding extends DB {

    private final RegionStore store;
    private final String fieldPrefix;
    private final int fieldCount;
    private final int fieldLength;
    private final SequenceChecksum sequence = new SequenceChecksum();
    private String lastOp = "none";

    RegionStoreBinding(RegionStore store, String fieldPrefix, int fieldCount, int fieldLength) {
        this.store = store;
        this.fieldPrefix = fieldPrefix;
        this.fieldCount = fieldCount;
        this.fieldLength = fieldLength;
    }

    /** The kind of the last operation YCSB ran through this binding ({@code read}, {@code update}, ...). */
    String lastOp() {
        return lastOp;
    }

    SequenceChecksum sequence() {
        return sequence;
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
        byte[] row = store.read(key);
        for (int i = 0; i < fieldCount; i++) {
            String name = fieldPrefix + i;
            if (fields == null || fields.contains(name)) {
                result.put(name, new ByteArrayByteIterator(row, i * fieldLength, fieldLength));
            }
        }
        note("read", key, null);
        return Status.OK;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
        // a partial update starts from the row as it is, like a read-modify-write of the missing cells
        byte[] row = values.size() >= fieldCount ? new byte[store.rowBytes()] : store.read(key);
        for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
            int field = Integer.parseInt(e.getKey().substring(fieldPrefix.length()));
            byte[] v = e.getValue().toArray();
            System.arraycopy(v, 0, row, field * fieldLength, Math.min(v.length, fieldLength));
        }
        store.write(key, row);
        note("update", key, row);
        return Status.OK;
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
        Status s = update(table, key, values);
        lastOp = "insert";
        return s;
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                       Vector<HashMap<String, ByteIterator>> result) {
        lastOp = "scan";
        return Status.NOT_IMPLEMENTED;
    }

    @Override
    public Status delete(String table, String key) {
        lastOp = "delete";
        return Status.NOT_IMPLEMENTED;
    }

    private void note(String op, String key, byte[] written) {
        lastOp = op;
        if (sequence.next()) {
            sequence.add(op);
            sequence.add(key);
            if (written != null) {
                sequence.add(written);
            }
        }
    }
}
