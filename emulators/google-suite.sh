#!/usr/bin/env bash
# Runs Google's Firestore client suite (the system tests of github.com/googleapis/nodejs-firestore) in emulator mode
# (gRPC) against the packaged Firestore emulator, without an index file, as that suite expects. Not part of
# `npm test`: it needs the suite's sources and their npm dependencies. See emulators/README.md "Google's client suite".
#
#   emulators/google-suite.sh [SUITE_DIR]     # default /tmp/gsuite
#
# SUITE_DIR is a copy of nodejs-firestore at SUITE_COMMIT (a clone, or `git archive` of it); when it has no
# package.json the script clones the repository there. Extra mocha arguments: SUITE_MOCHA_ARGS="--grep vector".
# FIRESTORE_NAMED_DATABASE=test-db runs the suite's named-database variant.
set -euo pipefail

SUITE_COMMIT=1068f5cb841ae22c333ecc5ba7b1ab9071d80037
repo=$(cd "$(dirname "$0")/.." && pwd)
suite=$(mkdir -p "${1:-/tmp/gsuite}" && cd "${1:-/tmp/gsuite}" && pwd)
work=$(mktemp -d)
emu_pid=
cleanup() {
  if [ -n "$emu_pid" ]; then kill "$emu_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

if [ ! -f "$suite/package.json" ]; then
  git clone -q https://github.com/googleapis/nodejs-firestore "$suite"
  git -C "$suite" checkout -q "$SUITE_COMMIT"
fi
if head=$(git -C "$suite" rev-parse HEAD 2>/dev/null) && [ "$head" != "$SUITE_COMMIT" ]; then
  echo "note: $suite is at $head, the recorded numbers are for $SUITE_COMMIT" >&2
fi

cd "$suite"
if [ ! -d node_modules ]; then npm install --no-audit --no-fund --ignore-scripts; fi
if [ ! -d build/system-test ]; then
  # The suite's @types/sinon no longer matches the @sinonjs/fake-timers that npm resolves today: skip lib checks.
  npx tsc -p . --skipLibCheck
  # The suite's own postcompile step (package.json "postcompile").
  node scripts/init-directories.js
  cp -r dev/protos build
  cp dev/src/v1beta1/*.json build/src/v1beta1/
  cp dev/src/v1/*.json build/src/v1/
  cp dev/conformance/test-definition.proto build/conformance
  cp dev/conformance/conformance-tests/*.json build/conformance/conformance-tests
  npx minifyProtoJson
fi

# The emulator as users get it: the packed tarball installed into an empty folder.
(cd "$repo" && npm run pack -w emulators -- "$work" > /dev/null)
(cd "$work" && npm init -y > /dev/null && npm install --no-audit --no-fund "$work"/schrankwerk-emulators-*.tgz > /dev/null)
"$work/node_modules/.bin/schrankwerk-emulators" firestore --port 0 > "$work/emulator.log" 2>&1 &
emu_pid=$!
for _ in $(seq 300); do
  grep -q 'ready on' "$work/emulator.log" && break
  kill -0 "$emu_pid" 2>/dev/null || { cat "$work/emulator.log" >&2; exit 1; }
  sleep 0.1
done
address=$(sed -n 's/.*ready on \([0-9.]*:[0-9]*\).*/\1/p' "$work/emulator.log")
[ -n "$address" ] || { echo "emulator did not start" >&2; cat "$work/emulator.log" >&2; exit 1; }
echo "Firestore emulator (packaged) on $address; suite $SUITE_COMMIT in $suite"

# tracing.js is left out: it asserts production's host name and exports spans to Cloud Trace (needs credentials).
# GCLOUD_PROJECT: without credentials the client cannot find a project id otherwise.
# shellcheck disable=SC2086
FIRESTORE_EMULATOR_HOST=$address GCLOUD_PROJECT=demo-gsuite npx mocha \
  build/system-test/firestore.js build/system-test/query.js build/system-test/pipeline.js \
  --timeout 1200000 ${SUITE_MOCHA_ARGS:-}
