#!/usr/bin/env bash
# Builds the container image from the Dockerfile and checks it for real with podman: /healthz, the
# image's HEALTHCHECK, a non-root process, a login and a purchase (demo mode), then a clean SIGTERM
# stop. No image registry is needed: the Dockerfile's base image (node:20-bookworm-slim) is built
# here from Debian packages with mmdebstrap and this machine's Node, unless it exists already.
#
#   bash scripts/test-container.sh            (as root, or with podman/runc/mmdebstrap installed)
#
# Environment: KEEP_BASE=1 keeps a base image made by an earlier run (the default: it is reused);
# JIEMA_TEST_PORT (3987) is the host port the container is published on.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
step() { printf '\n=== %s (%ss)\n' "$1" "$(($(date +%s) - started))"; }

PORT=${JIEMA_TEST_PORT:-3987}
BASE_IMAGE=docker.io/library/$(sed -n 's/^ARG NODE_IMAGE=//p' Dockerfile)
IMAGE=localhost/jiema:container-test
NAME=jiema-container-test-$$
DEMO_PASSWORD=demo-$$-pass
# runc: crun (podman's default on Debian) is not what the deployment targets; the ulimits keep the
# container inside what a small host or CI runner allows.
RUN=(podman --runtime runc run --ulimit nofile=1024:1024 --ulimit nproc=1024:1024)

step "podman, runc and mmdebstrap"
missing=()
for tool in podman runc mmdebstrap; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if ((${#missing[@]})); then
  if [ "$(id -u)" != 0 ]; then
    echo "missing: ${missing[*]} (apt-get install podman runc mmdebstrap, as root)" >&2
    exit 1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc mmdebstrap >/dev/null
fi

work=$(mktemp -d)
cleanup() {
  podman rm -f "$NAME" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

step "base image $BASE_IMAGE"
if podman image exists "$BASE_IMAGE"; then
  echo "present: reused"
else
  node_bin=$(command -v node)
  node_modules=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
  echo "building it: Debian bookworm (minbase) + $node_bin $(node --version) + npm from $node_modules"
  # The official image's layout: node and npm on the PATH, user `node` (uid 1000) with a home.
  mmdebstrap --quiet --variant=minbase --include=ca-certificates bookworm "$work/base.tar" \
    http://deb.debian.org/debian \
    --customize-hook="copy-in $node_bin /usr/local/bin" \
    --customize-hook="mkdir -p \"\$1/usr/local/lib/node_modules\"" \
    --customize-hook="copy-in $node_modules /usr/local/lib/node_modules" \
    --customize-hook='ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm"' \
    --customize-hook='ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"' \
    --customize-hook='echo "node:x:1000:1000::/home/node:/bin/bash" >> "$1/etc/passwd"' \
    --customize-hook='echo "node:x:1000:" >> "$1/etc/group"' \
    --customize-hook='mkdir -p "$1/home/node" && chown 1000:1000 "$1/home/node"' \
    --customize-hook='cp /usr/local/share/ca-certificates/*.crt "$1/usr/local/share/ca-certificates/" 2>/dev/null || true' \
    --customize-hook='chroot "$1" update-ca-certificates >/dev/null'
  # Where this machine reaches the npm registry through a TLS-inspecting proxy, its extra CA
  # certificates (copied above) must be trusted by npm in the build stage too.
  ca_env=()
  if [ -n "${NODE_EXTRA_CA_CERTS:-}" ]; then
    ca_env=(--change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt')
  fi
  podman import --quiet \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    "${ca_env[@]}" --change 'CMD ["node"]' "$work/base.tar" "$BASE_IMAGE" >/dev/null
fi
"${RUN[@]}" --rm "$BASE_IMAGE" node -e 'console.log("node", process.version, "in the base image")'

step "image build (Dockerfile)"
# --format docker keeps HEALTHCHECK (the OCI format has none); host network for npm's registry.
podman build --quiet --pull=never --format docker --network=host -t "$IMAGE" . >/dev/null
podman image inspect "$IMAGE" --format 'size {{.Size}} bytes, user {{.Config.User}}'

step "run"
"${RUN[@]}" -d --name "$NAME" -p "127.0.0.1:$PORT:3000" \
  -e DEMO=on -e DEMO_PASSWORD="$DEMO_PASSWORD" -e CAPTCHA=off -e ADMIN_PASSWORD="Admin#$$-pass" \
  "$IMAGE" >/dev/null
for _ in $(seq 1 120); do
  curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && break
  if [ "$(podman inspect -f '{{.State.Running}}' "$NAME")" != true ]; then
    podman logs "$NAME" | tail -30
    echo "the container stopped" >&2
    exit 1
  fi
  sleep 1
done
test "$(podman exec "$NAME" id -u)" != 0 || { echo "the server runs as root" >&2; exit 1; }
podman healthcheck run "$NAME" && echo "HEALTHCHECK: healthy"

step "login and purchase over HTTP"
node scripts/container-smoke.mjs "http://127.0.0.1:$PORT" "$DEMO_PASSWORD"

step "SIGTERM stop"
stop_started=$(date +%s)
podman stop -t 30 "$NAME" >/dev/null
code=$(podman inspect -f '{{.State.ExitCode}}' "$NAME")
echo "stopped in $(($(date +%s) - stop_started)) s, exit code $code"
test "$code" = 0 || { podman logs "$NAME" | tail -30; exit 1; }

step "done"
