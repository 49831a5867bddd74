#!/usr/bin/env bash
# What the production image runs, checked without Docker: the files the Dockerfile's runtime stage
# copies (read from its COPY --from=build lines) with the dependencies of scripts/runtime-deps.sh,
# run as an unprivileged user that may write only the data volume. As docker-compose.yml does, the
# migrations run first (migrate-cli), then the app with MIGRATE_ON_START=false; the app must become
# ready, sign the superadmin in, and write a password-reset mail into MAIL_DIR. Needs a build
# (npm run build) and PostgreSQL on 127.0.0.1:5432; leaves nothing behind.
# SMOKE_NODE=<path of a node binary> runs it all on that Node (CI: Node 22, as the image): the
# dependencies' install (npm runs on the first node on PATH), the migrations and the app.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f backend/dist/main.js ] && [ -d admin/dist ] && [ -d landing/dist ] || { echo "build first: npm run build" >&2; exit 1; }
node_bin=$(command -v "${SMOKE_NODE:-node}") || { echo "no node binary at ${SMOKE_NODE:-node}" >&2; exit 1; }
node_bin=$(cd "$(dirname "$node_bin")" && pwd)/$(basename "$node_bin")
export PATH="$(dirname "$node_bin"):$PATH"
# as root (CI), the app runs as nobody; otherwise as the caller
as_app=(); [ "$(id -u)" = 0 ] && as_app=(runuser -u nobody --)
node_version=$(${as_app[@]+"${as_app[@]}"} "$node_bin" --version) || { echo "$node_bin does not run as $(${as_app[@]+"${as_app[@]}"} id -un) (its directories must be readable by all)" >&2; exit 1; }
echo "Node $node_version ($node_bin)"

work=$(mktemp -d)
database="hr_runtime_smoke_$$"
pid=""
teardown() {
  local rc=$?
  # whatever the cleanup's own commands answer (a stopped app's exit status), the run's result is rc
  set +e
  # the app runs in a session of its own: stopping its process group stops runuser and node alike
  if [ -n "$pid" ]; then kill -TERM -- "-$pid" 2>/dev/null; wait "$pid" 2>/dev/null; fi
  if [ "$rc" -ne 0 ] && [ -f "$work/app.log" ]; then tail -n 40 "$work/app.log"; fi
  psql -h 127.0.0.1 -U postgres -qc "drop database if exists $database" >/dev/null 2>&1 || true
  rm -rf "$work"
  exit "$rc"
}
trap teardown EXIT

# the build stage: the built tree and its runtime dependencies
stage="$work/build"
mkdir -p "$stage/scripts"
cp package.json package-lock.json "$stage/"
for workspace in backend admin landing e2e bench; do mkdir -p "$stage/$workspace" && cp "$workspace/package.json" "$stage/$workspace/"; done
cp -a backend/dist "$stage/backend/" && cp -a admin/dist "$stage/admin/" && cp -a landing/dist "$stage/landing/"
cp scripts/runtime-deps.sh "$stage/scripts/"
bash "$stage/scripts/runtime-deps.sh" >"$work/deps.log" 2>&1 || { cat "$work/deps.log"; exit 1; }

# the runtime stage: what its COPY lines take from the build stage, owned by root, read-only to the app
app="$work/app"
mkdir -p "$app"
while read -r from to; do
  case "$to" in
    */) mkdir -p "$app/$to" && cp -a "$stage/$from" "$app/$to" ;;
    *) mkdir -p "$(dirname "$app/$to")" && cp -a "$stage/$from" "$app/$to" ;;
  esac
done < <(sed -n 's#^COPY --from=build /app/\([^ ]*\) \./\(.*\)$#\1 \2#p' Dockerfile)
mkdir -p "$app/data/mail"
# readable to the app whatever umask the checkout and build had, writable by it only in data/
chmod -R u+rwX,go+rX,go-w "$app" && chmod 755 "$work"
[ "$(id -u)" = 0 ] && chown -R nobody "$app/data"
echo "runtime layout: $(du -sh "$app/node_modules" | cut -f1) of dependencies, $(ls "$app/node_modules" | wc -l) packages"

psql -h 127.0.0.1 -U postgres -qc "create database $database" >/dev/null
password="Smoke-$(openssl rand -hex 12)-Aa1"
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
env=(NODE_ENV=production HOST=127.0.0.1 PORT="$port" DATA_DIR="$app/data" MAIL_DIR="$app/data/mail"
  DATABASE_URL="postgres://postgres@127.0.0.1:5432/$database" JWT_SECRET="$(openssl rand -base64 48)"
  SUPERADMIN_EMAIL=superadmin@example.com SUPERADMIN_PASSWORD="$password" SEED_DEMO=false LOG_LEVEL=log)

cd "$app"
${as_app[@]+"${as_app[@]}"} env "${env[@]}" "$node_bin" backend/dist/database/migrate-cli.js >"$work/migrate.log" 2>&1 || { cat "$work/migrate.log"; exit 1; }
echo "migrations applied as $(${as_app[@]+"${as_app[@]}"} id -un)"
setsid ${as_app[@]+"${as_app[@]}"} env "${env[@]}" MIGRATE_ON_START=false "$node_bin" backend/dist/main.js >"$work/app.log" 2>&1 &
pid=$!
SMOKE_BASE="http://127.0.0.1:$port" SMOKE_PASSWORD="$password" SMOKE_MAIL="$app/data/mail" node -e '
  const base = process.env.SMOKE_BASE;
  const headers = { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" };
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const fail = (message) => { console.error(message); process.exit(1); };
  (async () => {
    for (let i = 0; ; i++) {
      const ok = await fetch(base + "/api/health/ready").then((r) => r.ok, () => false);
      if (ok) break;
      if (i === 120) fail("the app was not ready within 60 s");
      await sleep(500);
    }
    const site = await fetch(base + "/login");
    if (!site.ok || !/<div id="root">/.test(await site.text())) fail("the console is not served: " + site.status);
    const login = await fetch(base + "/api/auth/login", { method: "POST", headers, body: JSON.stringify({ email: "superadmin@example.com", password: process.env.SMOKE_PASSWORD }) });
    if (login.status !== 200) fail("superadmin sign-in answered " + login.status);
    await fetch(base + "/api/auth/forgot-password", { method: "POST", headers, body: JSON.stringify({ email: "superadmin@example.com" }) });
    const fs = require("node:fs");
    for (let i = 0; !fs.readdirSync(process.env.SMOKE_MAIL).some((f) => f.endsWith(".eml")); i++) {
      if (i === 60) fail("no mail written to MAIL_DIR within 60 s");
      await sleep(1000);
    }
    console.log("ready, console served, superadmin signed in, reset mail written to the data volume");
  })();
'
if grep -q '"level":"error"' "$work/app.log"; then grep '"level":"error"' "$work/app.log" | head -5; echo "the app logged errors" >&2; exit 1; fi
echo "runtime smoke test passed on Node $node_version"
