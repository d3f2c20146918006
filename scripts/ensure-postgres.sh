#!/usr/bin/env bash
# The machine's PostgreSQL (127.0.0.1:5432, user postgres, trust auth): started when it is installed
# but not running. The test runner makes a fresh database per test file and drops it afterwards.
set -euo pipefail
if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  echo "PostgreSQL is accepting connections"
  exit 0
fi
if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && exit 0; sleep 1; done
fi
echo "PostgreSQL is not reachable on 127.0.0.1:5432 (set TEST_DATABASE_URL to use another server)" >&2
exit 1
