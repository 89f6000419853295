# One image for both kinds of process (docs/deploy.md): the API (the default command) and the job worker
# (`node --import tsx server/src/worker.ts`, as `npm run worker`). Build: docker build -t patrimonio .
# The server runs its TypeScript sources under tsx, so the runtime keeps the installed packages, tsx among them.

# --- build: install the locked packages, compile the catalogues, build the portal (without the Storybook catalogue)
FROM node:24-slim AS build
WORKDIR /app
# The workspaces' manifests first: the install layer is reused while they and the lockfile stay the same.
COPY package.json package-lock.json ./
COPY shared-api/package.json shared-api/
COPY engine/package.json engine/
COPY server/package.json server/
COPY shared-ui/package.json shared-ui/
COPY root-config/package.json root-config/
COPY mf-overview/package.json mf-overview/
COPY mf-financial/package.json mf-financial/
COPY mf-realestate/package.json mf-realestate/
COPY mf-middleoffice/package.json mf-middleoffice/
COPY mf-planning/package.json mf-planning/
COPY mf-admin/package.json mf-admin/
COPY mf-report/package.json mf-report/
COPY tests/package.json tests/
RUN npm ci --no-audit --no-fund
COPY . .
# Naming every package builds them all but skips the Storybook catalogue (scripts/build.mjs).
RUN npm run build -- shared-ui root-config mf-overview mf-financial mf-realestate mf-middleoffice mf-planning mf-admin mf-report widgets

# --- runtime
FROM node:24-slim
ENV NODE_ENV=production \
    PORT=8080 \
    DATA_DIR=/data
# The server's memory settings, as scripts/server-memory.mjs gives them to `npm start` (its test checks they agree).
ENV MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    MALLOC_TRIM_THRESHOLD_=131072 \
    NODE_OPTIONS=--max-semi-space-size=4
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
# The embedded database (no DATABASE_URL) and the generated secrets key live here; DROP_DIR defaults to /data/drop.
VOLUME ["/data"]
# The API answers GET /api/v1/live/version without signing in; a worker process has no HTTP port (turn this off for it).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/v1/live/version').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "tsx", "server/src/main.ts"]
