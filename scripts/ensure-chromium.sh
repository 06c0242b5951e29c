#!/bin/sh
# The web table's end-to-end tests drive Debian's Chromium through playwright-core (no browser download
# from the internet). CI is a fresh Debian 12 root machine: install it there once, and do nothing when
# it is already present so developers' machines are left alone.
set -eu
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: $CHROMIUM is missing; install Debian's chromium package (apt-get install chromium) to run the browser tests" >&2
  exit 1
fi
echo "ensure-chromium: installing Debian's chromium (once; about 20 s)" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq --no-install-recommends chromium >/dev/null
"$CHROMIUM" --version >&2 || true
