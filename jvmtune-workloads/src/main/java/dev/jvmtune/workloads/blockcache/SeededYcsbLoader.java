package dev.jvmtune.workloads.blockcache;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.atomic.AtomicInteger;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.commons.ClassRemapper;
import org.objectweb.asm.commons.Remapper;

/**
 * Loads YCSB core (and our binding to it, which must see the same {@code site.ycsb.DB}) with every reference to
 * {@code java.util.concurrent.ThreadLocalRandom} pointed at {@link SeededRandom}. YCSB 0.17 draws keys,
 * operations and values from ThreadLocalRandom, whose seed comes from the clock; remapping the class files is
 * the supported way to make its operation sequence repeat for a seed (issue 7, acceptance 2) without reaching
 * into the JDK's internals. Everything else comes from the parent loader.
 */
final class SeededYcsbLoader extends ClassLoader {

    private static final String FROM = "java/util/concurrent/ThreadLocalRandom";
    private static final String TO = SeededRandom.class.getName().replace('.', '/');
    private static final String[] CHILD_FIRST = {"site.ycsb.", "dev.jvmtune.workloads.blockcache.ycsb."};

    private final AtomicInteger remappedClasses = new AtomicInteger();

    SeededYcsbLoader(ClassLoader parent) {
        super("seeded-ycsb", parent);
    }

    /** Classes loaded here that referred to ThreadLocalRandom: proof that the remapping took effect. */
    int remappedClasses() {
        return remappedClasses.get();
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!childFirst(name)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                c = findClass(name);
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
            if (in == null) {
                throw new ClassNotFoundException(name);
            }
            byte[] b = remap(in.readAllBytes());
            return defineClass(name, b, 0, b.length);
        } catch (IOException e) {
            throw new ClassNotFoundException(name, e);
        }
    }

    private byte[] remap(byte[] classFile) {
        boolean[] hit = {false};
        Remapper remapper = new Remapper() {
            @Override
            public String map(String internalName) {
                if (FROM.equals(internalName)) {
                    hit[0] = true;
                    return TO;
                }
                return internalName;
            }
        };
        ClassWriter w = new ClassWriter(0); // frames are remapped, not recomputed
        new ClassReader(classFile).accept(new ClassRemapper(w, remapper), 0);
        if (hit[0]) {
            remappedClasses.incrementAndGet();
        }
        return w.toByteArray();
    }

    private static boolean childFirst(String name) {
        for (String prefix : CHILD_FIRST) {
            if (name.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
