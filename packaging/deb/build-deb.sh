#!/usr/bin/env bash
# Builds actionsim_VERSION_ARCH.deb (issue 27) from the static executable of `make release`:
#   packaging/deb/build-deb.sh BINARY OUTPUT_DIR
# The package holds the executable (stripped: the debug information is 70 MB a board does not
# need), its man page (help2man, from --help and each command's help), udev/70-actionsim.rules,
# actionsim.service with its settings in /etc/default/actionsim, and maintainer scripts that
# make the actionsim user and reload udev's rules. VERSION is the one `actionsim --version`
# prints, ARCH this machine's (dpkg --print-architecture). Prints the .deb's path last.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
checkout=$(cd "$here/../.." && pwd)
die() { printf 'build-deb: ERROR: %s\n' "$*" >&2; exit 1; }
log() { printf 'build-deb: %s\n' "$*" >&2; }

[[ $# -eq 2 ]] || die "usage: $0 BINARY OUTPUT_DIR"
binary=$1 out=$2
[[ -x $binary ]] || die "no executable at $binary (make release builds it)"
for tool in dpkg-deb help2man strip gzip; do
  command -v "$tool" >/dev/null || die "$tool is missing (apt-get install dpkg-dev help2man binutils gzip)"
done
file -b "$binary" 2>/dev/null | grep 'statically linked' >/dev/null || \
  { command -v file >/dev/null && die "$binary is not statically linked: package the executable of make release"; }

version=$("$binary" --version) || die "$binary --version failed"
[[ $version =~ ^[0-9][0-9A-Za-z.+~-]*$ ]] || die "'$version' (from $binary --version) is not a Debian version"
arch=$(dpkg --print-architecture)
deb=$out/actionsim_${version}_${arch}.deb
work=$(mktemp -d "${TMPDIR:-/tmp}/actionsim-deb.XXXXXX")
trap 'rm -rf "$work"' EXIT
pkg=$work/pkg

install -d "$pkg/DEBIAN" "$pkg/usr/bin" "$pkg/usr/lib/udev/rules.d" "$pkg/usr/lib/systemd/system" \
  "$pkg/etc/default" "$pkg/usr/share/man/man1" "$pkg/usr/share/doc/actionsim"
install -m 0755 "$binary" "$pkg/usr/bin/actionsim"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$pkg/usr/bin/actionsim"
install -m 0644 "$checkout/udev/70-actionsim.rules" "$pkg/usr/lib/udev/rules.d/70-actionsim.rules"
install -m 0644 "$here/actionsim.service" "$pkg/usr/lib/systemd/system/actionsim.service"
install -m 0644 "$here/default" "$pkg/etc/default/actionsim"
install -m 0755 "$here/postinst" "$here/postrm" "$pkg/DEBIAN/"
install -d "$pkg/usr/share/lintian/overrides"
install -m 0644 "$here/lintian-overrides" "$pkg/usr/share/lintian/overrides/actionsim"
echo /etc/default/actionsim > "$pkg/DEBIAN/conffiles"

# The man page: help2man reads --help and --version; each command's help follows as a section.
include=$work/commands.h2m
{
  printf '[COMMANDS]\n'
  commands=$("$binary" --help | sed -n '/^SUBCOMMANDS:/,/^$/p' | grep -oE '^  [a-z][a-z0-9-]+' | tr -d ' ')
  [[ -n $commands ]] || die "no SUBCOMMANDS in $binary --help"
  for command in $commands; do
    # Each command's help as written (no fill), with roff's backslash and leading dot or quote escaped.
    printf '.SS "actionsim %s"\n.nf\n' "$command"
    "$binary" help "$command" | sed -e 's/\\/\\e/g' -e "s/^\([.']\)/\\\&\1/"
    printf '.fi\n'
  done
  cat <<'H2M'
[FILES]
.TP
.I /etc/default/actionsim
The settings of actionsim.service: the device profile, the web page's address, more options.
.TP
.I /var/lib/actionsim
The service's session store (actionsim.sqlite).
.TP
.I /var/log/actionsim
The service's session logs.
.TP
.I /usr/lib/udev/rules.d/70-actionsim.rules
Gives the actionsim group GPIO chips and tagged input devices.
[SEE ALSO]
.BR systemctl (1),
.BR udevadm (8).
The documentation in actionsim's repository: docs/real-buttons.md.
H2M
} > "$include"
help2man --no-info --no-discard-stderr --include="$include" \
  --name="simulate the Apple Watch Ultra Action button from real buttons or scenarios" \
  --version-string="$version" "$binary" > "$work/actionsim.1" || die "help2man failed"
grep -q '^\.SH COMMANDS' "$work/actionsim.1" || die "the man page has no COMMANDS section"
gzip -9n < "$work/actionsim.1" > "$pkg/usr/share/man/man1/actionsim.1.gz"

date=$(date -R -d "@${SOURCE_DATE_EPOCH:-$(git -C "$checkout" log -1 --format=%ct 2>/dev/null || date +%s)}")
commit=$(git -C "$checkout" rev-parse --short HEAD 2>/dev/null || echo unknown)
# Who built it: DEB_MAINTAINER, else the author of the commit it was built from.
maintainer=${DEB_MAINTAINER:-$(git -C "$checkout" log -1 --format='%an <%ae>' 2>/dev/null || true)}
[[ $maintainer =~ ^[^\<]+\ \<[^@\>]+@[^\>]+\>$ ]] || die "no maintainer: set DEB_MAINTAINER='Name <address>'"
cat > "$work/changelog" <<CHANGELOG
actionsim ($version) unstable; urgency=medium

  * Built by make deb from actionsim's checkout at $commit.

 -- $maintainer  $date
CHANGELOG
gzip -9n < "$work/changelog" > "$pkg/usr/share/doc/actionsim/changelog.gz"
cat > "$pkg/usr/share/doc/actionsim/copyright" <<'COPYRIGHT'
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: actionsim
Comment: /usr/bin/actionsim is one static executable. Linked into it are the Swift runtime,
 Foundation and Dispatch (Apache-2.0 with the Runtime Library Exception), the Swift packages
 actionsim depends on (Apache-2.0, MIT and BSD licences: Package.swift names them), glibc
 (LGPL-2.1+), libgpiod (LGPL-2.1+), libevdev (MIT) and SQLite (public domain).

Files: *
Copyright: actionsim developers
License: Apache-2.0
 On Debian systems, the complete text of the Apache License, Version 2.0 is in
 /usr/share/common-licenses/Apache-2.0.
COPYRIGHT
chmod 0644 "$pkg/usr/share/doc/actionsim/"*

size=$(du -sk --exclude=DEBIAN "$pkg" | cut -f1)
cat > "$pkg/DEBIAN/control" <<CONTROL
Package: actionsim
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $size
Depends: adduser
Recommends: udev
Section: utils
Priority: optional
Description: simulated Apple Watch Ultra Action button for Linux boards
 actionsim simulates what an Apple Watch Ultra does when its Action button is
 pressed for a workout or dive app: which intent runs, the 30-second start
 deadline, the next action after each donation, pause and resume, and what the
 session recorded. Buttons wired to a Raspberry Pi, a USB keyboard or the
 terminal press it live; recorded scenarios replay in virtual time.
 .
 This package holds one static executable, its udev rules (the actionsim group
 opens GPIO chips and tagged input devices) and actionsim.service, which runs
 a live session from boot with the settings in /etc/default/actionsim.
CONTROL

mkdir -p "$out"
(cd "$pkg" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) > "$pkg/DEBIAN/md5sums"
dpkg-deb --root-owner-group -Zxz --build "$pkg" "$deb" >/dev/null
log "built $deb ($(du -h "$deb" | cut -f1); actionsim $version for $arch)"
echo "$deb"
