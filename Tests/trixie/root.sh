#!/usr/bin/env bash
# A Debian 13 (trixie) root for make test-trixie and make test-deb (issue 27), made with
# debootstrap in a folder of the project's cache, never over the system:
#   Tests/trixie/root.sh create          make the root once (minbase + sudo, a user "pi" with
#                                        sudo, as on a board); run again, it does nothing
#   Tests/trixie/root.sh run CMD...      run CMD in the root as pi, in a mount namespace of its
#                                        own (the mounts below vanish when CMD ends)
#   Tests/trixie/root.sh run-root CMD... the same as root
# Mounted into the root for a run: /proc, /dev and /sys; read-only, the Swift package mirror
# (/opt/swift-packages) and git's configuration that points github.com at it (/etc/gitconfig);
# the Swift toolchain (/opt/swift: swift.org's build, which no machine here can download); and
# the checkout's git history at /srv/actionsim.git, which pi's git reads for the README's clone
# URL (its own insteadOf, as the mirror's). Where: $ACTIONSIM_TRIXIE_ROOT, by default
# ~/.cache/actionsim/trixie/root.
set -euo pipefail

checkout=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cache=${XDG_CACHE_HOME:-$HOME/.cache}/actionsim/trixie
root=${ACTIONSIM_TRIXIE_ROOT:-$cache/root}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
# The URL the README's board commands clone (there is no public one yet).
clone_url=https://your.git.host/actionsim.git
log() { printf 'trixie-root: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

[[ $(id -u) -eq 0 ]] || die "needs root (debootstrap, chroot and mounts); run it with sudo"

create() {
  if [[ -f $root/.actionsim-ready ]]; then log "the Debian 13 root is there: $root"; return; fi
  command -v debootstrap >/dev/null || die "debootstrap is missing (apt-get install debootstrap)"
  [[ -e $root ]] && { log "removing an unfinished root at $root"; rm -rf --one-file-system "$root"; }
  mkdir -p "$root"
  log "debootstrap trixie (minbase, with sudo) into $root from $mirror"
  debootstrap --variant=minbase --include=sudo,ca-certificates trixie "$root" "$mirror" >"$cache/debootstrap.log" 2>&1 \
    || { tail -n 20 "$cache/debootstrap.log" >&2; die "debootstrap failed (whole log: $cache/debootstrap.log)"; }
  grep -q '^VERSION_ID="13"' "$root/etc/os-release" || die "the root is not Debian 13: $(grep PRETTY "$root/etc/os-release")"
  # A board's first user: sudo without a password, as Raspberry Pi OS sets it up.
  chroot "$root" useradd --create-home --shell /bin/bash --groups sudo pi
  echo 'pi ALL=(ALL) NOPASSWD:ALL' > "$root/etc/sudoers.d/010_pi-nopasswd"
  chmod 0440 "$root/etc/sudoers.d/010_pi-nopasswd"
  # Where the mounts go.
  mkdir -p "$root/opt/swift-packages" "$root/opt/swift" "$root/srv/actionsim.git"
  touch "$root/etc/gitconfig"
  touch "$root/.actionsim-ready"
  log "made the Debian 13 root: $root ($(du -sh --one-file-system "$root" | cut -f1))"
}

# pi's git (written on every run): the README's clone URL leads to the checkout's history, and
# the mounted repositories, owned by this machine's root, are not refused as another user's.
pi_git() {
  cat > "$root/home/pi/.gitconfig" <<GIT
[url "/srv/actionsim.git"]
	insteadOf = $clone_url
[safe]
	directory = *
GIT
  chroot "$root" chown pi:pi /home/pi/.gitconfig
}

# CMD in the root, in a private mount namespace: its mounts end with it.
run_in_root() {
  local user=$1; shift
  [[ -f $root/.actionsim-ready ]] || die "no Debian 13 root at $root: run $0 create first"
  [[ -x /opt/swift/usr/bin/swift ]] || die "no Swift toolchain at /opt/swift (make toolchain)"
  [[ -d /opt/swift-packages ]] || die "no Swift package mirror at /opt/swift-packages"
  [[ -d $checkout/.git ]] || die "$checkout is not a git checkout"
  pi_git
  unshare --mount --propagation private -- bash -euo pipefail -c '
    root=$1 checkout=$2 user=$3; shift 3
    mount -t proc proc "$root/proc"
    mount --rbind /dev "$root/dev"
    mount --rbind /sys "$root/sys"
    for ro in /opt/swift-packages /opt/swift; do mount --bind "$ro" "$root$ro"; mount -o remount,bind,ro "$root$ro"; done
    mount --bind /etc/gitconfig "$root/etc/gitconfig"; mount -o remount,bind,ro "$root/etc/gitconfig"
    mount --bind "$checkout/.git" "$root/srv/actionsim.git"; mount -o remount,bind,ro "$root/srv/actionsim.git"
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    if [[ $user == root ]]; then exec chroot "$root" env -i HOME=/root TERM=dumb PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 "$@"; fi
    exec chroot "$root" env -i HOME=/home/pi USER=pi LOGNAME=pi TERM=dumb PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 \
      setpriv --reuid=pi --regid=pi --init-groups --reset-env -- env HOME=/home/pi USER=pi LOGNAME=pi TERM=dumb \
      PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 bash -c "cd ~ && exec \"\$@\"" bash "$@"
  ' bash "$root" "$checkout" "$user" "$@"
}

case ${1:-} in
  create) create ;;
  run) shift; run_in_root pi "$@" ;;
  run-root) shift; run_in_root root "$@" ;;
  path) echo "$root" ;;
  *) die "usage: $0 create | run CMD... | run-root CMD... | path" ;;
esac
