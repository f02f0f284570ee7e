#!/usr/bin/env bash
# Build (once) a small x86_64 kernel with gpio-sim, uinput and evdev built in,
# for booting actionsim's real-device tests under qemu.
#
# Usage: build-kernel.sh            -> prints the bzImage path as the last stdout line
#
# The kernel comes from Debian's linux-source-6.1 package: tinyconfig plus the
# fragment kernel.config beside this script. The module gpio-keys-sim/ is built with
# it. The result is cached under
#   ${XDG_CACHE_HOME:-$HOME/.cache}/actionsim/kernel/<key>/bzImage (and gpio-keys-sim.ko)
# where <key> hashes the fragment, the module's source and the linux-source package
# version, so a change to any builds a new kernel and a cached run returns at once.
# Progress goes to stderr; stdout only carries the path.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
fragment=$here/kernel.config
src_pkg=linux-source-6.1
log() { printf 'build-kernel: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# --- packages ---------------------------------------------------------------
# Everything the build and run-guest.sh need. dpkg-query is quick, so this is
# checked on every run; apt-get only runs when something is missing.
pkgs=("$src_pkg" bc bison flex libelf-dev cpio qemu-system-x86 busybox-static gcc make xz-utils libc6-dev)
# One dpkg-query for all of them; absent packages print nothing.
installed=$(dpkg-query -W -f='${Package} ${db:Status-Status}\n' "${pkgs[@]}" 2>/dev/null | awk '$2 == "installed" { print $1 }' || true)
missing=()
for p in "${pkgs[@]}"; do
  grep -qx -- "$p" <<<"$installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=(); ((EUID == 0)) || sudo=(sudo)
  log "installing missing packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -q >&2
  "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}" >&2
fi

# --- cache key --------------------------------------------------------------
src_version=$(dpkg-query -W -f='${Version}' "$src_pkg")
module_src=$here/gpio-keys-sim
key=$( { cat "$fragment" "$module_src"/*; echo "$src_pkg=$src_version"; } | sha256sum | cut -c1-16)
cache_root=${XDG_CACHE_HOME:-$HOME/.cache}/actionsim/kernel
out_dir=$cache_root/$key
image=$out_dir/bzImage

if [[ -s $image ]]; then
  echo "$image"
  exit 0
fi

# --- build (under a lock so concurrent runs build only once) ----------------
mkdir -p "$cache_root"
exec 9>"$cache_root/.lock"
flock -n 9 || { log "another build holds $cache_root/.lock: waiting for it"; flock 9; }
if [[ -s $image ]]; then   # someone else built it while we waited
  echo "$image"
  exit 0
fi

build=$cache_root/build-$key
# Build trees of other keys are leftovers of interrupted builds of an older
# fragment: ~1.5 GB each, so drop them (we hold the lock, nobody uses them).
for stale in "$cache_root"/build-*; do
  [[ -d $stale && $stale != "$build" ]] && { log "removing stale $stale"; rm -rf "$stale"; }
done
tarball=/usr/src/$src_pkg.tar.xz
[[ -f $tarball ]] || die "$tarball not found (is $src_pkg installed?)"
if [[ ! -f $build/.extracted ]]; then
  log "extracting $tarball into $build"
  rm -rf "$build"; mkdir -p "$build"
  tar -xJf "$tarball" -C "$build" --strip-components=1
  touch "$build/.extracted"
fi

buildlog=$build/build.log
log "configuring: tinyconfig + $fragment (log: $buildlog)"
start=$SECONDS
(
  cd "$build"
  make tinyconfig
  scripts/kconfig/merge_config.sh -m .config "$fragment"
  make olddefconfig
) >"$buildlog" 2>&1 || { tail -n 30 "$buildlog" >&2; die "kernel configuration failed"; }

# kconfig silently drops options whose dependencies are not met: insist that
# every option of the fragment survived as =y.
dropped=()
while IFS= read -r opt; do
  grep -qx "$opt=y" "$build/.config" || dropped+=("$opt (now: $(grep -E "^$opt=|^# $opt is not set" "$build/.config" || echo absent))")
done < <(grep -oE '^CONFIG_[A-Za-z0-9_]+' "$fragment")
if ((${#dropped[@]})); then
  for d in "${dropped[@]}"; do log "dropped by kconfig: $d"; done
  die "${#dropped[@]} option(s) of kernel.config are not =y in the final .config"
fi

log "building bzImage with make -j$(nproc) (about 4 min on 2 cores)"
make -C "$build" -j"$(nproc)" bzImage >>"$buildlog" 2>&1 \
  || { tail -n 40 "$buildlog" >&2; die "kernel build failed (full log: $buildlog)"; }

log "building the gpio-keys-sim module against it"
make -C "$build" -j"$(nproc)" modules >>"$buildlog" 2>&1 \
  || { tail -n 40 "$buildlog" >&2; die "kernel modules build failed (full log: $buildlog)"; }
rm -rf "$build/actionsim-gpio-keys-sim"; cp -r "$module_src" "$build/actionsim-gpio-keys-sim"
make -C "$build" M="$build/actionsim-gpio-keys-sim" modules >>"$buildlog" 2>&1 \
  || { tail -n 40 "$buildlog" >&2; die "gpio-keys-sim build failed (full log: $buildlog)"; }

# Publish atomically: a bzImage in the cache is always complete.
mkdir -p "$out_dir"
cp "$build/actionsim-gpio-keys-sim/gpio-keys-sim.ko" "$out_dir/gpio-keys-sim.ko"
cp "$build/.config" "$out_dir/config"
cp "$build/arch/x86/boot/bzImage" "$out_dir/bzImage.tmp"
mv "$out_dir/bzImage.tmp" "$image"
log "built in $((SECONDS - start)) s; removing build tree $build"
rm -rf "$build"
echo "$image"
