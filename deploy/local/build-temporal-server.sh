#!/usr/bin/env bash
# Builds the pinned Temporal server (temporal-server, from go.temporal.io/server/cmd/server) and its SQL
# schema tool (temporal-sql-tool, from cmd/tools/sql) from the Go module proxy into
#   ${IBENCH_CACHE_DIR:-~/.cache/ibench}/temporal-server-<version>/bin/
# and copies the PostgreSQL schema files that ship inside the module to .../schema/postgresql/.
# Cached: when both binaries report the pinned version, re-runs are no-ops.
# Prints the cache directory as the last line of stdout.
set -euo pipefail

TEMPORAL_SERVER_VERSION="${TEMPORAL_SERVER_VERSION:-v1.29.1}"   # matches the dev server in temporal CLI 1.5.1
CACHE="${IBENCH_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ibench}"
DIR="$CACHE/temporal-server-$TEMPORAL_SERVER_VERSION"
MODULE="go.temporal.io/server"

say() { echo "build-temporal-server: $*" >&2; }
die() { echo "build-temporal-server: ERROR: $*" >&2; exit 1; }

built_ok() {
    [[ -x "$DIR/bin/temporal-server" && -x "$DIR/bin/temporal-sql-tool" && -f "$DIR/schema/postgresql/v12/temporal/schema.sql" \
       && -f "$DIR/VERSION" && "$(cat "$DIR/VERSION")" == "$TEMPORAL_SERVER_VERSION" ]]
}

if built_ok; then
    say "temporal-server $TEMPORAL_SERVER_VERSION already built in $DIR (cached, no-op)"
    echo "$DIR"
    exit 0
fi

command -v go >/dev/null 2>&1 || die "go is not on PATH: install Go (https://go.dev/dl) to build temporal-server $TEMPORAL_SERVER_VERSION"

started=$(date +%s)
say "building $MODULE/cmd/server and cmd/tools/sql @$TEMPORAL_SERVER_VERSION from the Go module proxy (takes minutes)"
tmp="$DIR.part"
rm -rf "$tmp"
mkdir -p "$tmp/bin"
# go install pkg@version: builds exactly the module's pinned dependency graph (go.sum checked), outside any local module.
GOBIN="$tmp/bin" GOFLAGS="${GOFLAGS:-} -trimpath" CGO_ENABLED=0 \
    go install "$MODULE/cmd/server@$TEMPORAL_SERVER_VERSION" "$MODULE/cmd/tools/sql@$TEMPORAL_SERVER_VERSION" \
    || die "go install $MODULE/cmd/server@$TEMPORAL_SERVER_VERSION failed (see the go output above)"
mv "$tmp/bin/server" "$tmp/bin/temporal-server"
mv "$tmp/bin/sql" "$tmp/bin/temporal-sql-tool"

moddir="$(go env GOMODCACHE)/$MODULE@$TEMPORAL_SERVER_VERSION"
[[ -d "$moddir/schema/postgresql/v12" ]] || die "schema files not found in the module cache at $moddir/schema/postgresql/v12"
mkdir -p "$tmp/schema"
cp -r "$moddir/schema/postgresql" "$tmp/schema/"
chmod -R u+w "$tmp/schema"
echo "$TEMPORAL_SERVER_VERSION" > "$tmp/VERSION"

rm -rf "$DIR"
mv "$tmp" "$DIR"
built_ok || die "build finished but $DIR is incomplete"
say "built temporal-server $TEMPORAL_SERVER_VERSION into $DIR in $(( $(date +%s) - started )) s"
echo "$DIR"
