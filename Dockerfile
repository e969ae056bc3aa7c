# One image for every server role; the command picks the role (see docker-compose.yml).
# The api also serves the built web app.

# Only the files `npm ci` reads, so the dependency layer below is rebuilt only when
# one of them changes, whatever workspaces exist.
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json -delete \
  && find . -depth -type d -empty -delete

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV CI=true
COPY --from=manifests /app ./
RUN npm ci --no-audit --no-fund
COPY . .
# Server packages compile with swc into each package's dist/, the web app into apps/web/dist;
# then the dev dependencies and the sources go.
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund \
  && find libs apps projections -maxdepth 2 -type d -name src -prune -exec rm -rf {} + \
  && rm -rf test bench scripts docs

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
# Owned by root, only readable by the app user: the running process cannot rewrite its own code.
COPY --from=build /app /app
USER node
EXPOSE 3000
CMD ["node", "apps/api/dist/main.js"]
