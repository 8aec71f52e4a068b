#!/usr/bin/env bash
# A request-serving program of bench/realapps under its load generator, as one trial: starts SERVER (a command line
# whose JVM carries the trial's flags, {jvmflags} replaced by jvmtune) on a free port, waits until it answers, runs
# LoadGen.java against it with LOADGEN-ARGS (the port as PORT), then stops the server with SIGTERM so that it writes
# its exit reports; the trial's exit status is the load generator's.
#   serve.sh JAVA LOADGEN-CLASSPATH 'SERVER COMMAND with PORT' LOADGEN-ARGS...
set -euo pipefail
java=$1 cp=$2 server=$3
shift 3
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
${server//PORT/$port} &
pid=$!
trap 'kill -TERM $pid 2>/dev/null || true; wait $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 600); do
  if (exec 3<>/dev/tcp/127.0.0.1/"$port") 2>/dev/null; then break; fi
  kill -0 $pid 2>/dev/null || { echo "the server exited before it listened" >&2; exit 1; }
  sleep 0.1
done
args=()
for a in "$@"; do args+=("${a//PORT/$port}"); done
env -u JDK_JAVA_OPTIONS "$java" -cp "$cp" "$(dirname "$0")/LoadGen.java" "${args[@]}"
