#!/usr/bin/env bash
# Stand-ins for the three public images compose.yaml starts from (node:20-bookworm-slim,
# postgres:15, caddy:2), for a Docker host that cannot reach Docker Hub, such as this project's
# build machines: they reach Debian's mirror and the npm registry only. Each is Debian bookworm
# (debootstrap) plus what the public image adds that compose.yaml relies on:
#
#   node:20-bookworm-slim  this machine's node and npm in /usr/local, user node (1000)
#   postgres:15            Debian's PostgreSQL 15, and an entrypoint that makes POSTGRES_USER,
#                          POSTGRES_PASSWORD and POSTGRES_DB on first start (UTF-8, scram over TCP)
#   caddy:2                this machine's caddy (apt-get install caddy), run as the image runs it
#
# CA certificates in /usr/local/share/ca-certificates (a proxy's on these machines) are trusted
# by node and npm in the node image. Where Docker Hub is reachable, skip this: compose pulls the
# real images. Run as root, then `bash deploy/check-compose.sh`.
set -euo pipefail
for tool in docker debootstrap caddy node; do
  command -v "$tool" >/dev/null || { echo "needs $tool (apt-get install -y docker.io docker-compose debootstrap caddy)"; exit 1; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== Debian bookworm (debootstrap --variant=minbase)"
debootstrap --variant=minbase bookworm "$work/rootfs" http://deb.debian.org/debian >/dev/null
tar -C "$work/rootfs" -c . | docker import - cas-offline/debian:bookworm >/dev/null
rm -rf "$work/rootfs"

echo "== node:20-bookworm-slim"
mkdir -p "$work/node/ca"
cp "$(command -v node)" "$work/node/node"
cp -a "$(npm root -g)/npm" "$work/node/npm"
cat > "$work/node/Dockerfile" <<'EOF'
FROM cas-offline/debian:bookworm
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
CMD ["node"]
EOF
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  cat /usr/local/share/ca-certificates/*.crt > "$work/node/ca/extra.pem"
  printf '%s\n' 'COPY ca/extra.pem /etc/extra-ca.pem' 'ENV NODE_EXTRA_CA_CERTS=/etc/extra-ca.pem npm_config_cafile=/etc/extra-ca.pem' >> "$work/node/Dockerfile"
fi
docker build -q -t node:20-bookworm-slim "$work/node" >/dev/null

echo "== postgres:15"
mkdir -p "$work/postgres"
cat > "$work/postgres/entrypoint.sh" <<'EOF'
#!/bin/bash
set -euo pipefail
export PGDATA=/var/lib/postgresql/data
BIN=/usr/lib/postgresql/15/bin
user=${POSTGRES_USER:-postgres}
mkdir -p "$PGDATA" /var/run/postgresql && chown -R postgres:postgres "$PGDATA" /var/run/postgresql && chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s\n' "$POSTGRES_PASSWORD" > /tmp/pwfile && chown postgres /tmp/pwfile
  su postgres -c "$BIN/initdb -U '$user' --pwfile=/tmp/pwfile -E UTF8 --locale=C.UTF-8 --auth-local=trust --auth-host=scram-sha-256 -D '$PGDATA'"
  rm /tmp/pwfile
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.auto.conf"
  su postgres -c "$BIN/pg_ctl -D '$PGDATA' -o '-c listen_addresses=' -w start"
  [ "${POSTGRES_DB:-$user}" = postgres ] || su postgres -c "psql -U '$user' -d postgres -c 'create database \"${POSTGRES_DB:-$user}\"'"
  su postgres -c "$BIN/pg_ctl -D '$PGDATA' -m fast -w stop"
fi
exec su postgres -c "exec $BIN/postgres -D '$PGDATA'"
EOF
chmod +x "$work/postgres/entrypoint.sh"
cat > "$work/postgres/Dockerfile" <<'EOF'
FROM cas-offline/debian:bookworm
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-15 && rm -rf /var/lib/apt/lists/*
ENV PATH=/usr/lib/postgresql/15/bin:$PATH
COPY entrypoint.sh /usr/local/bin/entrypoint.sh
EXPOSE 5432
STOPSIGNAL SIGINT
ENTRYPOINT ["/usr/local/bin/entrypoint.sh"]
EOF
docker build -q -t postgres:15 "$work/postgres" >/dev/null

echo "== caddy:2"
mkdir -p "$work/caddy"
cp "$(command -v caddy)" "$work/caddy/caddy"
cat > "$work/caddy/Dockerfile" <<'EOF'
FROM cas-offline/debian:bookworm
COPY caddy /usr/bin/caddy
ENV XDG_CONFIG_HOME=/config XDG_DATA_HOME=/data
EXPOSE 80 443
WORKDIR /srv
CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]
EOF
docker build -q -t caddy:2 "$work/caddy" >/dev/null

docker images --format '{{.Repository}}:{{.Tag}}  {{.Size}}' | grep -E '^(node:20-bookworm-slim|postgres:15|caddy:2) '
