# syntax=docker/dockerfile:1
# Croupier's image (docs/deploy.md). One image for every role; the environment picks it:
#   web process     JOBS=off                      (pages, API, live streams; several behind a proxy)
#   worker          JOBS=on WEB=off               (outbox handlers and scheduled jobs; serves only the probes)
#   migrations      command: node scripts/ops.ts migrate   (a release step; the others run MIGRATE=off)
# Build: docker build -t croupier .   Run: deploy/compose.yaml, or deploy/k8s/.

ARG NODE_IMAGE=node:24-bookworm-slim

# --- build: every dependency (the React Router build needs the dev ones), then the production build.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx react-router build

# --- production dependencies only: what the server imports at run time (package.json "dependencies").
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# --- runtime: Node 24 runs the server's TypeScript as it is (type stripping); no compiler, no dev tools.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    TRUST_PROXY=1
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# The server's sources and what they import (the tests in those folders come along; .dockerignore keeps the rest out).
COPY package.json ./
COPY server ./server
COPY contract ./contract
COPY games ./games
COPY scripts ./scripts
# DATA_DIR: the generated APP_SECRET when none is given, identity documents (KYC_STORAGE_DIR), the
# embedded database when DATABASE_URL is unset. Production gives APP_SECRET and mounts a volume here.
RUN mkdir -p /data/kyc && chown -R node:node /data
# The image's own non-root user (uid 1000); the application files stay root's, read-only to it.
USER node
EXPOSE 3000
# Liveness: the process answers. Orchestrators also ask /readyz (the database answers) before
# they send traffic: deploy/k8s/web.yaml's readinessProbe, compose's depends_on.
HEALTHCHECK --interval=15s --timeout=3s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "server/main.ts"]
