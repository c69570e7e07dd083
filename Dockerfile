# One image for both tiers: `npm start` runs the upstream API and the web app (PRODUCT.md §1).
#   docker build -t nodus .
#   docker run -p 3000:3000 -v nodus-data:/data nodus
# Everything that lasts (embedded database, generated SECRET, files) lives in the /data volume.
# Node 24 LTS (issue 27). The image holds only what production runs: the built web app, the
# upstream's TypeScript (run through tsx, ADR 001) and its migrations, production dependencies —
# no tests, benches, docs or dev dependencies — owned by root and run as the unprivileged `node`.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The map's static files and the web app, then the build-only packages dropped. Copied into /out
# with their times kept, the build touched last, so that `npm start` finds it newer than its
# sources and never tries to rebuild at run time.
RUN node scripts/map-assets.mjs \
 && node scripts/build.mjs \
 && npm prune --omit=dev --no-audit --no-fund \
 && mkdir -p /out/scripts \
 && cp -a package.json package-lock.json tsconfig.json node_modules build public server api domain /out/ \
 && cp -a scripts/start.mjs scripts/map-assets.mjs /out/scripts/ \
 && rm -rf /out/api/test \
 && find /out/api /out/domain -name '*.test.ts' -delete \
 && touch /out/build/index.js

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
RUN mkdir -p /data && chown node:node /data
COPY --from=build /out /app
USER node
VOLUME ["/data"]
EXPOSE 3000
# The web tier's own health (it answers once both tiers are up; a first start seeds the database,
# hence the long start period).
HEALTHCHECK --interval=30s --timeout=5s --start-period=180s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT||3000}/api/health`).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1 and handles SIGTERM itself: scripts/start.mjs drains both services.
CMD ["node", "scripts/start.mjs"]
