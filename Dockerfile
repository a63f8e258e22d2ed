# One image for every process of compose.yaml: app (`npm run app`), worker, realtime.
# Two stages: the build stage has every dependency (Next's build, `prisma generate`); the image
# that runs keeps the production ones only, and runs as the unprivileged user `node` (uid 1000).
FROM node:20-bookworm-slim AS build
WORKDIR /app
# The schema first: npm ci's postinstall runs `prisma generate` (into lib/db/generated).
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
RUN npm ci --no-audit --no-fund
COPY . .
# Built once here; every process started from the image serves this build. Then: Next's build
# cache goes (it serves the next build, not this one); the dev dependencies go (prune runs no
# install script, so the generated Prisma client stays); the build output moves apart, to be
# the only part of /app the running process may write (the app server's bundle, Next's caches).
RUN NEXT_TELEMETRY_DISABLED=1 npm run build \
 && rm -rf .next/cache \
 && npm prune --omit=dev --no-audit --no-fund \
 && mv .next /next

FROM node:20-bookworm-slim
# Offline speech-to-text and translation engines, and ffmpeg for audio (docs/audio.md): Debian's
# (5.1, which puts a recording's Cues first), found through FFMPEG_PATH below. The older static
# build of @ffmpeg-installer/ffmpeg is a dev dependency (tests, benches): not in this image.
# pg_dump (postgresql-client, 15 as compose.yaml's server) for backups on PostgreSQL.
# /data, DATA_DIR, belongs to `node`: a new volume mounted there takes that owner. A volume made
# by an image that ran as root needs it once: `docker compose run --rm --no-deps --user root
# --entrypoint chown worker -R node:node /data`.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg pocketsphinx pocketsphinx-en-us apertium-eng-spa postgresql-client \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir /data && chown node:node /data
WORKDIR /app
# The code and its dependencies stay root's: the process reads them and cannot change them.
COPY --from=build /app ./
COPY --from=build --chown=node:node /next ./.next
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 FFMPEG_PATH=/usr/bin/ffmpeg DATA_DIR=/data
USER node
EXPOSE 3000 6001
# Node itself, not `npm run` (npm and its shell would take SIGTERM and leave the process no time to
# finish the requests and jobs under way); compose.yaml adds an init that passes signals on.
# The command names the script: scripts/start.ts --app (an app process), scripts/worker.ts,
# scripts/realtime.ts, or scripts/admin.ts with its arguments.
ENTRYPOINT ["node", "--import", "tsx", "--import", "./scripts/server-only-stub.mjs"]
CMD ["scripts/start.ts", "--app"]
