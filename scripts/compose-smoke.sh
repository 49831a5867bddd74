#!/usr/bin/env bash
# Builds the image, starts docker-compose.yml as a throwaway project with its own .env, waits for the
# app to report healthy, signs in as the superadmin through the API, then removes the stack, its
# volumes and its image. Without a Docker engine (no client, no daemon reachable) or the base images
# (neither local nor pullable), it cannot run: outside CI it says so and exits 0; in CI it is recorded
# as NOT RUN (scripts/not-run.mjs), never reported as passed. A daemon without compose fails.
set -euo pipefail
cd "$(dirname "$0")/.."

skip() { local rc=0; node scripts/not-run.mjs "docker compose smoke test" "$*" || rc=$?; exit "$rc"; }
command -v docker >/dev/null 2>&1 || skip "no docker client on this machine"
docker info >/dev/null 2>&1 || skip "no Docker daemon reachable"
if docker compose version >/dev/null 2>&1; then compose=(docker compose)
elif command -v docker-compose >/dev/null 2>&1; then compose=(docker-compose)
else echo "compose smoke test: a Docker daemon answers but neither docker compose nor docker-compose is installed" >&2; exit 1; fi
# the base images come from a registry; a daemon that has them neither locally nor reachable cannot build
for image in $(sed -n 's/^FROM \([^ ]*\).*/\1/p' Dockerfile | sort -u) postgres:16; do
  docker image inspect "$image" >/dev/null 2>&1 || docker pull -q "$image" >/dev/null 2>&1 || skip "base image $image is not available (no registry reachable)"
done

work=$(mktemp -d)
project="hr-smoke-$$"
port="${COMPOSE_SMOKE_PORT:-$((20000 + RANDOM % 10000))}"
password="Smoke-$(openssl rand -hex 12)-Aa1"
tag="smoke-$$"
cat >"$work/.env" <<ENV
POSTGRES_PASSWORD=$(openssl rand -hex 24)
JWT_SECRET=$(openssl rand -base64 48)
SUPERADMIN_PASSWORD=$password
PORT=$port
TAG=$tag
ENV
dc() { "${compose[@]}" -p "$project" --env-file "$work/.env" -f docker-compose.yml "$@"; }
teardown() {
  local rc=$?
  if [ "$rc" -ne 0 ]; then dc logs --no-color --tail 100 || true; fi
  dc down -v --remove-orphans >/dev/null 2>&1 || true
  docker image rm "hr-platform:$tag" >/dev/null 2>&1 || true
  rm -rf "$work"
  exit "$rc"
}
trap teardown EXIT

echo "building hr-platform:$tag and starting $project on port $port"
dc build
dc up -d

app=$(dc ps -q app)
[ -n "$app" ] || { echo "the app container was not created" >&2; exit 1; }
status=starting
for _ in $(seq 1 90); do
  status=$(docker inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}' "$app")
  [ "$status" = healthy ] && break
  [ "$status" = unhealthy ] && break
  sleep 2
done
[ "$status" = healthy ] || { echo "the app is $status, not healthy" >&2; exit 1; }
echo "app healthy"

SMOKE_URL="http://127.0.0.1:$port/api/auth/login" SMOKE_PASSWORD="$password" node -e '
  fetch(process.env.SMOKE_URL, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "superadmin@example.com", password: process.env.SMOKE_PASSWORD }),
  })
    .then(async (r) => {
      const body = await r.json().catch(() => ({}));
      if (r.status !== 200 || !body.data?.access_token) throw new Error(`sign-in answered ${r.status}: ${JSON.stringify(body)}`);
      console.log(`signed in as ${body.data.user?.email ?? "the superadmin"}`);
    })
    .catch((e) => { console.error(e.message); process.exit(1); });
'
echo "compose smoke test passed"
