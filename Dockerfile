# syntax=docker/dockerfile:1
# Aide's production image (DEPLOYMENT.md): the API, which also serves the shell and every remote,
# and with AIDE_PROCESS=worker the background-job worker. docker-compose.prod.yml runs both.
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: every workspace's dependencies, then the API, the contracts, the shell and the remotes.
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
RUN npx nx run-many -t build --outputStyle=static
# The runtime's /app: manifests, built dist folders and the production dependencies of @aide/api
# and @aide/contracts only (npm ci --omit=dev). `npm run test:deploy` stages and measures the same.
RUN --mount=type=cache,target=/root/.npm node deploy/stage-runtime.mjs /runtime

# ---- runtime: no sources, no build tools, no dev dependencies; runs as the unprivileged `node` user.
FROM ${NODE_IMAGE} AS runtime
# tini as PID 1 forwards SIGTERM to node (which closes HTTP, jobs and pools in order) and reaps
# any orphaned child process.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/* \
  && install -d -o node -g node -m 0700 /var/lib/aide
WORKDIR /app
# Owned by root and read-only to the app: the process cannot change its own code.
COPY --from=build /runtime /app
# V8 sizes the young generation from the host's memory: on a 24 GB host it grew to two 64 MB
# semi-spaces during start-up and kept them (128 MB of RSS, 29 MB of it live). 16 MB semi-spaces
# took the idle API from 315 to 232 MB of RSS. Every node process of the image (API, worker, CLI)
# gets it; an operator's own NODE_OPTIONS replaces it.
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/var/lib/aide \
    NODE_OPTIONS=--max-semi-space-size=16
USER node
EXPOSE 3000
# GET /api/health on the API; the database's answer on a worker (deploy/healthcheck.mjs).
HEALTHCHECK --interval=15s --timeout=5s --start-period=90s --retries=3 CMD ["node", "deploy/healthcheck.mjs"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "apps/api/dist/main.js"]
