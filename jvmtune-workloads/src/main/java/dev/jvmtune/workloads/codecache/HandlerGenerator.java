package dev.jvmtune.workloads.codecache;

import static org.objectweb.asm.Opcodes.*;

import java.util.SplittableRandom;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;

/**
 * Generates the bytecode of one request handler: a class implementing {@link java.util.function.LongUnaryOperator}
 * whose {@code applyAsLong} runs a short loop over a seeded random sequence of multiply-add, xor-shift, rotate and
 * branch steps.
 *
 * <p>Why this shape: code cache demand is the point, so every handler must be distinct code (no shared callee
 * that would be compiled once), big enough that its tier-3 (profiled C1) and tier-4 (C2) versions take a few KB
 * each, and hot quickly - the loop's back edges count towards the tiered thresholds, so a handler is compiled
 * after a few hundred calls rather than thousands. Branches on data bits keep C2 from folding the body away.
 */
final class HandlerGenerator {

    static final String PACKAGE = "dev/jvmtune/workloads/codecache/gen/";

    private static final int LOOP_ITERATIONS = 24;

    private HandlerGenerator() {
    }

    static String binaryName(int index) {
        return (PACKAGE + "Handler" + index).replace('/', '.');
    }

    /** The class file of handler {@code index}; the same seed, index and size give the same bytes. */
    static byte[] generate(int index, int ops, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index);
        String name = PACKAGE + "Handler" + index;
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(V17, ACC_PUBLIC | ACC_FINAL | ACC_SUPER, name, null, "java/lang/Object",
                new String[] {"java/util/function/LongUnaryOperator"});

        MethodVisitor init = cw.visitMethod(ACC_PUBLIC, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(ALOAD, 0);
        init.visitMethodInsn(INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        init.visitInsn(RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();

        // long applyAsLong(long x) { for (int i = 0; i < 16; i++) { <ops steps on x> } return x; }
        // locals: 0 this, 1-2 x, 3 i
        MethodVisitor m = cw.visitMethod(ACC_PUBLIC, "applyAsLong", "(J)J", null, null);
        m.visitCode();
        m.visitInsn(ICONST_0);
        m.visitVarInsn(ISTORE, 3);
        Label test = new Label();
        Label body = new Label();
        m.visitJumpInsn(GOTO, test);
        m.visitLabel(body);
        for (int k = 0; k < ops; k++) {
            step(m, rnd);
        }
        m.visitIincInsn(3, 1);
        m.visitLabel(test);
        m.visitVarInsn(ILOAD, 3);
        m.visitIntInsn(BIPUSH, LOOP_ITERATIONS);
        m.visitJumpInsn(IF_ICMPLT, body);
        m.visitVarInsn(LLOAD, 1);
        m.visitInsn(LRETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** One step: x = f(x) for a randomly chosen f with random constants. */
    private static void step(MethodVisitor m, SplittableRandom rnd) {
        switch (rnd.nextInt(4)) {
            case 0 -> { // x = x * odd + c
                m.visitVarInsn(LLOAD, 1);
                m.visitLdcInsn(rnd.nextLong() | 1L);
                m.visitInsn(LMUL);
                m.visitLdcInsn(rnd.nextLong());
                m.visitInsn(LADD);
                m.visitVarInsn(LSTORE, 1);
            }
            case 1 -> { // x ^= x >>> s
                m.visitVarInsn(LLOAD, 1);
                m.visitVarInsn(LLOAD, 1);
                m.visitIntInsn(BIPUSH, 1 + rnd.nextInt(62));
                m.visitInsn(LUSHR);
                m.visitInsn(LXOR);
                m.visitVarInsn(LSTORE, 1);
            }
            case 2 -> { // x = Long.rotateLeft(x, r) + c
                m.visitVarInsn(LLOAD, 1);
                m.visitIntInsn(BIPUSH, 1 + rnd.nextInt(62));
                m.visitMethodInsn(INVOKESTATIC, "java/lang/Long", "rotateLeft", "(JI)J", false);
                m.visitLdcInsn(rnd.nextLong());
                m.visitInsn(LADD);
                m.visitVarInsn(LSTORE, 1);
            }
            default -> { // if ((x & bit) != 0) x += c1; else x ^= c2;
                Label otherwise = new Label();
                Label done = new Label();
                m.visitVarInsn(LLOAD, 1);
                m.visitLdcInsn(1L << rnd.nextInt(64));
                m.visitInsn(LAND);
                m.visitInsn(LCONST_0);
                m.visitInsn(LCMP);
                m.visitJumpInsn(IFEQ, otherwise);
                m.visitVarInsn(LLOAD, 1);
                m.visitLdcInsn(rnd.nextLong());
                m.visitInsn(LADD);
                m.visitVarInsn(LSTORE, 1);
                m.visitJumpInsn(GOTO, done);
                m.visitLabel(otherwise);
                m.visitVarInsn(LLOAD, 1);
                m.visitLdcInsn(rnd.nextLong());
                m.visitInsn(LXOR);
                m.visitVarInsn(LSTORE, 1);
                m.visitLabel(done);
            }
        }
    }
}
