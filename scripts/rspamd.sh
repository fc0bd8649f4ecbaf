#!/usr/bin/env bash
# Starts or stops a local Rspamd (Debian's package) with the repository's configuration
# (infra/rspamd), for the tests, CI and development:
#
#   scripts/rspamd.sh start    # normal worker on $RSPAMD_BIND:11333, controller on :11334
#   scripts/rspamd.sh stop
#   scripts/rspamd.sh status   # exit 0 when the normal worker answers /ping
#
# Its Bayes statistics go to Redis database $RSPAMD_REDIS_DB (15 by default) of $RSPAMD_REDIS,
# a database the application never uses. The controller's password is RSPAMD_PASSWORD, by default
# the test-only one in infra/rspamd/test-password (never use it in production).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
run="${RSPAMD_RUN_DIR:-${TMPDIR:-/tmp}/alias-rspamd}"
bind="${RSPAMD_BIND:-127.0.0.1}"
redis="${RSPAMD_REDIS:-127.0.0.1:6379}"
redis_db="${RSPAMD_REDIS_DB:-15}"
password="${RSPAMD_PASSWORD:-$(cat "$root/infra/rspamd/test-password")}"

ping() { curl -sf --max-time 2 "http://${bind}:11333/ping" >/dev/null 2>&1; }

start() {
  if ping; then echo "rspamd already answers on ${bind}:11333"; return 0; fi
  mkdir -p "$run"
  local as=()
  if [ "$(id -u)" = 0 ]; then
    chown _rspamd:_rspamd "$run"
    as=(-u _rspamd -g _rspamd)
  fi
  rspamd -c /etc/rspamd/rspamd.conf "${as[@]}" -p "$run/rspamd.pid" \
    --var="LOCAL_CONFDIR=$root/infra/rspamd" --var="DBDIR=$run" --var="RUNDIR=$run" --var="LOGDIR=$run" \
    --var="RSPAMD_BIND=$bind" --var="RSPAMD_REDIS=$redis" --var="RSPAMD_REDIS_DB=$redis_db" \
    --var="RSPAMD_PASSWORD=$password" >"$run/start.log" 2>&1
  for _ in $(seq 60); do
    if ping; then echo "rspamd answers on ${bind}:11333"; return 0; fi
    sleep 0.5
  done
  cat "$run/start.log" >&2
  echo "rspamd did not come up" >&2
  return 1
}

stop() {
  [ -f "$run/rspamd.pid" ] || return 0
  local pid
  pid="$(cat "$run/rspamd.pid")"
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 40); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.25
  done
  rm -f "$run/rspamd.pid"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) ping ;;
  *)
    echo "usage: $0 start|stop|status" >&2
    exit 2
    ;;
esac
