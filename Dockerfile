# Jiema in a container: `docker build -t jiema .` (podman: `podman build --format docker -t jiema .`,
# or the OCI format drops the HEALTHCHECK below). Multi-stage: the build stage installs
# everything and builds; the runtime stage keeps the production dependencies and the two builds.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests first, so a change of source does not reinstall the dependencies.
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE}
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/server/package.json server/
COPY --from=build /app/server/bin server/bin
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/web/dist web/dist
# The embedded database's files (unused with DATABASE_URL); owned by the unprivileged user.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1 and gets SIGTERM itself: the server's own clean stop (SHUTDOWN_GRACE_SECONDS).
STOPSIGNAL SIGTERM
CMD ["node", "server/dist/main.js"]
