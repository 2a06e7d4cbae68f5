# The API image (also serves the built frontend). Node 24 as the project requires.
# Three stages: `build` installs everything (dev dependencies: TypeScript, Vite, codegen) and builds;
# `deps` installs the backend's production dependencies alone; the runtime image takes those and the
# build's output, nothing else, and runs as the unprivileged `node` user.
# scripts/check-deploy.mjs (part of `npm test`) checks this file: see the README's Operations section.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm install --include=dev --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm install --omit=dev --workspace backend --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/backend/static backend/static
COPY --from=build /app/frontend/dist frontend/dist
COPY --from=build /app/frontend/src/gql/persisted-documents.json frontend/src/gql/persisted-documents.json
# The only place the app writes (PGlite and local uploads when no DATABASE_URL / S3 is set).
RUN mkdir -p data && chown node:node data
USER node
EXPOSE 4000
HEALTHCHECK CMD node -e "fetch('http://127.0.0.1:4000/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Node's flags as backend/package.json's start script gives them (npm run check:deploy compares the two):
# a young generation of 8 MB semi-spaces, see README "Performance".
CMD ["node", "--max-semi-space-size=8", "backend/dist/main.js"]
