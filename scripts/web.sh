#!/usr/bin/env bash
# Serves the playground (examples/web/) on 127.0.0.1 and prints its URL:
#
#   ./scripts/web.sh [--port N]      (default 8000; 0 picks a free port)
#
# Builds the npm package's WebAssembly module first (scripts/build-js.sh); the page imports the
# package from /gridgames/. Stop it with Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
port=8000
while [ $# -gt 0 ]; do
    case "$1" in
        --port) port="$2"; shift 2 ;;
        --port=*) port="${1#--port=}"; shift ;;
        *) echo "usage: $0 [--port N]" >&2; exit 2 ;;
    esac
done
./scripts/build-js.sh >&2
exec python3 scripts/web_server.py "$port"
