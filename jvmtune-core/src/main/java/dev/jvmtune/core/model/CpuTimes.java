package dev.jvmtune.core.model;

/** The {@code User= Sys= Real=} line of a collection, in seconds. */
public record CpuTimes(double userSec, double sysSec, double realSec) {
}
