#!/usr/bin/env bash
# Runs published sms-activate and 5sim clients against Jiema, changing only their base URL.
#
# The npm ones (sms-activate, fivesim-api, 5sim-api) are dev dependencies and run in the server's
# tests (server/test/compat/published-clients.test.ts). The others cannot be installed here (no
# PyPI, no Maven Central) and their code is not ours to commit, so this script runs them from
# checkouts of their public sources that you provide; it downloads nothing:
#
#   scripts/compat-clients.sh [--py-smsactivate DIR] [--py-fivesim DIR] [--java-smsactivate DIR]
#
#   --py-smsactivate DIR    the "smsactivate" Python module's source (a directory holding
#                           smsactivate/api.py, e.g. github.com/squirrelpython/smsactivate-unofficial)
#   --py-fivesim DIR        github.com/ScribeSavant/5sim-python (a directory holding fivesim/client.py)
#   --java-smsactivate DIR  the official Java library, github.com/sms-activate/SMSActivateApi (a
#                           directory holding src/main/java/ru/sms_activate)
#
# The Python clients need python3 with "requests" (Debian: apt-get install python3-requests); the
# Java one a JDK and Debian's libgoogle-gson-java and libjetbrains-annotations-java. Set
# DATABASE_URL to run on PostgreSQL instead of the embedded database.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
[ "$#" -gt 0 ] || usage
files=()
while [ "$#" -gt 0 ]; do
  [ "$#" -ge 2 ] || usage
  dir="$(cd "$2" && pwd)"
  case "$1" in
    --py-smsactivate) export JIEMA_PY_SMSACTIVATE="$dir"; files+=(test/compat/python-clients.test.ts) ;;
    --py-fivesim) export JIEMA_PY_FIVESIM="$dir"; files+=(test/compat/python-clients.test.ts) ;;
    --java-smsactivate) export JIEMA_JAVA_SMSACTIVATE="$dir"; files+=(test/compat/java-client.test.ts) ;;
    *) usage ;;
  esac
  shift 2
done

if [ -n "${JIEMA_PY_SMSACTIVATE:-}${JIEMA_PY_FIVESIM:-}" ]; then
  # The interpreter itself, past any version manager's shim (a shim costs seconds on every call).
  JIEMA_PYTHON="$(python3 -c 'import sys; print(sys.executable)')"
  export JIEMA_PYTHON
  "$JIEMA_PYTHON" -c 'import requests' || { echo 'python3 needs "requests" (apt-get install python3-requests)' >&2; exit 1; }
fi
if [ -n "${JIEMA_JAVA_SMSACTIVATE:-}" ]; then
  command -v javac >/dev/null || { echo 'the Java client needs a JDK (apt-get install default-jdk-headless)' >&2; exit 1; }
  for jar in gson org.jetbrains.annotations-java8; do
    [ -f "/usr/share/java/$jar.jar" ] || { echo "the Java client needs /usr/share/java/$jar.jar (apt-get install libgoogle-gson-java libjetbrains-annotations-java)" >&2; exit 1; }
  done
fi

cd server
npx vitest run test/compat/published-clients.test.ts $(printf '%s\n' "${files[@]}" | sort -u)
