#!/usr/bin/env bash
# Fetches Debian 13's libgpiod 2 (libgpiod-dev and libgpiod3, 2.2.1: what current Raspberry Pi
# OS builds against) into .build/libgpiod2/, so that actionsim can be built and tested against
# libgpiod 2 on a machine whose own libgpiod is 1.6 (Debian 12).
#
# Nothing is installed: an apt configuration of its own (a trixie source list, lists and
# cache under .build/libgpiod2/apt) is used only for `apt-get download`, and the .debs are
# unpacked with `dpkg -x`. The pkg-config file's prefix is pointed at the unpacked tree, so
#   PKG_CONFIG_PATH=$(./Tests/libgpiod2/fetch.sh --pkg-config-path) swift build
# builds against it (a program built so runs with LD_LIBRARY_PATH=.build/libgpiod2/usr/lib/<triplet>
# unless it is static, as `make release-gpiod2`'s is). Prints that directory as its last line.
# Run again, it does nothing.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
dir=$root/.build/libgpiod2
# The version Debian 13 (trixie) ships; a point release of it is fine too.
want=2.2.1
arch=$(dpkg --print-architecture)
triplet=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)
pcdir=$dir/usr/lib/$triplet/pkgconfig
log() { printf 'libgpiod2: %s\n' "$*" >&2; }

marker=$dir/.ready-2
if [[ -f $marker ]]; then echo "$pcdir"; exit 0; fi

apt=$dir/apt
rm -rf "$dir"
mkdir -p "$apt/etc/sources.list.d" "$apt/etc/preferences.d" "$apt/etc/apt.conf.d" "$apt/lists/partial" \
  "$apt/cache/archives/partial" "$dir/debs"
: > "$apt/status"
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie main" \
  > "$apt/etc/sources.list"
opts=(-o "Dir::Etc=$apt/etc" -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache"
      -o "Dir::State::status=$apt/status" -o "APT::Architecture=$arch" -o "Debug::NoLocking=1"
      -o "APT::Sandbox::User=root")
log "reading Debian 13 (trixie)'s package list into $apt (used for this download only)"
apt-get "${opts[@]}" -qq update >&2
version=$(apt-cache "${opts[@]}" show libgpiod-dev | sed -n 's/^Version: //p' | head -n 1)
[[ $version == "$want"* ]] || { log "ERROR: trixie's libgpiod-dev is $version, expected $want"; exit 1; }
log "downloading libgpiod-dev and libgpiod3 $version (.debs, not installed)"
(cd "$dir/debs" && apt-get "${opts[@]}" -qq download "libgpiod-dev=$version" "libgpiod3=$version" >&2)
for deb in "$dir"/debs/*.deb; do dpkg -x "$deb" "$dir"; done
# The .pc file says prefix=/usr; point it at the unpacked tree.
sed -i "s|^prefix=.*|prefix=$dir/usr|" "$pcdir/libgpiod.pc"
# SwiftPM puts each system library's -L on the link line, and libevdev's (the system's library
# directory, which also holds its libgpiod 1.6) comes before libgpiod's: -lgpiod would find 1.6
# there. So a libevdev.pc beside this libgpiod.pc names a directory that holds only links to
# the system's libevdev.
evdev_pc=$(pkg-config --variable=pcfiledir libevdev)/libevdev.pc
evdev_lib=$(pkg-config --variable=libdir libevdev)
mkdir -p "$dir/evdev-lib"
for f in "$evdev_lib"/libevdev.a "$evdev_lib"/libevdev.so*; do [[ -e $f ]] && ln -sf "$f" "$dir/evdev-lib/"; done
sed "s|^libdir=.*|libdir=$dir/evdev-lib|" "$evdev_pc" > "$pcdir/libevdev.pc"
rm -rf "$apt"
[[ $(PKG_CONFIG_PATH=$pcdir pkg-config --modversion libgpiod) == "$want" ]] \
  || { log "ERROR: pkg-config does not see libgpiod $want in $pcdir"; exit 1; }
touch "$marker"
log "libgpiod $want unpacked into $dir"
echo "$pcdir"
