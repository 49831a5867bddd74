# Node 22 LTS for building and running (20.19+ is the minimum: ESM-only dependencies are loaded with require()).
FROM node:22-bookworm-slim AS build
# compilers for a native module whose prebuilt binary does not load (node-gyp falls back to building it)
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY admin/package.json admin/
COPY landing/package.json landing/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
# the same build as `npm run build`: landing, admin console, then the API (migrations included in dist);
# then only the API's production dependencies are kept (scripts/runtime-smoke.sh runs the same set)
RUN npm run build && bash scripts/runtime-deps.sh

FROM node:22-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data MAIL_DIR=/app/data/mail LOG_FORMAT=json
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/backend/package.json ./backend/
COPY --from=build /app/backend/node_modules ./backend/node_modules
COPY --from=build /app/backend/dist ./backend/dist
COPY --from=build /app/admin/dist ./admin/dist
COPY --from=build /app/landing/dist ./landing/dist
# the only writable place: an empty volume mounted here starts with this owner
RUN mkdir -p /app/data/mail && chown -R node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/api/health/ready').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "backend/dist/main.js"]
