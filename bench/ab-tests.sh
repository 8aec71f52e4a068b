#!/usr/bin/env bash
# The tests tagged "ab", then RulesOnRealRunsTest on every JDK: each compares two long real runs of a workload (a small code cache against the size the
# rule recommends: throughput, compiler share), minutes on a loaded machine and sensitive to other load, so CI
# leaves them out (pom.xml's jvmtune.test.excludedGroups). Among them (jvmtune-report, built by -am):
# ParallelParsingSweepTest, every corpus log read in blocks against a read in order, byte for byte (about two minutes). Run them on a quiet machine, with the load average
# beside the result:
#   bench/ab-tests.sh
set -euo pipefail
cd "$(dirname "$0")/.."
uptime
./mvnw -B -ntp -pl jvmtune-cli -am test -Djvmtune.test.excludedGroups=none -Dgroups=ab \
  -Dsurefire.failIfNoSpecifiedTests=false
# and the rules' real runs on every JDK (CI: JDK 25 only)
./mvnw -B -ntp -pl jvmtune-cli -am test -Dtest=RulesOnRealRunsTest -Djvmtune.test.everyJdk=true \
  -Dsurefire.failIfNoSpecifiedTests=false
uptime
