#!/usr/bin/env bash
# The lab's servers for the tests and the benchmark: PostgreSQL 15 and Prometheus from
# Debian's packages, on loopback, with their data under .build/lab/, as an unprivileged
# user (PostgreSQL refuses to run as root: when this runs as root, the servers run as
# `nobody`).
#
#   lab-servers.sh start            fresh data directories, both servers, .build/lab/env
#   lab-servers.sh stop             both servers (their data stays until the next start)
#   lab-servers.sh stop-postgres    PostgreSQL alone (the outage test), fast shutdown
#   lab-servers.sh start-postgres   PostgreSQL again, on the same port and data
#
# The packages (postgresql-15, postgresql-client-15, prometheus) are the Makefile's
# LAB_PACKAGES: `make test-lab` and `make bench` install them when missing.
#
# `start` writes .build/lab/env (sourced by make): ACTIONSIM_LAB_POSTGRES (a postgres://
# URL), ACTIONSIM_LAB_PROMETHEUS (http://127.0.0.1:PORT), ACTIONSIM_LAB_TARGETS (the file
# Prometheus reads its scrape targets from; a test writes the runs' --metrics addresses
# there) and ACTIONSIM_LAB_SERVERS (this script).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
lab=${ACTIONSIM_LAB_DIR:-$root/.build/lab}
pgbin=/usr/lib/postgresql/15/bin

# setpriv execs the command itself (no parent left between), so $! is the server's pid.
as_server_user() {
    if [ "$(id -u)" -eq 0 ]; then setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$@"; else "$@"; fi
}

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

need() {
    local missing=""
    [ -x "$pgbin/postgres" ] || missing="$missing postgresql-15"
    command -v psql >/dev/null || missing="$missing postgresql-client-15"
    command -v prometheus >/dev/null || missing="$missing prometheus"
    if [ -n "$missing" ]; then
        echo "lab-servers.sh: missing Debian packages:$missing; make lab-deps installs them" >&2
        exit 1
    fi
}

# Descriptors beyond standard input, output and error are closed before a server starts:
# a server keeps what it inherits for as long as it runs, and a caller that waits for the
# end of this script through a descriptor of its own (Foundation's Process, in the tests)
# would wait for the server's end instead.
close_inherited() {
    local fd
    for fd in /proc/$BASHPID/fd/*; do
        fd=${fd##*/}
        if [ "$fd" -gt 2 ] && [ "$fd" -ne 255 ]; then eval "exec $fd>&-" 2>/dev/null || true; fi
    done
}

start_postgres() {
    # shellcheck disable=SC1091
    source "$lab/env"
    ( close_inherited; as_server_user "$pgbin/pg_ctl" -D "$lab/pg" -l "$lab/pg.log" -w -t 60 start >/dev/null )
}

stop_postgres() {
    [ -f "$lab/pg/postmaster.pid" ] || return 0
    as_server_user "$pgbin/pg_ctl" -D "$lab/pg" -m fast -w -t 60 stop >/dev/null
}

start() {
    need
    stop 2>/dev/null || true
    rm -rf "$lab"
    mkdir -p "$lab/pg" "$lab/prometheus"
    if [ "$(id -u)" -eq 0 ]; then
        chown nobody:nogroup "$lab" "$lab/pg" "$lab/prometheus"
        # nobody must reach the data: a checkout under a private home (/root is 0700) is not.
        if ! setpriv --reuid=nobody --regid=nogroup --clear-groups -- test -w "$lab/pg"; then
            echo "lab-servers.sh: the servers run as nobody (PostgreSQL refuses root), and nobody cannot reach $lab;" >&2
            echo "  let others through its parent directories (chmod o+x on each), or run make as an ordinary user" >&2
            exit 1
        fi
    fi
    local pg_port prom_port
    pg_port=$(free_port)
    prom_port=$(free_port)
    as_server_user "$pgbin/initdb" -D "$lab/pg" -U actionsim -A trust -E UTF8 --locale C.UTF-8 >"$lab/initdb.log"
    # Loopback only, no Unix socket in a shared directory; a test server, so no fsync
    # (the bench's COPY baseline runs on the same server, with the same settings).
    cat >>"$lab/pg/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $pg_port
unix_socket_directories = ''
max_connections = 100
fsync = off
synchronous_commit = off
full_page_writes = off
CONF
    cat >"$lab/targets.json" <<JSON
[]
JSON
    cat >"$lab/prometheus.yml" <<YAML
global:
  scrape_interval: 1s
  scrape_timeout: 1s
scrape_configs:
  - job_name: actionsim
    file_sd_configs:
      - files: ['$lab/targets.json']
        refresh_interval: 1s
YAML
    [ "$(id -u)" -eq 0 ] && chown nobody:nogroup "$lab/targets.json" "$lab/prometheus.yml"
    cat >"$lab/env" <<ENV
ACTIONSIM_LAB_POSTGRES=postgres://actionsim@127.0.0.1:$pg_port/lab
ACTIONSIM_LAB_POSTGRES_PORT=$pg_port
ACTIONSIM_LAB_PROMETHEUS=http://127.0.0.1:$prom_port
ACTIONSIM_LAB_TARGETS=$lab/targets.json
ACTIONSIM_LAB_SERVERS=$here/lab-servers.sh
ENV
    echo "==> PostgreSQL 15 on 127.0.0.1:$pg_port (data: $lab/pg)"
    start_postgres
    "$pgbin/../bin/createdb" -h 127.0.0.1 -p "$pg_port" -U actionsim lab 2>/dev/null \
        || psql -h 127.0.0.1 -p "$pg_port" -U actionsim -d postgres -qc 'CREATE DATABASE lab' >/dev/null
    echo "==> Prometheus on 127.0.0.1:$prom_port (data: $lab/prometheus)"
    local as=()
    [ "$(id -u)" -eq 0 ] && as=(setpriv --reuid=nobody --regid=nogroup --clear-groups --)
    "${as[@]}" prometheus --config.file="$lab/prometheus.yml" --storage.tsdb.path="$lab/prometheus" \
        --web.listen-address="127.0.0.1:$prom_port" >"$lab/prometheus.log" 2>&1 &
    echo $! >"$lab/prometheus.pid"
    for _ in $(seq 1 100); do
        if curl -fs "http://127.0.0.1:$prom_port/-/ready" >/dev/null 2>&1; then return 0; fi
        sleep 0.2
    done
    echo "Prometheus did not become ready; its log:" >&2
    tail -20 "$lab/prometheus.log" >&2
    exit 1
}

stop() {
    [ -d "$lab" ] || return 0
    stop_postgres || true
    local pid
    pid=$(cat "$lab/prometheus.pid" 2>/dev/null || true)
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    fi
    echo "==> lab servers stopped"
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    stop-postgres) stop_postgres ;;
    start-postgres) start_postgres ;;
    *) echo "usage: $0 start|stop|stop-postgres|start-postgres" >&2; exit 2 ;;
esac
