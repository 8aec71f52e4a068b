#!/usr/bin/env bash
# QA of issue 30: the faults of fleet, watch, analyze --follow and the metrics endpoint, each case run as the
# issue writes it against the built bin/jvmtune, one line per case: name | expected | observed | PASS/FAIL.
#   bench/qa/issue30.sh [GROUP...]   groups: out follow watch watch25 prom jmx fleet fleetdisk fleetnolog fleetkill lab docs (default: all)
# Needs root (tmpfs mounts), jcmd, ss, sqlite3, python3. Scratch under $QA (default /tmp/qa/i30).
# KILLS=N kill -9 points of a fleet job (default 4; each costs a Spark start-up).
set -uo pipefail
ROOT="${ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}"
J="$ROOT/bin/jvmtune"
QA="${QA:-/tmp/qa/i30}"
KILLS="${KILLS:-4}"
mkdir -p "$QA"; cd "$QA" || exit 1
[[ -f g1.log ]] || zcat "$ROOT/examples/logs/g1-debug-jdk17.log.gz" > g1.log
RESULTS="$QA/results.txt"

res() { # name expected observed verdict
  printf '%-28s | %s | %s | %s\n' "$1" "$2" "$(echo "$3" | tr '\n' ' ' | cut -c1-300)" "$4" | tee -a "$RESULTS"
}
verdict() { if eval "$1"; then echo PASS; else echo FAIL; fi; }
now() { date +%s.%N; }
lines() { grep -c . "$1" 2>/dev/null || true; }
errlines() { grep -v '^jvmtune fleet: \(listed\|analyzed\|wrote\)' "$1" | grep -c . ; }   # stderr less fleet's progress
internal() { grep -qi "internal error\|this is a bug\|Exception\|at [a-z]*\.[a-z].*(.*java" "$1"; }
small_tmpfs() { # dir size: a fresh tmpfs
  umount "$1" 2>/dev/null; mkdir -p "$1"; mount -t tmpfs -o size="$2" tmpfs "$1"
}
fill() { # dir leave_kb: fill a tmpfs leaving about leave_kb free
  local free; free=$(df -k --output=avail "$1" | tail -1)
  (( free > $2 )) && dd if=/dev/zero of="$1/filler" bs=1k count=$((free - $2)) status=none 2>/dev/null
  true
}
# pauses count and total of the document in FILE (the last JSON document of --follow --json output)
doc_pauses() {
  python3 - "$1" <<'EOF'
import json, sys
text = open(sys.argv[1]).read()
i = text.rfind('{\n  "schemaVersion"')
if i < 0: i = text.find('{"schemaVersion"')
if i < 0: print("no-document"); sys.exit()
d = json.loads(text[i:])
print(" ".join("%d/%.3f" % (r["summary"]["pauses"]["count"], r["summary"]["pauses"].get("totalMs") or 0) for r in d["runs"]))
EOF
}
analyze_pauses() { "$J" analyze "$@" --json > "$QA/an.json" 2>/dev/null; doc_pauses "$QA/an.json"; }
wait_for() { # seconds command: poll until the command succeeds
  local end=$(( $(date +%s) + $1 )); shift
  until eval "$@"; do (( $(date +%s) > end )) && return 1; sleep 0.2; done
}
window_count() { # file: the pause count of the last window line
  grep '^{"schemaVersion"' "$1" 2>/dev/null | tail -1 | python3 -c 'import json,sys
l=sys.stdin.read().strip()
print(json.loads(l)["pauses"]["count"] if l else -1)'
}

# ---------------------------------------------------------------------------------------------- standard output
group_out() {
  "$J" analyze g1.log --json > /dev/full 2> o1.err; local rc=$?
  res stdout-dev-full "exit!=0, one line" "rc=$rc, $(lines o1.err) lines: $(head -1 o1.err)" \
    "$(verdict "[[ $rc != 0 && \$(lines o1.err) == 1 ]] && ! internal o1.err")"
  small_tmpfs "$QA/fd" 256k; fill "$QA/fd" 8
  "$J" analyze g1.log --json > fd/out.json 2> o2.err; rc=$?
  res stdout-full-tmpfs "exit!=0, one line" "rc=$rc, $(lines o2.err) lines: $(head -1 o2.err); $(stat -c %s fd/out.json) bytes written" \
    "$(verdict "[[ $rc != 0 && \$(lines o2.err) == 1 ]] && ! internal o2.err")"
  umount "$QA/fd"
  "$J" analyze g1.log --json 2> o3.err | head -1 > /dev/null; rc=${PIPESTATUS[0]}
  res stdout-closed-reader "quiet, exit 0 or 141" "rc=$rc, stderr $(lines o3.err) lines $(head -1 o3.err)" \
    "$(verdict "[[ ( $rc == 0 || $rc == 141 ) && \$(lines o3.err) == 0 ]]")"
  "$J" analyze g1.log 2> o4.err | head -1 > /dev/null; rc=${PIPESTATUS[0]}
  res stdout-closed-reader-text "quiet, exit 0 or 141" "rc=$rc, stderr $(lines o4.err) lines $(head -1 o4.err)" \
    "$(verdict "[[ ( $rc == 0 || $rc == 141 ) && \$(lines o4.err) == 0 ]]")"
}

# ---------------------------------------------------------------------------------------------- --follow
group_follow() {
  local whole half2 head2k rc t0 t1 fp
  whole=$(analyze_pauses g1.log)
  head -2000 g1.log > head2k.log; head2k=$(analyze_pauses head2k.log)
  tail -n +2558 g1.log > half2.log; half2=$(analyze_pauses half2.log)

  # as the issue writes it (a 3 s sleep: on a loaded machine the follower may start after the truncation)
  cp g1.log rs.log
  "$J" analyze --follow rs.log --for 9 --json > ft0.out 2> ft0.err & fp=$!
  sleep 3; : > rs.log; head -2000 g1.log >> rs.log; wait $fp; rc=$?
  res follow-truncate-as-written "new lines read (last run = analyze of head-2000: $head2k), a warning if the old content was read" \
    "rc=$rc runs=$(doc_pauses ft0.out); stderr: $(grep -i trunc ft0.err | head -1)" \
    "$(verdict "[[ \"$(doc_pauses ft0.out)\" == \"$head2k\" ]] || { [[ \"$(doc_pauses ft0.out)\" == *\" $head2k\" ]] && grep -qi truncat ft0.err; }")"

  # the same, truncated once the follower has read the whole file
  for variant in head2k half2; do
    cp g1.log rs.log
    "$J" analyze --follow rs.log --for 25 --json > ft.out 2> ft.err & fp=$!
    wait_for 60 '[[ $(window_count ft.out) -ge 1 ]]'; sleep 3   # the whole file read (a window holds 34: the last pause is held)
    : > rs.log; cat $variant.log >> rs.log; wait $fp; rc=$?
    local expect="$whole ${!variant}"
    res "follow-truncate-$variant" "runs = analyze of each content ($expect), a warning, exit 0" \
      "rc=$rc runs=$(doc_pauses ft.out); stderr: $(grep -i trunc ft.err | head -1)" \
      "$(verdict "[[ $rc == 0 && \"$(doc_pauses ft.out)\" == \"$expect\" ]] && grep -qi truncat ft.err && ! internal ft.err")"
  done

  # three rotations between two looks (the follower frozen), then the same with a rotated file deleted unseen
  for del in keep delete; do
    rm -rf rot; mkdir rot
    sed -n 1,1300p g1.log > rot/p1; sed -n 1301,2600p g1.log > rot/p2; sed -n 2601,3900p g1.log > rot/p3
    sed -n '3901,$p' g1.log > rot/p4
    local p1; p1=$(analyze_pauses rot/p1)
    cp rot/p1 rot/gc.log
    "$J" analyze --follow rot/gc.log --for 25 --json > fr.out 2> fr.err & fp=$!
    wait_for 60 '[[ $(window_count fr.out) -ge 1 ]]'; sleep 3
    kill -STOP $fp
    if [[ $del == keep ]]; then   # filecount=3: gc.log renamed to gc.log.0, .1, .2
      mv rot/gc.log rot/gc.log.0; cp rot/p2 rot/gc.log
      mv rot/gc.log rot/gc.log.1; cp rot/p3 rot/gc.log
      mv rot/gc.log rot/gc.log.2; cp rot/p4 rot/gc.log
    else                          # filecount=1: the file rotated the time before is deleted, so p2 is never seen
      for p in p2 p3 p4; do rm -f rot/gc.log.0; mv rot/gc.log rot/gc.log.0; cp rot/$p rot/gc.log; done
    fi
    kill -CONT $fp; wait $fp; rc=$?
    if [[ $del == keep ]]; then
      res follow-3-rotations "all 5114 lines: runs=$whole, 'across 3 rotations'" \
        "rc=$rc runs=$(doc_pauses fr.out); stderr: $(grep -i rotation fr.err | head -1)" \
        "$(verdict "[[ \"$(doc_pauses fr.out)\" == \"$whole\" ]] && grep -q 'across 3 rotations' fr.err && ! internal fr.err")"
    else
      res follow-rotated-file-deleted "a warning naming the GC ids not read" \
        "rc=$rc runs=$(doc_pauses fr.out); stderr: $(grep -i 'not read\|deleted' fr.err | head -1)" \
        "$(verdict "grep -q 'GC(.*) to GC(.*) .*not read' fr.err && ! internal fr.err")"
    fi
  done

  # --events on a full disk
  small_tmpfs "$QA/fd" 256k; fill "$QA/fd" 8
  timeout 60 "$J" analyze --follow g1.log --events fd/events.jsonl --for 10 > fe.out 2> fe.err; rc=$?
  res follow-events-full-disk "one line 'disk full', exit 3" "rc=$rc, $(lines fe.err) lines: $(head -1 fe.err)" \
    "$(verdict "[[ $rc == 3 && \$(lines fe.err) == 1 ]] && grep -q 'disk full' fe.err && ! internal fe.err")"
  umount "$QA/fd"

  # SIGTERM and Ctrl-C (SIGINT, not ignored as a background job's would be): three tries, the median time
  for sig in TERM INT; do
    local want=$([[ $sig == TERM ]] && echo 143 || echo 130) times="" rcs="" docs="" try dt
    for try in 1 2 3; do
      env --default-signal=INT "$J" analyze --follow g1.log --json > fs.out 2> fs.err & fp=$!
      wait_for 60 '[[ $(window_count fs.out) -ge 1 ]]'
      t0=$(now); kill -$sig $fp; wait $fp; rc=$?; t1=$(now)
      times+="$(printf '%.2f' "$(echo "$t1 - $t0" | bc)") "; rcs+="$rc "; docs+="$(doc_pauses fs.out) "
    done
    dt=$(echo $times | tr ' ' '\n' | sort -n | sed -n 2p)
    res "follow-sig$sig-exit-time" "exit $want within 1 s (median of 3), the document printed" "rc=$rcs s=$times docs=$docs load $(cut -d' ' -f1 /proc/loadavg)" \
      "$(verdict "[[ \"$rcs\" == \"$want $want $want \" && \"$docs\" == \"$whole $whole $whole \" ]] && (( \$(echo \"$dt < 1.0\" | bc) ))")"
  done
}

# ---------------------------------------------------------------------------------------------- watch
start_target() { # seconds: a JVM collecting a few times a second; sets TP
  [[ -f Churn.class ]] || javac -d . "$ROOT/bench/qa/Churn.java"
  "${TJAVA:-java}" -Xmx64m -Xmn8m -XX:+UseG1GC -cp "$QA" Churn "$1" > /dev/null 2>&1 & TP=$!
  wait_for 30 'jcmd $TP VM.uptime >/dev/null 2>&1'
}
recordings() { jcmd "$1" JFR.check 2>/dev/null | grep -c 'name=jvmtune-watch' ; }
group_watch() {
  local wp rc t0 t1 dt n
  start_target 400
  # --for
  "$J" watch $TP --json --for 12 > w.out 2> w.err; rc=$?
  n=$(recordings $TP)
  res watch-for "exit 0, no jvmtune-watch recording" "rc=$rc, recordings=$n, windows=$(lines w.out)" \
    "$(verdict "[[ $rc == 0 && $n == 0 ]] && ! internal w.err")"
  # SIGINT, SIGTERM: the recording closed, exit within 1 s (three tries, the median time)
  for sig in INT TERM; do
    local want=$([[ $sig == TERM ]] && echo 143 || echo 130) times="" rcs="" recs="" try
    for try in 1 2 3; do
      env --default-signal=INT "$J" watch $TP --json > w.out 2> w.err & wp=$!
      wait_for 90 '[[ $(lines w.out) -ge 1 ]]'
      t0=$(now); kill -$sig $wp; wait $wp; rc=$?; t1=$(now)
      times+="$(printf '%.2f' "$(echo "$t1 - $t0" | bc)") "; rcs+="$rc "; recs+="$(recordings $TP) "
    done
    dt=$(echo $times | tr ' ' '\n' | sort -n | sed -n 2p)
    res "watch-sig$sig" "exit $want within 1 s (median of 3), no recording" "rc=$rcs s=$times recordings=$recs load $(cut -d' ' -f1 /proc/loadavg)" \
      "$(verdict "[[ \"$rcs\" == \"$want $want $want \" && \"$recs\" == \"0 0 0 \" ]] && (( \$(echo \"$dt < 1.0\" | bc) )) && ! internal w.err")"
  done
  # three watches one after the other
  for i in 1 2 3; do "$J" watch $TP --json --for 8 > /dev/null 2>&1; done
  n=$(recordings $TP)
  res watch-three-watches "no recording left after 3 watches" "recordings=$n" "$(verdict "[[ $n == 0 ]]")"
  # SIGKILL of the watcher: the recording gone 10 s later (the bound)
  "$J" watch $TP --json > w.out 2> w.err & wp=$!
  wait_for 90 '[[ $(lines w.out) -ge 1 ]]'
  kill -9 $wp; wait $wp 2>/dev/null
  local before; before=$(recordings $TP)
  sleep 12; n=$(recordings $TP)
  res watch-sigkill-watcher "recording gone within the bound (10 s)" "recordings at kill=$before, 12 s later=$n; $(jcmd $TP JFR.check | grep jvmtune-watch | head -1)" \
    "$(verdict "[[ $n == 0 ]]")"
  kill $TP; wait $TP 2>/dev/null
  # the target exits
  start_target 25
  "$J" watch $TP --json > w.out 2> w.err & wp=$!
  local tp=$TP; wait $tp 2>/dev/null
  t0=$(now); timeout 30 tail --pid=$wp -f /dev/null; wait $wp; rc=$?; t1=$(now)
  res watch-target-exits "watch ends, exit 0" "rc=$rc, $(echo "$t1 - $t0" | bc)s after the target; $(grep -v '^$' w.err | tail -1)" \
    "$(verdict "[[ $rc == 0 ]] && ! internal w.err")"
}

# the same endings with a JDK 25 JVM watched (jvmtune itself on JDK 17)
group_watch25() {
  local wp rc n before
  TJAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java start_target 200
  "$J" watch $TP --json --for 10 > w.out 2> w.err; rc=$?; n=$(recordings $TP)
  res watch-jdk25-for "exit 0, no recording" "rc=$rc recordings=$n windows=$(lines w.out)" "$(verdict "[[ $rc == 0 && $n == 0 && \$(lines w.out) -ge 1 ]]")"
  "$J" watch $TP --json > w.out 2> w.err & wp=$!
  wait_for 90 '[[ $(lines w.out) -ge 1 ]]'; kill -9 $wp; wait $wp 2>/dev/null; before=$(recordings $TP)
  sleep 12; n=$(recordings $TP)
  res watch-jdk25-sigkill "recording gone within 10 s" "at kill=$before, 12 s later=$n" "$(verdict "[[ $n == 0 ]]")"
  kill $TP; wait $TP 2>/dev/null
}

# ---------------------------------------------------------------------------------------------- metrics endpoint
start_prom() { # args: the --prometheus value; sets PP (pid), PORT
  env --default-signal=INT "$J" analyze --follow g1.log --json --prometheus "$1" > pr.out 2> pr.err & PP=$!
  wait_for 60 'grep -q "serving metrics\|jvmtune:" pr.err'
  PORT=$(grep -o 'http://[^ ]*:[0-9]*/metrics' pr.err | head -1 | sed 's#.*:\([0-9]*\)/metrics#\1#')
}
group_prom() {
  local rc out
  start_prom 0
  local ls; ls=$(ss -ltnpH | grep "pid=$PP," | awk '{print $4}' | sort | tr '\n' ' ')
  res prom-bind-loopback "127.0.0.1 and ::1 only" "stderr: $(head -1 pr.err); ss: $ls" \
    "$(verdict "! echo '$ls' | grep -q '^\*:\|0.0.0.0\|\[::\]:' && echo '$ls' | grep -q '127.0.0.1' ")"
  # 12 and 50 idle half requests, then scrapes
  for n in 12 50; do
    out=$(python3 - "$PORT" "$n" <<'EOF'
import socket, sys, time, urllib.request
port, n = int(sys.argv[1]), int(sys.argv[2])
idle = []
for _ in range(n):
    s = socket.create_connection(("127.0.0.1", port)); s.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\n"); idle.append(s)
time.sleep(0.5)
ts = []
for _ in range(3):
    t = time.time()
    try:
        urllib.request.urlopen("http://127.0.0.1:%d/metrics" % port, timeout=10).read(); ts.append(time.time() - t)
    except Exception as e:
        ts.append(99.0)
ts.sort(); print("%.3f %.3f" % (ts[1], ts[2]))
EOF
)
    res "prom-$n-idle-connections" "scrape answered within 1 s" "median,max scrape s: $out" \
      "$(verdict "(( \$(echo \"${out%% *} < 1.0\" | bc) ))")"
  done
  # paths and methods
  local c1 c2 c3 c4
  c1=$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:$PORT/metrics)
  c2=$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:$PORT/anything)
  c3=$(curl -s -o /dev/null -w '%{http_code}' -X DELETE http://127.0.0.1:$PORT/metrics)
  c4=$(curl -s -o /dev/null -w '%{http_code}' -X POST http://127.0.0.1:$PORT/foo)
  res prom-paths-methods "/metrics 200, other path 404, other method 405" "/metrics=$c1 /anything=$c2 DELETE=$c3 POST /foo=$c4" \
    "$(verdict "[[ $c1 == 200 && $c2 == 404 && $c3 == 405 && $c4 =~ 40[45] ]]")"
  # a scraper that disconnects: at most one line
  local before; before=$(wc -l < pr.err)
  python3 - "$PORT" <<'EOF'
import socket, sys, struct
for _ in range(5):
    s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
    s.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack('ii', 1, 0)); s.close()
EOF
  sleep 2
  local added=$(( $(wc -l < pr.err) - before ))
  res prom-broken-pipe "at most one line on stderr" "$added lines: $(tail -n +$((before+1)) pr.err | head -2)" \
    "$(verdict "(( $added <= 1 )) && ! tail -n +$((before+1)) pr.err | grep -q 'SEVERE\|Exception'")"
  # a port in use
  "$J" analyze --follow g1.log --for 5 --prometheus $PORT > pu.out 2> pu.err; rc=$?
  res prom-port-in-use "one line, exit 3" "rc=$rc, $(lines pu.err) lines: $(head -1 pu.err)" \
    "$(verdict "[[ $rc == 3 && \$(lines pu.err) == 1 ]] && ! internal pu.err")"
  kill $PP; wait $PP
  # a host chosen
  start_prom 0.0.0.0:0
  ls=$(ss -ltnpH | grep "pid=$PP," | awk '{print $4}' | tr '\n' ' ')
  res prom-host-option "--prometheus 0.0.0.0:0 serves every interface" "$(head -1 pr.err); ss: $ls" \
    "$(verdict "echo '$ls' | grep -q '\*:\|0.0.0.0\|\[::\]:'")"
  kill $PP; wait $PP
}

# ---------------------------------------------------------------------------------------------- watch --jmx
group_jmx() {
  local rc
  "$J" watch --help > wh.txt 2>&1
  res jmx-help-secure-first "no authenticate=false / ssl=false advice; password file and TLS shown" \
    "authenticate=false:$(grep -c 'authenticate=false' wh.txt) ssl=false:$(grep -c 'ssl=false' wh.txt) password.file:$(grep -c password.file wh.txt) --jmx-login:$(grep -c jmx-login wh.txt)" \
    "$(verdict "! grep -q 'authenticate=false\|ssl=false' wh.txt && grep -q password.file wh.txt && grep -q jmx-login wh.txt")"
  # a real JMX agent with a password (no TLS): a right login watches, a wrong one is one line and exit 3
  rm -rf jmx; mkdir jmx; echo 'jvmtune s3cret' > jmx/pw; echo 'jvmtune readwrite' > jmx/acc; chmod 600 jmx/pw jmx/acc
  local port=$(( 20000 + RANDOM % 20000 ))
  [[ -f Churn.class ]] || javac -d . "$ROOT/bench/qa/Churn.java"
  java -Xmx64m -XX:+UseG1GC -Dcom.sun.management.jmxremote.port=$port -Dcom.sun.management.jmxremote.rmi.port=$port \
    -Dcom.sun.management.jmxremote.password.file=$QA/jmx/pw -Dcom.sun.management.jmxremote.access.file=$QA/jmx/acc \
    -Dcom.sun.management.jmxremote.ssl=false -Dcom.sun.management.jmxremote.host=127.0.0.1 -cp "$QA" Churn 200 > /dev/null 2>&1 & local tp=$!
  wait_for 40 "ss -ltnH | grep -q ':$port '"
  echo 'jvmtune s3cret' > jmx/login; chmod 600 jmx/login
  echo 'jvmtune wrong' > jmx/bad; chmod 600 jmx/bad
  echo 'jvmtune s3cret' > jmx/open; chmod 644 jmx/open
  timeout 120 "$J" watch --jmx 127.0.0.1:$port --jmx-login jmx/login --json --for 12 > j1.out 2> j1.err; rc=$?
  local n; n=$(recordings $tp)
  res jmx-login-file "watches with --jmx-login, no recording left" "rc=$rc windows=$(lines j1.out) recordings=$n $(head -1 j1.err)" \
    "$(verdict "[[ $rc == 0 && \$(lines j1.out) -ge 1 && $n == 0 ]]")"
  JVMTUNE_JMX_USER=jvmtune JVMTUNE_JMX_PASSWORD=s3cret timeout 120 "$J" watch --jmx 127.0.0.1:$port --json --for 10 > j2.out 2> j2.err; rc=$?
  res jmx-login-env "watches with JVMTUNE_JMX_USER/PASSWORD" "rc=$rc windows=$(lines j2.out) $(head -1 j2.err)" \
    "$(verdict "[[ $rc == 0 && \$(lines j2.out) -ge 1 ]]")"
  timeout 120 "$J" watch --jmx 127.0.0.1:$port --jmx-login jmx/bad --for 10 > j3.out 2> j3.err; rc=$?
  res jmx-wrong-password "one line, exit 3" "rc=$rc, $(lines j3.err) lines: $(head -1 j3.err)" \
    "$(verdict "[[ $rc == 3 && \$(lines j3.err) == 1 ]] && ! internal j3.err")"
  timeout 120 "$J" watch --jmx 127.0.0.1:$port --jmx-login jmx/open --for 10 > j4.out 2> j4.err; rc=$?
  res jmx-login-file-readable "a login file others may read refused" "rc=$rc: $(head -1 j4.err)" \
    "$(verdict "[[ $rc != 0 && \$(lines j4.err) == 1 ]] && ! internal j4.err")"
  kill $tp; wait $tp 2>/dev/null
}

# ---------------------------------------------------------------------------------------------- fleet
fleet() { timeout "${FLEET_TIMEOUT:-300}" "$J" fleet "$@"; }
tree_sum() { (cd "$1" && find . -printf '%p %s %y\n' | sort | md5sum | cut -c1-12); }
group_fleet() {
  local rc s0 s1
  # --out equal to the input
  rm -rf in2; mkdir -p in2/runs in2/svcA/h1; cp g1.log in2/runs/gc.log; cp g1.log in2/svcA/h1/gc.log
  s0=$(tree_sum in2); fleet in2 --out in2 > fo.out 2> fo.err; rc=$?; s1=$(tree_sum in2)
  res fleet-out-is-input "refused, exit 2, input untouched" "rc=$rc, in2 $( [[ $s0 == $s1 ]] && echo unchanged || echo CHANGED), $(lines fo.err) lines: $(head -1 fo.err)" \
    "$(verdict "[[ $rc == 2 && $s0 == $s1 && -f in2/runs/gc.log ]] && ! internal fo.err")"
  # --out holding the input
  rm -rf hold; mkdir -p hold/in/svcA/h1; cp g1.log hold/in/svcA/h1/gc.log; s0=$(tree_sum hold)
  fleet hold/in --out hold > fo.out 2> fo.err; rc=$?; s1=$(tree_sum hold)
  res fleet-out-holds-input "refused, exit 2, input untouched" "rc=$rc, $( [[ $s0 == $s1 ]] && echo unchanged || echo CHANGED), $(head -1 fo.err)" \
    "$(verdict "[[ $rc == 2 && $s0 == $s1 ]] && ! internal fo.err")"
  # --out below the input
  s0=$(tree_sum in2); fleet in2 --out in2/svcA/out > fo.out 2> fo.err; rc=$?; s1=$(tree_sum in2)
  res fleet-out-below-input "refused, exit 2" "rc=$rc, $( [[ $s0 == $s1 ]] && echo unchanged || echo CHANGED), $(head -1 fo.err)" \
    "$(verdict "[[ $rc == 2 && $s0 == $s1 ]] && ! internal fo.err")"
  # --out through a symbolic link to the input
  ln -sfn in2 in2link; fleet in2 --out in2link > fo.out 2> fo.err; rc=$?; s1=$(tree_sum in2)
  res fleet-out-link-to-input "refused, exit 2" "rc=$rc, $(head -1 fo.err)" "$(verdict "[[ $rc == 2 && $s0 == $s1 ]]")"
  # --out a regular file
  echo x > afile; fleet in2 --out afile > fo.out 2> fo.err; rc=$?
  res fleet-out-is-file "one line, exit 3" "rc=$rc, $(lines fo.err) lines: $(head -1 fo.err)" \
    "$(verdict "[[ $rc == 3 && \$(lines fo.err) == 1 && \$(cat afile) == x ]] && ! internal fo.err")"
  # --out holding foreign files
  rm -rf foreign; mkdir -p foreign/runs; echo keep > foreign/runs/gc.log
  fleet in2 --out foreign > fo.out 2> fo.err; rc=$?
  res fleet-out-foreign-files "refused, exit 3, nothing deleted" "rc=$rc, $(head -1 fo.err)" \
    "$(verdict "[[ $rc == 3 && -f foreign/runs/gc.log ]] && ! internal fo.err")"
  # an input that does not exist
  fleet /tmp/qa/does-not-exist --out nx-out > fo.out 2> fo.err; rc=$?
  res fleet-missing-input "one line, exit 3, nothing written" "rc=$rc, $(lines fo.err) lines: $(head -1 fo.err); out $( [[ -e nx-out ]] && echo exists || echo absent)" \
    "$(verdict "[[ $rc == 3 && \$(lines fo.err) == 1 && ! -e nx-out ]] && ! internal fo.err")"
  # an empty input directory
  rm -rf empty; mkdir empty; fleet empty --out em-out > fo.out 2> fo.err; rc=$?
  res fleet-empty-input "one line, exit 3" "rc=$rc, $(head -1 fo.err)" "$(verdict "[[ $rc == 3 && \$(lines fo.err) == 1 ]] && ! internal fo.err")"
  # no log holds a pause (Spark)
  rm -rf np np-out; mkdir -p np/svcA/h1; head -60 g1.log > np/svcA/h1/gc.log
  fleet np --out np-out > fo.out 2> fo.err; rc=$?
  res fleet-no-pause "exit 0, whole tables, no internal error" "rc=$rc, $(errlines fo.err) lines besides progress; tables: $(ls np-out 2>/dev/null | tr '\n' ' ')" \
    "$(verdict "[[ $rc == 0 && -f np-out/events/_SUCCESS && -f np-out/runs/_SUCCESS && -f np-out/report.html ]] && ! internal fo.err")"
  # links out of the tree, a FIFO, a device (Spark)
  rm -rf lk lk-out; mkdir -p lk/svcA/h1 lk/svcB/h1; cp g1.log lk/svcA/h1/gc.log; cp g1.log lk/svcB/h1/gc.log
  ln -s /etc/passwd lk/svcA/passwd.log; ln -s /etc lk/svcB/etc; mkfifo lk/svcA/h1/pipe.log; mknod lk/svcB/null.log c 1 3
  fleet lk --out lk-out > fo.out 2> fo.err; rc=$?
  local leaked; leaked=$(grep -rl 'root:x:0' lk-out 2>/dev/null | head -1)
  res fleet-links-fifo-device "no hang, no /etc/passwd content, error rows, exit 0" \
    "rc=$rc ($([[ $rc == 124 ]] && echo HUNG)), passwd content in: ${leaked:-nothing}; report: link=$(grep -c 'symbolic link' lk-out/report.html 2>/dev/null) fifo=$(grep -c 'not a regular file' lk-out/report.html 2>/dev/null)" \
    "$(verdict "[[ $rc == 0 && -z '$leaked' ]] && grep -q 'symbolic link' lk-out/report.html && grep -q 'not a regular file' lk-out/report.html && ! internal fo.err")"
}

# a full disk over a previous output (Spark, twice)
group_fleetdisk() {
  local rc
  small_tmpfs "$QA/fd" 16m
  fleet in2/svcA --out fd/out > fo.out 2> fo.err; rc=$?
  local prev; prev=$(tree_sum fd/out)
  fill "$QA/fd" 200
  fleet lk --out fd/out > ff.out 2> ff.err; local rc2=$?
  rm -f fd/filler
  res fleet-full-disk "exit 3, one line, previous output as it was, nothing beside" \
    "first rc=$rc; rc=$rc2, $(errlines ff.err) lines besides progress: $(grep -v '^jvmtune fleet: [law]' ff.err | tr '\n' ' ' | cut -c1-200); out $( [[ $(tree_sum fd/out) == $prev ]] && echo unchanged || echo CHANGED); beside: $(ls -A fd | tr '\n' ' ')" \
    "$(verdict "[[ $rc == 0 && $rc2 == 3 && \$(errlines ff.err) == 1 && \$(tree_sum fd/out) == $prev && \$(ls -A fd) == out ]] && ! internal ff.err")"
  umount "$QA/fd"
}

# a tree of files none of which is a GC log: exit 4, the tables and the errors written (Spark)
group_fleetnolog() {
  local rc; rm -rf nl nl-out; mkdir -p nl/svcA/h1; echo 'hello' > nl/svcA/h1/gc.log; cp /etc/hostname nl/svcA/h1/notes.txt
  fleet nl --out nl-out > fo.out 2> fo.err; rc=$?
  res fleet-no-gc-log "exit 4, one line, tables and errors written" "rc=$rc, $(errlines fo.err) lines besides progress: $(grep -v '^jvmtune fleet: [law]' fo.err | head -1); $(ls nl-out 2>/dev/null | tr '\n' ' ')" \
    "$(verdict "[[ $rc == 4 && \$(errlines fo.err) == 1 && -f nl-out/errors/_SUCCESS && -f nl-out/report.html ]] && ! internal fo.err")"
}

# A kill -9 at random points of a job over a previous output: --out is then the previous job's, whole, or the
# new one's, whole (every table with _SUCCESS, views.sql, a complete report), never files of both.
group_fleetkill() {
  rm -rf kA kB kout; mkdir -p kA/svcA/h1 kB/svcA/h1 kB/svcB/h1
  cp g1.log kA/svcA/h1/gc.log; cp g1.log kB/svcA/h1/gc.log; head -3000 g1.log > kB/svcB/h1/gc.log
  local t0=$SECONDS; fleet kB --out kout > fk.out 2> fk.err; local d=$(( SECONDS - t0 ))   # a job's length here
  fleet kA --out kout > fk.out 2> fk.err
  local prevlist; prevlist=$(cd kout && find . -type f | sort)
  local i bad=0 notes="job ${d}s; kill at "
  for i in $(seq 1 "$KILLS"); do
    local delay=$(( d * 4 / 10 + RANDOM % (d * 7 / 10 + 1) ))   # 40-110% of a job: listing, writing, publishing
    "$J" fleet kB --out kout > /dev/null 2>&1 & local fp=$!
    sleep $delay; kill -9 $fp 2>/dev/null; wait $fp 2>/dev/null
    local state
    if [[ ! -e kout ]]; then state=absent
    else
      local cur; cur=$(cd kout && find . -type f | sort)
      local old new; old=$(comm -12 <(echo "$prevlist") <(echo "$cur") | grep -vc '^$\|crc$\|_SUCCESS$\|views.sql$\|report.html$')
      new=$(comm -13 <(echo "$prevlist") <(echo "$cur") | grep -c 'part-')
      local whole=1; for t in runs events findings errors; do [[ -f kout/$t/_SUCCESS ]] || whole=0; done
      [[ -f kout/views.sql ]] && tail -c 20 kout/report.html 2>/dev/null | grep -q '</html>' || whole=0
      if [[ "$cur" == "$prevlist" ]]; then state=previous
      elif (( old == 0 && whole == 1 )); then state=new
      else state="MIXED/PARTIAL(old=$old new=$new whole=$whole)"; bad=1; fi
    fi
    notes+="${delay}s:$state "
    # the next job continues over what was left, as a user would
    prevlist=$([[ -e kout ]] && cd kout && find . -type f | sort)
  done
  fleet kA --out kout > fk.out 2> fk.err; local rc=$?
  local beside; beside=$(ls -A | grep '^\.kout' | tr '\n' ' ')
  res fleet-kill9-points "each point: previous or new output whole; final job cleans up" "$notes; final rc=$rc, beside: ${beside:-nothing}" \
    "$(verdict "[[ $bad == 0 && $rc == 0 && -z '$beside' ]]")"
}

# ---------------------------------------------------------------------------------------------- experiment files
group_lab() {
  rm -rf lab; mkdir lab; local rc
  spec() { # name body
    printf 'name: %s\ncommand: [sh, -c, "echo ran >> %s/lab/ran.txt"]\n%s\n' "$1" "$QA" "$2" > lab/$1.yaml
  }
  one() { # case specfile expected-rc
    rm -f lab/ran.txt
    timeout 120 "$J" experiment "$2" --db lab/$1.db > lab/o.out 2> lab/o.err; rc=$?
    res "$1" "one line FILE:LINE:COL, exit $3, no trial$( [[ $3 == 2 ]] && echo ', no db')" \
      "rc=$rc, $(lines lab/o.err) lines: $(head -1 lab/o.err); trials run: $(lines lab/ran.txt)" \
      "$(verdict "[[ $rc == $3 && ! -f lab/ran.txt ]] && [[ \$(grep -v '^using\|results database' lab/o.err | grep -c .) == 1 ]] && ! internal lab/o.err $( [[ $3 == 2 ]] && echo "&& [[ ! -f lab/$1.db ]] && grep -q ':[0-9]*:[0-9]*:' lab/o.err")")"
  }
  spec lab-repeats-2.5 'repeats: 2.5';                    one lab-repeats-2.5 lab/lab-repeats-2.5.yaml 2
  spec lab-seed-abc 'seed: abc';                          one lab-seed-abc lab/lab-seed-abc.yaml 2
  spec lab-duplicate-key $'repeats: 1\nrepeats: 2';      one lab-duplicate-key lab/lab-duplicate-key.yaml 2
  printf 'name: lab-command-string\ncommand: echo ran >> %s/lab/ran.txt\n' "$QA" > lab/lab-command-string.yaml
  one lab-command-string lab/lab-command-string.yaml 2
  printf 'name: lab-placeholder\ncommand: [sh, -c, "echo {dayz} >> %s/lab/ran.txt"]\n' "$QA" > lab/lab-placeholder.yaml
  one lab-placeholder lab/lab-placeholder.yaml 2
  # a store whose trials table has another shape, and one of a later schema version
  spec lab-ok ''
  sqlite3 lab/lab-trials-shape.db 'CREATE TABLE trials (id INTEGER PRIMARY KEY, foo TEXT NOT NULL);'
  local s0; s0=$(sqlite3 lab/lab-trials-shape.db .schema | md5sum)
  cp lab/lab-trials-shape.db lab/shape.copy
  rm -f lab/ran.txt; timeout 120 "$J" experiment lab/lab-ok.yaml --db lab/lab-trials-shape.db > lab/o.out 2> lab/o.err; rc=$?
  res lab-trials-shape "refused before any trial, exit 3, store as found" "rc=$rc: $(grep -v '^$' lab/o.err | tail -1); trials run: $(lines lab/ran.txt); store $(cmp -s lab/lab-trials-shape.db lab/shape.copy && echo unchanged || echo CHANGED)" \
    "$(verdict "[[ $rc == 3 && ! -f lab/ran.txt ]] && cmp -s lab/lab-trials-shape.db lab/shape.copy && ! internal lab/o.err")"
  rm -f lab/ran.txt; timeout 120 "$J" experiment lab/lab-ok.yaml --db lab/newer.db > lab/o.out 2> lab/o.err; rc=$?
  local ok_rc=$rc ok_trials; ok_trials=$(lines lab/ran.txt)
  sqlite3 lab/newer.db 'UPDATE schema_version SET version = 99;' ; cp lab/newer.db lab/newer.copy
  rm -f lab/ran.txt; timeout 120 "$J" experiment lab/lab-ok.yaml --db lab/newer.db > lab/o.out 2> lab/o.err; rc=$?
  res lab-newer-schema "refused before any trial, exit 3" "valid spec first: rc=$ok_rc trials=$ok_trials; newer: rc=$rc: $(grep -v '^$' lab/o.err | tail -1); trials run: $(lines lab/ran.txt)" \
    "$(verdict "[[ $ok_rc == 0 && $ok_trials == 1 && $rc == 3 && ! -f lab/ran.txt ]] && cmp -s lab/newer.db lab/newer.copy && ! internal lab/o.err")"
}

# ---------------------------------------------------------------------------------------------- acceptance 5
group_docs() {
  local missing="" t
  for t in FleetKillMatrixTest FleetFaultsTest FollowFaultsTest FollowRotationTest FollowedLogTest WatchEndingsTest \
           WatchJmxLoginTest PrometheusEndpointTest PrometheusScrapeTest SpecFaultsTest; do
    grep -q "$t" "$ROOT"/docs/{live,fleet,lab}.md || missing+="$t(not in docs) "
    [[ -n $(find "$ROOT" -name "$t.java" -path '*src/test*') ]] || missing+="$t(no source) "
  done
  # test methods the docs name by #method
  local m
  for m in $(grep -oh '[A-Z][A-Za-z]*Test[#.][a-z][A-Za-z]*' "$ROOT"/docs/{live,fleet,lab}.md | sort -u); do
    local cls=${m%%[#.]*} meth=${m#*[#.]}
    local f; f=$(find "$ROOT" -name "$cls.java" -path '*src/test*' | head -1)
    [[ -n $f ]] && ! grep -q "void $meth" "$f" && missing+="$m "
  done
  res docs-name-real-tests "every test named in live/fleet/lab.md exists, with the methods named" "${missing:-all found}" \
    "$(verdict "[[ -z '$missing' ]]")"
  local f="$ROOT/jvmtune-spark/src/test/java/dev/jvmtune/spark/FleetKillMatrixTest.java" kp kk
  kp=$(grep -o '"fleet.kill.points", *[0-9]*' "$f" | grep -o '[0-9]*$'); kk=$(grep -o '"fleet.kill.kills", *[0-9]*' "$f" | grep -o '[0-9]*$')
  res fleet-kill-matrix-points ">= 20 kill -9 points in a test" "${kp:-?} points, ${kk:-?} of them a real kill -9 (the others SIGSTOP snapshots)" \
    "$(verdict "(( ${kp:-0} >= 20 && ${kk:-0} >= 20 ))")"
}

main() {
  local groups=("$@"); (( ${#groups[@]} )) || groups=(out follow watch watch25 prom jmx fleet fleetdisk fleetnolog fleetkill lab docs)
  echo "# $(date -u +%FT%TZ) $(git -C "$ROOT" rev-parse --short HEAD) load $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$RESULTS"
  for g in "${groups[@]}"; do "group_$g"; done
}
main "$@"; exit   # on one line: bash reads no further, so the file may be edited while it runs
