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
# gets it; an operator's own NODE_OPTIONS replaces it. See CMD for the other V8 flag.
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
# On a host with much memory V8 also lets the old generation grow to 4× what the last full collection
# kept before it collects again, and Node 24's V8 keeps the pages it then frees resident for reuse:
# under the api bench's 10 connections the API's RSS rose from 180 to 365–470 MB with 75–80 MB of
# its heap live. --heap-growing-percent=50 collects once the old generation has grown by half: 238
# MB after the same load, CPU per request within the noise of paired runs (issue 29). Node refuses
# this flag in NODE_OPTIONS, so it is here, for the API and the worker (both run this command);
# npm start and bench/api.bench.ts use the same flags.
CMD ["node", "--heap-growing-percent=50", "apps/api/dist/main.js"]
