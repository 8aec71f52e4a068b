package dev.jvmtune.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class RoundingTest {

    @Test
    void aFigureThatRoundsToZeroHasNoSign() {
        assertEquals("0.00 ms", Rounding.text("%.2f ms", -0.001));
        assertEquals("0 MiB/h, 0.0%", Rounding.text("%.0f MiB/h, %.1f%%", -0.2, -0.0));
        assertEquals("-0.01 ms -0.0423 -10.00", Rounding.text("%.2f ms %.4f %.2f", -0.006, -0.0423, -10.0));
        assertEquals("churn-0 174 (-1 ms), 100%", Rounding.text("%s %,d (%d ms), %.0f%%", "churn-0", 174, -1, 100.0));
    }

    @Test
    void figuresKeepThreeDecimalsOrThreeSignificantDigits() {
        assertEquals(1254.007, Rounding.figure(1254.0069999999987));
        assertEquals(0.000412, Rounding.figure(0.000412345));
    }

    @Test
    void aSubMillisecondPauseKeepsTwoSignificantDigits() {
        assertEquals("0.031", Rounding.ms(0.0312, 1));
        assertEquals("0.0075", Rounding.ms(0.00749, 1));
        assertEquals("0.10", Rounding.ms(0.1, 2));
        assertEquals("41.4", Rounding.ms(41.41, 1));
        assertEquals("1.00", Rounding.ms(0.9999, 2), "rounds up to 1 ms: two significant digits at most");
        assertEquals("0.0", Rounding.ms(0, 1));
    }
}
