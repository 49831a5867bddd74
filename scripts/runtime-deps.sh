#!/usr/bin/env bash
# The dependencies the built app runs with: the API's production dependencies only (not the
# console's, the landing site's or the benchmark's, which are built into static files or not run),
# in place of the workspace's whole node_modules. The Dockerfile's build stage runs it, and so does
# scripts/runtime-smoke.sh, so the smoke test runs what the image holds.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf node_modules ./*/node_modules
npm ci --omit=dev --workspace=backend --no-audit --no-fund
# the API's own node_modules holds the versions that could not be hoisted; the image copies it even when empty
mkdir -p backend/node_modules
