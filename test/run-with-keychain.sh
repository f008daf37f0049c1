#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring, so keytar talks to a
# real Secret Service (the same one a Linux desktop has). HOME and XDG folders point at a temporary
# folder so the developer's own keyring is never touched.
set -euo pipefail
if [ "$#" -eq 0 ]; then echo "usage: $0 command [args...]" >&2; exit 2; fi
if ! command -v gnome-keyring-daemon >/dev/null || ! command -v dbus-run-session >/dev/null; then
  echo "gnome-keyring-daemon and dbus-run-session are needed (apt-get install gnome-keyring dbus)" >&2
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/home" "$tmp/data" "$tmp/runtime"
chmod 700 "$tmp/runtime"
export CARD_DESK_TEST_HOME="$tmp"
export HOME="$tmp/home" XDG_DATA_HOME="$tmp/data" XDG_RUNTIME_DIR="$tmp/runtime"
quoted=$(printf '%q ' "$@")
exec dbus-run-session -- bash -c "echo -n card-desk-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null; export CARD_DESK_KEYCHAIN=gnome-keyring; $quoted"
