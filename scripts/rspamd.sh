#!/usr/bin/env bash
# Starts or stops a local Rspamd (Debian's package) with the repository's configuration
# (infra/rspamd), for the tests, CI and development:
#
#   scripts/rspamd.sh start    # normal worker on $RSPAMD_BIND:$RSPAMD_PORT (11333), controller on
#                              # $RSPAMD_CONTROLLER_PORT (11334); another RSPAMD_RUN_DIR and ports
#                              # make a second instance (a test stops one mid-run)
#   scripts/rspamd.sh stop
#   scripts/rspamd.sh status   # exit 0 when the normal worker answers /ping
#
# Its Bayes statistics go to Redis database 15 of $RSPAMD_REDIS (infra/rspamd/local.d/redis.conf),
# a database the application and its tests never use. The controller's password is RSPAMD_PASSWORD, by default
# the test-only one in infra/rspamd/test-password (never use it in production).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
run="${RSPAMD_RUN_DIR:-${TMPDIR:-/tmp}/alias-rspamd}"
bind="${RSPAMD_BIND:-127.0.0.1}"
port="${RSPAMD_PORT:-11333}"
controller_port="${RSPAMD_CONTROLLER_PORT:-11334}"
hs_cache="${RSPAMD_HS_CACHE:-${TMPDIR:-/tmp}/alias-rspamd-hs}"
redis="${RSPAMD_REDIS:-127.0.0.1:6379}"
password="${RSPAMD_PASSWORD:-$(cat "$root/infra/rspamd/test-password")}"

ping() { curl -sf --max-time 2 "http://${bind}:${port}/ping" >/dev/null 2>&1; }

start() {
  if ping; then echo "rspamd already answers on ${bind}:${port}"; return 0; fi
  mkdir -p "$run" "$hs_cache"
  local as=()
  if [ "$(id -u)" = 0 ]; then
    chown _rspamd:_rspamd "$run" "$hs_cache"
    as=(-u _rspamd -g _rspamd)
  fi
  rspamd -c "$root/infra/rspamd/rspamd.conf" "${as[@]}" -p "$run/rspamd.pid" \
    --var="LOCAL_CONFDIR=$root/infra/rspamd" --var="DBDIR=$run" --var="RUNDIR=$run" --var="LOGDIR=$run" \
    --var="RSPAMD_BIND=$bind" --var="RSPAMD_PORT=$port" --var="RSPAMD_CONTROLLER_PORT=$controller_port" \
    --var="RSPAMD_HS_CACHE=$hs_cache" --var="RSPAMD_REDIS=$redis" \
    --var="RSPAMD_PASSWORD=$password" >"$run/start.log" 2>&1
  for _ in $(seq 60); do
    if ping; then echo "rspamd answers on ${bind}:${port}"; return 0; fi
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
