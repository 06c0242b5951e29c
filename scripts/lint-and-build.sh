#!/bin/sh
# The README's test command runs this before vitest: ESLint and the TypeScript build check different
# things and read the same files, so on a two-core machine they run side by side (about 25 s saved).
# Either failing fails the whole; each one's output is shown as it comes.
set -u
npm run lint &
lint=$!
npm run build
built=$?
wait "$lint"
linted=$?
[ "$linted" -eq 0 ] || echo "lint-and-build: eslint failed (exit $linted)" >&2
[ "$built" -eq 0 ] || echo "lint-and-build: the TypeScript build failed (exit $built)" >&2
[ "$linted" -eq 0 ] && [ "$built" -eq 0 ]
