#!/usr/bin/env bash
# `npm run setup:system`: installs the Debian packages the app itself needs at run time, when missing.
# `npm run setup-and-start` and `.ci/run` call it first; it is quick when everything is there.
# (What only the tests need — Debian's Chromium — is installed by .ci/run, not here.)
set -euo pipefail
cd "$(dirname "$0")/.."

# One package a line in scripts/system-packages.txt; '#' starts a comment.
mapfile -t wanted < <(sed -e 's/#.*//' -e 's/[[:space:]]//g' scripts/system-packages.txt | grep -v '^$' || true)

missing=()
for pkg in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "setup:system: all system packages present (${#wanted[@]} listed)"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup:system: missing ${missing[*]} and no apt-get here; install them with your system's package manager" >&2
  exit 1
fi

if [ "$(id -u)" -eq 0 ]; then SUDO=; else SUDO=sudo; fi
export DEBIAN_FRONTEND=noninteractive
echo "setup:system: installing ${missing[*]}"
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
