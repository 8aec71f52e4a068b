package dev.jvmtune.workloads.codecache;

import java.util.function.LongUnaryOperator;
import java.util.zip.CRC32;

/**
 * Defines the generated handlers in a class loader of their own and instantiates them. Also sums the class
 * bytes into a CRC so a run can show it executed the same program as another run with the same seed.
 */
final class HandlerLoader extends ClassLoader {

    private final CRC32 crc = new CRC32();

    HandlerLoader() {
        super(HandlerLoader.class.getClassLoader());
    }

    LongUnaryOperator[] load(int classes, int ops, long seed) throws ReflectiveOperationException {
        LongUnaryOperator[] handlers = new LongUnaryOperator[classes];
        for (int i = 0; i < classes; i++) {
            byte[] bytes = HandlerGenerator.generate(i, ops, seed);
            crc.update(bytes);
            Class<?> c = defineClass(HandlerGenerator.binaryName(i), bytes, 0, bytes.length);
            handlers[i] = (LongUnaryOperator) c.getDeclaredConstructor().newInstance();
        }
        return handlers;
    }

    long programChecksum() {
        return crc.getValue();
    }
}
