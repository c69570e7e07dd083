# One image for both tiers: `npm start` runs the upstream API and the web app (PRODUCT.md §1).
#   docker build -t nodus .
#   docker run -p 3000:3000 -v nodus-data:/data nodus
# Everything that lasts (embedded database, generated SECRET, files) lives in the /data volume.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# Build the web app now, then drop the build-only packages. The build is touched last so that
# `npm start` finds it newer than its sources and never tries to rebuild at run time.
RUN node scripts/build.mjs \
 && npm prune --omit=dev --no-audit --no-fund \
 && touch build/index.js

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
RUN mkdir -p /data && chown node:node /data
COPY --from=build /app /app
USER node
VOLUME ["/data"]
EXPOSE 3000
# node is PID 1 and handles SIGTERM itself: scripts/start.mjs drains both services.
CMD ["node", "scripts/start.mjs"]
