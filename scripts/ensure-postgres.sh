#!/bin/sh
# A throwaway PostgreSQL for tests and benches: Debian's server binaries, a cluster of its own under a
# folder in /tmp, listening on 127.0.0.1 only, on a free port, with fsync off (its data is never kept).
#
#   sh scripts/ensure-postgres.sh install        # Debian's postgresql, if missing (as root, like ensure-chromium.sh)
#   sh scripts/ensure-postgres.sh start [DIR] [OWNER_PID]
#                                                # prints DATABASE_URL=postgres://…  (idempotent: a running cluster in DIR is reused)
#   sh scripts/ensure-postgres.sh halt [DIR]     # stops it, keeping its data (`start` brings it back on the same port)
#   sh scripts/ensure-postgres.sh stop [DIR]     # stops it and removes DIR
#
# DIR defaults to /tmp/fray-pg. `eval "$(sh scripts/ensure-postgres.sh start)"` exports DATABASE_URL.
# With OWNER_PID (or FRAY_PG_OWNER_PID) a watchdog, in a session of its own, polls that process once a
# second and stops the cluster and removes DIR once it has gone: a test run killed before its teardown
# leaves no cluster behind.
# The first start makes a template cluster (initdb, ~1.5 s) under /tmp/fray-pg-template-<version>; later
# starts copy it, so a start costs well under a second.
set -eu

cmd="${1:-start}"
DIR="${2:-/tmp/fray-pg}"
OWNER="${3:-${FRAY_PG_OWNER_PID:-}}"
SCRIPT="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"

pg_bindir() {
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then echo "$d"; return 0; fi
  done
  return 1
}

install_pg() {
  if pg_bindir >/dev/null; then return 0; fi
  if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure-postgres: no PostgreSQL server found under /usr/lib/postgresql; install Debian's postgresql package (apt-get install postgresql), or set FRAY_TEST_DATABASE_URL to a database the tests may use" >&2
    exit 1
  fi
  echo "ensure-postgres: installing Debian's postgresql (once)" >&2
  export DEBIAN_FRONTEND=noninteractive
  # policy-rc.d keeps the package's own cluster from being started (in containers there is no init anyway).
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  pg_bindir >/dev/null
}

# Commands run as the cluster's owner: initdb and postgres refuse to run as root.
as_owner() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
owner_dir() { # mkdir owned by the cluster's owner
  mkdir -p "$1"
  if [ "$(id -u)" = "0" ]; then chown postgres:postgres "$1"; fi
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"
}

# A process's start time (clock ticks after boot, /proc/PID/stat field 22): a pid the kernel hands out
# again later has another, so the watchdog is not fooled by reuse. Empty when the process is gone or
# a zombie (dead, not yet reaped).
start_time() {
  st="$(sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null)" || return 0
  case "$st" in Z*|X*|'') return 0 ;; esac
  echo "$st" | cut -d' ' -f20
}

start_watchdog() {
  [ -n "$OWNER" ] || return 0
  if [ -f "$DIR/watchdog.pid" ] && [ -n "$(start_time "$(cat "$DIR/watchdog.pid")")" ]; then return 0; fi
  SINCE="$(start_time "$OWNER")"
  if [ -z "$SINCE" ]; then echo "ensure-postgres: owner process $OWNER is not running" >&2; return 0; fi
  # setsid: a signal to the test run's process group must not take the watchdog with it. No inherited
  # descriptors: the locks (8, 9) and the caller's stdout (which it reads to the end) stay free.
  setsid sh "$SCRIPT" watch "$DIR" "$OWNER" "$SINCE" </dev/null >/dev/null 2>&1 8>&- 9>&- &
  echo $! > "$DIR/watchdog.pid"
  printf '%s %s\n' "$OWNER" "$SINCE" > "$DIR/owner"
}

watch_pg() {
  SINCE="$4"
  while [ -d "$DIR" ] && [ "$(start_time "$OWNER")" = "$SINCE" ]; do sleep 1; done
  # DIR gone: the owner stopped the cluster itself.
  if [ -d "$DIR" ]; then stop_pg; fi
}

print_url() {
  echo "DATABASE_URL=postgres://postgres:$(cat "$DIR/password")@127.0.0.1:$(cat "$DIR/port")/postgres"
}

start_pg() {
  install_pg
  BIN="$(pg_bindir)"
  VER="$(basename "$(dirname "$BIN")")"
  owner_dir "$DIR"
  # One starter at a time per folder (test workers may ask together).
  exec 9>"$DIR.lock"
  flock 9
  if [ -f "$DIR/port" ] && as_owner "$BIN/pg_ctl" -D "$DIR/data" status >/dev/null 2>&1; then
    start_watchdog
    print_url
    return 0
  fi
  TEMPLATE="/tmp/fray-pg-template-$VER-$(id -u)"
  # Two runs may make the template at once: one does, the other waits for it.
  exec 8>"$TEMPLATE.lock"
  flock 8
  if [ ! -f "$TEMPLATE/ready" ]; then
    rm -rf "$TEMPLATE"
    owner_dir "$TEMPLATE"
    PW="$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
    printf '%s\n' "$PW" > "$TEMPLATE/pwfile"
    if [ "$(id -u)" = "0" ]; then chown postgres "$TEMPLATE/pwfile"; fi
    chmod 600 "$TEMPLATE/pwfile"
    as_owner "$BIN/initdb" -D "$TEMPLATE/data" -U postgres --pwfile="$TEMPLATE/pwfile" \
      --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 --no-sync >/dev/null
    printf '%s' "$PW" > "$TEMPLATE/password"
    rm -f "$TEMPLATE/pwfile"
    touch "$TEMPLATE/ready"
  fi
  flock -u 8
  if [ -f "$DIR/port" ] && [ -f "$DIR/data/PG_VERSION" ]; then
    # A halted cluster: the same data on the same port, so its URL still holds.
    PORT="$(cat "$DIR/port")"
    as_owner "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 30 \
      -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR/sock -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
      start >/dev/null 8>&- 9>&-
    start_watchdog
    print_url
    return 0
  fi
  rm -rf "$DIR/data"
  as_owner cp -a "$TEMPLATE/data" "$DIR/data"
  rm -f "$DIR/data/postmaster.pid"
  cp "$TEMPLATE/password" "$DIR/password"
  owner_dir "$DIR/sock"
  tries=0
  while :; do
    PORT="$(free_port)"
    # fsync and friends off: a crash loses this cluster's data, which nobody keeps anyway.
    if as_owner "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 30 \
      -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR/sock -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
      start >/dev/null 8>&- 9>&-; then
      break
    fi
    tries=$((tries + 1))
    if [ "$tries" -ge 3 ]; then
      echo "ensure-postgres: the cluster in $DIR did not start; its log:" >&2
      tail -20 "$DIR/server.log" >&2 || true
      exit 1
    fi
  done
  printf '%s' "$PORT" > "$DIR/port"
  start_watchdog
  print_url
}

halt_pg() {
  BIN="$(pg_bindir)"
  as_owner "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null
}

stop_pg() {
  BIN="$(pg_bindir)" || return 0
  if [ -d "$DIR/data" ]; then as_owner "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null 2>&1 || true; fi
  rm -rf "$DIR" "$DIR.lock"
}

case "$cmd" in
  install) install_pg ;;
  start) start_pg ;;
  halt) halt_pg ;;
  stop) stop_pg ;;
  watch) watch_pg "$@" ;;
  *) echo "usage: ensure-postgres.sh install | start [DIR] [OWNER_PID] | halt [DIR] | stop [DIR]" >&2; exit 2 ;;
esac
