FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/rules/package.json packages/rules/
COPY gateway/package.json gateway/
COPY client/package.json client/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/packages/rules/package.json packages/rules/
COPY --from=build /app/gateway/package.json gateway/
COPY --from=build /app/client/package.json client/
RUN npm ci --omit=dev --no-audit --no-fund -w gateway
COPY --from=build /app/packages/rules/dist packages/rules/dist
COPY --from=build /app/gateway/dist gateway/dist
COPY --from=build /app/client/dist client/dist
EXPOSE 4000
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD node -e "fetch('http://127.0.0.1:4000/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["sh", "-c", "node gateway/dist/db/migrate-cli.js && node gateway/dist/main.js"]
