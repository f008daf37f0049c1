#!/bin/sh
# Card Desk's root step for an update on Linux: `install-update.sh PACKAGE.deb PACKAGE.deb.sig`, run as
# root through pkexec by the app (src-main/updates/deb-root-step.ts). The package installs it, root-owned,
# as /opt/Card Desk/resources/install-update.sh beside the public update keys (resources/update-keys, from
# build/update-keys). It trusts nothing the user can change:
#   1. copies the package and its signature out of the user's cache into a new folder only root can
#      write (/var/lib/card-desk/updates), and from then on reads only those copies;
#   2. checks the signature (src-main/updates/release-signature.ts has its format) with openssl against
#      the keys beside this script, and that the copy's SHA-512 is the one signed;
#   3. checks the copy is the card-desk package, of the version signed, and newer than the one installed;
#   4. installs the copy with `dpkg -i`. Never apt, never --allow-unauthenticated, never a downgrade.
# Exit codes: 0 installed; 1 not run as it must be; 2 the file or its signature refused; 3 not newer
# than the installed version (or Card Desk is not installed as a package); 4 dpkg failed. The last line
# on stderr says why, starting `install-update: `.
set -eu
PATH=/usr/sbin:/usr/bin:/sbin:/bin
LC_ALL=C
export PATH LC_ALL
umask 077

PACKAGE=card-desk
STAGING=/var/lib/card-desk/updates
# An Electron app's .deb is ~100 MB; a copy is cut off far above that (and then fails its check).
MAX_BYTES=2147483648

fail() {
  code=$1
  shift
  echo "install-update: $*" >&2
  exit "$code"
}

[ "$(id -u)" = 0 ] || fail 1 "must run as root (the app runs it through pkexec)"
[ $# -eq 2 ] || fail 1 "usage: install-update.sh PACKAGE.deb PACKAGE.deb.sig"
for tool in openssl sha512sum dpkg dpkg-deb dpkg-query base64; do
  command -v "$tool" >/dev/null 2>&1 || fail 1 "$tool is not installed"
done
here=$(dirname "$(readlink -f "$0")")
keys="$here/update-keys"

# 1. The copies, in a folder of root's own.
mkdir -p "$STAGING"
chown root:root /var/lib/card-desk "$STAGING"
chmod 0755 /var/lib/card-desk
chmod 0700 "$STAGING"
stage=$(mktemp -d "$STAGING/update.XXXXXX")
trap 'rm -rf "$stage"' EXIT
[ -f "$1" ] || fail 2 "$1 is not a file"
[ -f "$2" ] || fail 2 "$2 is not a file"
head -c "$MAX_BYTES" -- "$1" >"$stage/package.deb"
head -c 4096 -- "$2" >"$stage/package.sig"

# 2. The signature, from the copy.
sig="$stage/package.sig"
[ "$(wc -l <"$sig")" -eq 6 ] || fail 2 "the signature file is not six lines"
line() { sed -n "$1p" "$sig"; }
field() { line "$1" | sed -n "s/^$2: \\($3\\)\$/\\1/p"; }
[ "$(line 1)" = "card-desk-release-signature: 1" ] || fail 2 "not a Card Desk release signature"
version=$(field 3 version '[0-9][A-Za-z0-9.+~-]*')
sha512=$(field 4 sha512 '[0-9a-f]\{128\}')
fingerprint=$(field 5 key '[0-9a-f]\{64\}')
signature=$(field 6 signature '[A-Za-z0-9+/]\{86\}==')
[ -n "$(field 2 file '[A-Za-z0-9][A-Za-z0-9 ._+~-]*')" ] || fail 2 "the signature file names no file"
[ -n "$version" ] && [ -n "$sha512" ] && [ -n "$fingerprint" ] && [ -n "$signature" ] ||
  fail 2 "the signature file is not as Card Desk writes it"
head -n 5 "$sig" >"$stage/statement"
printf '%s' "$signature" | base64 -d >"$stage/signature.bin" 2>/dev/null || fail 2 "the signature is not base64"

key=""
known=""
for candidate in "$keys"/*.pem; do
  [ -f "$candidate" ] || continue
  print=$(openssl pkey -pubin -in "$candidate" -outform DER 2>/dev/null | sha256sum | cut -d' ' -f1)
  known="$known $print"
  [ "$print" = "$fingerprint" ] && key=$candidate
done
[ -n "$key" ] || fail 2 "signed with the key $fingerprint, not one of this Card Desk's keys:$known"
openssl pkeyutl -verify -pubin -inkey "$key" -rawin -in "$stage/statement" -sigfile "$stage/signature.bin" \
  >/dev/null 2>&1 || fail 2 "the signature does not verify with the key $fingerprint"
[ "$(sha512sum <"$stage/package.deb" | cut -d' ' -f1)" = "$sha512" ] ||
  fail 2 "the package is not the file that was signed (its SHA-512 differs)"

# 3. Card Desk, the version signed, newer than the one installed.
[ "$(dpkg-deb -f "$stage/package.deb" Package 2>/dev/null)" = "$PACKAGE" ] || fail 2 "the package is not $PACKAGE"
[ "$(dpkg-deb -f "$stage/package.deb" Version)" = "$version" ] || fail 2 "the package is not version $version"
installed=$(dpkg-query -W -f '${Version}' "$PACKAGE" 2>/dev/null) || fail 3 "$PACKAGE is not installed as a package"
dpkg --compare-versions "$version" gt "$installed" || fail 3 "$version is not newer than the installed $installed"

# 4. The copy, installed.
dpkg -i "$stage/package.deb" >&2 || fail 4 "dpkg could not install $PACKAGE $version"
echo "install-update: installed $PACKAGE $version" >&2
