# The Jantaku table server, with the web client it serves at /.
#   docker build -t jantaku .
#   docker run -p 2567:2567 -v jantaku-data:/app/data jantaku
# Several processes as one: give each its own data volume, REDIS_URL and PUBLIC_ADDRESS (README).

# Build: the full install (Vite builds web/dist), then the production install in its place.
# There is no compile step for the server: tsx (a dependency of the server, so kept by
# --omit=dev) runs the TypeScript sources, the workspace packages' too (their jantaku-source
# export condition). The compilers are for better-sqlite3 when no
# prebuilt binary fits.
FROM node:22-bookworm-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The manifests alone first, so that the install layer is rebuilt only when a dependency
# changes. npm ci needs every workspace's package.json; the bins are linked only if present.
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY shared/bin shared/bin
COPY server/package.json server/
COPY client-sdk/package.json client-sdk/
COPY client-sdk/bin client-sdk/bin
COPY test/package.json test/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:web \
 && npm ci --omit=dev --no-audit --no-fund

# Run: the same base image (the native module's ABI matches), no compilers, a non-root user.
FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    PORT=2567 \
    JANTAKU_DATA_DIR=/app/data
WORKDIR /app
# The code stays root-owned (read-only to the server); only the data directory is the user's.
COPY --from=build /app/package.json /app/tsconfig.base.json /app/tsconfig.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/shared shared
COPY --from=build /app/server server
COPY --from=build /app/client-sdk client-sdk
COPY --from=build /app/web/dist web/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME /app/data
EXPOSE 2567
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 2567) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself as PID 1, not `npm start`: npm and its shell do not pass SIGTERM on to the server
# (which must get it to close its tables and checkpoint the store before `docker stop` ends),
# and its prestart step builds the web client with Vite, a devDependency (built above instead).
# --max-semi-space-size=64 (as `npm start`): a young generation of up to 128 MB, not 32; a table's
# short-lived objects die before a scavenge copies them (GC 5.1% -> 3.2% of the server's CPU at 500 tables).
CMD ["node", "--max-semi-space-size=64", "--conditions=jantaku-source", "--import", "tsx", "server/src/index.ts"]
