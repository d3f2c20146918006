#!/usr/bin/env bash
# Runs published sms-activate and 5sim clients against Jiema, changing only their base URL.
#
# The npm ones (sms-activate, fivesim-api, 5sim-api) are dev dependencies and run in the server's
# tests (server/test/compat/published-clients.test.ts). The Python ones cannot be installed here
# (no PyPI) and their code is not ours to commit, so this script runs them from checkouts of their
# public sources that you provide; it downloads nothing:
#
#   scripts/compat-clients.sh <smsactivate checkout> <5sim-python checkout>
#
#   <smsactivate checkout>  a copy of the official "smsactivate" module's source (a directory holding
#                           smsactivate/api.py, e.g. github.com/squirrelpython/smsactivate-unofficial)
#   <5sim-python checkout>  github.com/ScribeSavant/5sim-python (a directory holding fivesim/client.py)
#
# Needs python3 with "requests" (Debian: apt-get install python3-requests). Either path may be "-"
# to leave that client out. Set DATABASE_URL to run on PostgreSQL instead of the embedded database.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$#" -ne 2 ]; then
  sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
[ "$1" = "-" ] || export JIEMA_PY_SMSACTIVATE="$(cd "$1" && pwd)"
[ "$2" = "-" ] || export JIEMA_PY_FIVESIM="$(cd "$2" && pwd)"
# The interpreter itself, past any version manager's shim (a shim costs seconds on every call).
JIEMA_PYTHON="$(python3 -c 'import sys; print(sys.executable)')"
export JIEMA_PYTHON
"$JIEMA_PYTHON" -c 'import requests' || { echo 'python3 needs "requests" (apt-get install python3-requests)' >&2; exit 1; }

cd server
npx vitest run test/compat/published-clients.test.ts test/compat/python-clients.test.ts
