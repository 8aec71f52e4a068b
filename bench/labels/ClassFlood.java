import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Metaspace growth for the labelled set (bench/labels.sh): defines classes at run time, written byte by byte here (no
 * library), each with {@code --methods} static methods of straight-line bytecode, in batches of {@code --batch}, each
 * batch in a class loader of its own. A share of the loaders ({@code --keep}) stays reachable, so metaspace keeps
 * growing over the run; the rest become unloadable. Each class takes about methods x (bytecode + 100) bytes of
 * metaspace: 40 methods of 200 bytes, ~12 KiB.
 *
 * <p>{@code ClassFlood [--seconds 12] [--classes-per-sec 400] [--methods 40] [--code-bytes 200] [--batch 50]
 * [--keep 0.5] [--seed 1]}
 */
public final class ClassFlood {

    private static volatile long sink;
    /** The last allocations, reachable for a moment: allocation the JIT cannot remove. */
    private static final Object[] recent = new Object[256];

    /** A loader for one batch; defineClass is protected. */
    static final class Batch extends ClassLoader {
        Batch() {
            super(ClassFlood.class.getClassLoader());
        }

        Class<?> define(String name, byte[] b) {
            return defineClass(name, b, 0, b.length);
        }
    }

    public static void main(String[] args) throws Exception {
        double seconds = 12;
        double perSec = 400;
        int methods = 40;
        int codeBytes = 200;
        int batch = 50;
        double keep = 0.5;
        long seed = 1;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--seconds" -> seconds = Double.parseDouble(args[i + 1]);
                case "--classes-per-sec" -> perSec = Double.parseDouble(args[i + 1]);
                case "--methods" -> methods = Integer.parseInt(args[i + 1]);
                case "--code-bytes" -> codeBytes = Integer.parseInt(args[i + 1]);
                case "--batch" -> batch = Integer.parseInt(args[i + 1]);
                case "--keep" -> keep = Double.parseDouble(args[i + 1]);
                case "--seed" -> seed = Long.parseLong(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        java.util.Random rnd = new java.util.Random(seed);
        List<ClassLoader> kept = new ArrayList<>();
        long start = System.nanoTime();
        long end = start + (long) (seconds * 1e9);
        long defined = 0;
        while (System.nanoTime() < end) {
            long due = start + (long) (defined / perSec * 1e9);
            long wait = due - System.nanoTime();
            if (wait > 0) {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            }
            Batch loader = new Batch();
            for (int i = 0; i < batch; i++) {
                String name = "Gen" + defined;
                Class<?> c = loader.define(name, classFile(name, methods, codeBytes, rnd));
                sink += c.getName().length();
                defined++;
            }
            if (rnd.nextDouble() < keep) {
                kept.add(loader);
            }
            // short-lived garbage beside it, as any program allocates
            for (int i = 0; i < 2000; i++) {
                recent[i & 255] = new byte[256]; // escapes: the JIT cannot drop it
            }
        }
        System.out.printf("ClassFlood: %d classes defined, %d of %d loaders kept%n", defined, kept.size(),
                (defined + batch - 1) / batch);
    }

    /** A class file (version 52) of {@code methods} public static int methods of straight-line code. */
    static byte[] classFile(String name, int methods, int codeBytes, java.util.Random rnd) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(0xCAFEBABE);
        out.writeShort(0);
        out.writeShort(52);
        int pool = 7 + methods; // 1 name, 2 class, 3 Object, 4 class, 5 ()I, 6 Code, 7.. method names
        out.writeShort(pool);
        utf8(out, name);
        out.writeByte(7);
        out.writeShort(1);
        utf8(out, "java/lang/Object");
        out.writeByte(7);
        out.writeShort(3);
        utf8(out, "()I");
        utf8(out, "Code");
        for (int m = 0; m < methods; m++) {
            utf8(out, "m" + m);
        }
        out.writeShort(0x0001 | 0x0020); // public, super
        out.writeShort(2);
        out.writeShort(4);
        out.writeShort(0); // interfaces
        out.writeShort(0); // fields
        out.writeShort(methods);
        int pushes = Math.max(1, (codeBytes - 2) / 4); // sipush v (3 bytes), pop (1 byte)
        for (int m = 0; m < methods; m++) {
            out.writeShort(0x0001 | 0x0008);
            out.writeShort(7 + m);
            out.writeShort(5);
            out.writeShort(1); // one attribute: Code
            out.writeShort(6);
            int code = pushes * 4 + 2;
            out.writeInt(2 + 2 + 4 + code + 2 + 2);
            out.writeShort(1); // max stack
            out.writeShort(0); // max locals
            out.writeInt(code);
            for (int p = 0; p < pushes; p++) {
                out.writeByte(0x11); // sipush
                out.writeShort(rnd.nextInt(Short.MAX_VALUE));
                out.writeByte(0x57); // pop
            }
            out.writeByte(0x03); // iconst_0
            out.writeByte(0xAC); // ireturn
            out.writeShort(0); // exception table
            out.writeShort(0); // attributes
        }
        out.writeShort(0); // class attributes
        return bytes.toByteArray();
    }

    private static void utf8(DataOutputStream out, String s) throws IOException {
        out.writeByte(1);
        out.writeUTF(s);
    }
}
