# One image for every process of compose.yaml: app (`npm run app`), worker, realtime.
FROM node:20-bookworm-slim
# Offline speech-to-text and translation engines, and ffmpeg for audio (README "Audio").
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg pocketsphinx pocketsphinx-en-us apertium-eng-spa \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The schema first: npm ci's postinstall runs `prisma generate`.
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
RUN npm ci --no-audit --no-fund
COPY . .
# Built once here; every process started from the image serves this build.
RUN NEXT_TELEMETRY_DISABLED=1 npm run build
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1
EXPOSE 3000 6001
# Node itself, not `npm run` (npm and its shell would take SIGTERM and leave the process no time to
# finish the requests and jobs under way); compose.yaml adds an init that passes signals on.
# The command names the script: scripts/start.ts --app (an app process), scripts/worker.ts,
# scripts/realtime.ts, or scripts/admin.ts with its arguments.
ENTRYPOINT ["node", "--import", "tsx", "--import", "./scripts/server-only-stub.mjs"]
CMD ["scripts/start.ts", "--app"]
