#!/usr/bin/env bash
# compose.yaml, run for real on this Docker host: builds the image, starts every service on
# throwaway volumes (project cas-compose-check, names *.localhost, Caddy's own CA), runs
# deploy/check-compose.ts from a container on their network, crashes and stops app processes and
# restarts PostgreSQL while requests go through Caddy, and removes it all at the end. It binds
# ports 80 and 443.
#
#   bash deploy/check-compose.sh
set -euo pipefail
cd "$(dirname "$0")/.."

compose() {
  if docker compose version >/dev/null 2>&1; then docker compose "$@"; else docker-compose "$@"; fi
}

export COMPOSE_PROJECT_NAME=cas-compose-check
env_file=$(mktemp)
cat > "$env_file" <<VARS
CAS_DOMAIN=cas.localhost
REALTIME_DOMAIN=realtime.cas.localhost
POSTGRES_PASSWORD=$(openssl rand -hex 16)
NEXTAUTH_SECRET=$(openssl rand -hex 32)
SMTP_URL=smtp://mail.invalid:25
PUSHER_APP_ID=1
PUSHER_KEY=cas-compose-check
PUSHER_SECRET=$(openssl rand -hex 32)
VARS
files=(--env-file "$env_file" -f compose.yaml -f deploy/compose.check.yaml)
root_ca=$(mktemp)

cleanup() {
  echo "== removing the services and their volumes"
  compose "${files[@]}" down -v --remove-orphans >/dev/null 2>&1 || true
  rm -f "$env_file" "$root_ca"
}
trap cleanup EXIT

echo "== building the image and starting the services"
compose "${files[@]}" up -d --build

health() { docker inspect -f '{{.State.Health.Status}}' "$(compose "${files[@]}" ps -q "$1")"; }
answers() { docker exec "$1" node -e "fetch('http://127.0.0.1:3000/api/health/live').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))" 2>/dev/null; }
echo "== waiting for app-1 and app-2 to report healthy"
for _ in $(seq 1 90); do
  if [ "$(health app-1)" = healthy ] && [ "$(health app-2)" = healthy ]; then break; fi
  sleep 2
done
[ "$(health app-1)" = healthy ] && [ "$(health app-2)" = healthy ] || { compose "${files[@]}" logs --tail 50; echo "the app processes never became healthy"; exit 1; }

for service in app-1 app-2 worker realtime; do
  uid=$(docker exec "$(compose "${files[@]}" ps -q "$service")" id -u)
  [ "$uid" != 0 ] || { echo "FAIL $service runs as root"; exit 1; }
done
echo "ok   app-1, app-2, worker and realtime run as uid $uid, not root"

# Caddy keeps its CA in folders only its own user may read; the checks run as the image's user
# (node), so they get a readable copy of the root certificate.
cp_root_ca() {
  docker cp "$(compose "${files[@]}" ps -q caddy)":/data/caddy/pki/authorities/local/root.crt "$root_ca"
  chmod 644 "$root_ca"
}
check() {
  [ -s "$root_ca" ] || cp_root_ca
  compose "${files[@]}" run --rm --no-deps \
    -v "$root_ca:/caddy-root.crt:ro" \
    -e NODE_EXTRA_CA_CERTS=/caddy-root.crt \
    -e CAS_DOMAIN=cas.localhost -e REALTIME_DOMAIN=realtime.cas.localhost \
    worker deploy/check-compose.ts "$@"
}

echo "== checks through Caddy and on each app process"
check

echo "== requests through Caddy while app-1 crashes (kill -9) and app-2 is stopped (docker stop)"
check --failover 45 &
probe=$!
sleep 3
app1=$(compose "${files[@]}" ps -q app-1)
docker exec "$app1" sh -c 'kill -9 -1' || true
sleep 2
for _ in $(seq 1 60); do
  answers "$app1" && break
  sleep 1
done
answers "$app1" || { compose "${files[@]}" logs --tail 50 app-1; echo "FAIL app-1 did not come back after its crash"; exit 1; }
echo "ok   app-1 restarted by itself after the crash (restart count $(docker inspect -f '{{.RestartCount}}' "$app1")) and answers"
sleep 7 # Caddy's next health check (every 5 s) takes app-1 back
app2=$(compose "${files[@]}" ps -q app-2)
compose "${files[@]}" stop app-2 >/dev/null 2>&1
code=$(docker inspect -f '{{.State.ExitCode}}' "$app2")
[ "$code" = 0 ] || { docker logs --tail 20 "$app2"; echo "FAIL app-2 exited with $code on SIGTERM"; exit 1; }
echo "ok   app-2 stopped cleanly on SIGTERM (exit code 0)"
wait "$probe"
compose "${files[@]}" start app-2 >/dev/null 2>&1

echo "== PostgreSQL down for 8 s while signed-in requests go through Caddy"
check --outage 40 &
probe=$!
sleep 5
compose "${files[@]}" stop postgres >/dev/null 2>&1
sleep 8
compose "${files[@]}" start postgres >/dev/null 2>&1
wait "$probe"
echo "== after the restart, the worker still runs jobs"
check --pipeline
echo "== compose.yaml: every check passed"
