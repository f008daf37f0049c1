#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring, so keytar talks to a
# real Secret Service (the same one a Linux desktop has). HOME and XDG folders point at a temporary
# folder so the developer's own keyring is never touched.
#
# The keyring daemon runs in the foreground as a child of the session for the whole command, and the
# command starts only once the daemon owns org.freedesktop.secrets and its login collection is unlocked:
# on a loaded machine a daemon that forks itself away may not be there yet (or any more) when the first
# test asks, and D-Bus then starts a fresh, locked one instead.
set -euo pipefail
if [ "$#" -eq 0 ]; then echo "usage: $0 command [args...]" >&2; exit 2; fi
for tool in gnome-keyring-daemon dbus-run-session dbus-send; do
  if ! command -v "$tool" >/dev/null; then
    echo "$tool is needed (apt-get install gnome-keyring dbus)" >&2
    exit 1
  fi
done
tmp=$(mktemp -d -t card-desk-keychain.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/home" "$tmp/data" "$tmp/runtime"
chmod 700 "$tmp/runtime"
export CARD_DESK_TEST_HOME="$tmp"
export HOME="$tmp/home" XDG_DATA_HOME="$tmp/data" XDG_RUNTIME_DIR="$tmp/runtime"
# shellcheck disable=SC2016
dbus-run-session -- bash -c '
  printf %s card-desk-test | gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null 2>&1 &
  keyring=$!
  owned() {
    dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
      org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q "boolean true"
  }
  # Up to 120 s, far above the fraction of a second it takes.
  for _ in $(seq 1 1200); do owned && break; sleep 0.1; done
  locked=$(dbus-send --session --print-reply --dest=org.freedesktop.secrets /org/freedesktop/secrets/collection/login \
    org.freedesktop.DBus.Properties.Get string:org.freedesktop.Secret.Collection string:Locked 2>&1 | tail -1 | xargs || true)
  if [ "$locked" != "variant boolean false" ]; then
    echo "run-with-keychain.sh: the test keyring did not start unlocked ($locked)" >&2
    kill "$keyring" 2>/dev/null || true
    exit 1
  fi
  export CARD_DESK_KEYCHAIN=gnome-keyring
  status=0
  "$@" || status=$?
  kill "$keyring" 2>/dev/null || true
  wait "$keyring" 2>/dev/null || true
  exit "$status"
' run-with-keychain "$@"
