# The production image: the compiled server (dist/server) and the built client (dist/client) on
# Node 24 LTS (Node 20 left maintenance in April 2026), without dev dependencies. CI runs the unit and
# integration tests under Node 24 too (.ci/run); package.json's `engines` names the oldest Node the
# code supports. It describes docs/OPERATIONS.md's topology; no image can be
# built or pulled on the machines this project is developed and tested on (no Docker daemon, no
# image registry), so it is untested as an image: the proof of the topology is the two-process test
# behind nginx (tests/cluster/two-processes.test.ts), which runs this same compiled server.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
USER node
EXPOSE 5000
# Plain node, not npm start: the image carries a fresh build and no build tools. Each start migrates
# under an advisory lock, so replicas can start together. A 32 MB young generation, as `npm start`
# gives it (docs/PERFORMANCE.md: fewer collections of the short-lived objects every request makes).
CMD ["node", "--max-semi-space-size=32", "--max-old-space-size=512", "--enable-source-maps", "dist/server/main.js"]
