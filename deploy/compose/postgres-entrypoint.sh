#!/bin/sh
# First start: make the cluster, the user and the database; then run PostgreSQL.
# Environment: PGDATA, POSTGRES_USER, POSTGRES_DB, POSTGRES_PASSWORD; PGPORT (5432) and
# POSTGRES_SOCKET_DIR (/tmp) optionally. Arguments are passed on to `postgres`.
set -eu
: "${PGDATA:?}" "${POSTGRES_USER:?}" "${POSTGRES_DB:?}" "${POSTGRES_PASSWORD:?}"
sockets="${POSTGRES_SOCKET_DIR:-/tmp}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
    pwfile="$(mktemp)"
    printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
    initdb --username="$POSTGRES_USER" --pwfile="$pwfile" --auth-local=trust \
        --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 >/dev/null
    rm -f "$pwfile"
    # Any address may try, with the password; only this project's network can reach it.
    echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
    pg_ctl -w -o "-c listen_addresses='' -c unix_socket_directories=$sockets" start >/dev/null
    createdb -h "$sockets" -U "$POSTGRES_USER" "$POSTGRES_DB"
    pg_ctl -w stop >/dev/null
    echo "postgres-entrypoint: made database $POSTGRES_DB for $POSTGRES_USER"
fi
exec postgres -c listen_addresses='*' -c unix_socket_directories="$sockets" \
    -c max_connections=200 "$@"
