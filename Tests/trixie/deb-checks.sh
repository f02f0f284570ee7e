# The checks of actionsim's .deb (issue 27), run as root inside the Debian 13 root by
# test-trixie.sh, after the README's board commands built it in /home/pi/actionsim.
set -euo pipefail
fail() { echo "deb-checks: FAIL: $*" >&2; exit 1; }
say() { echo "deb-checks: $*" >&2; }

cd /home/pi/actionsim
debs=(actionsim_*_"$(dpkg --print-architecture)".deb)
[[ ${#debs[@]} -eq 1 && -f ${debs[0]} ]] || fail "expected one actionsim_VERSION_$(dpkg --print-architecture).deb in $PWD: ${debs[*]}"
deb=${debs[0]}
[[ $deb == "actionsim_$(/usr/bin/actionsim --version)_$(dpkg --print-architecture).deb" ]] || fail "$deb is not named after the version"
say "$deb: $(du -h "$deb" | cut -f1)"

say "removed, then installed again with dpkg -i"
dpkg -r actionsim >/dev/null
[[ ! -e /usr/bin/actionsim ]] || fail "dpkg -r left /usr/bin/actionsim"
dpkg -i "$deb"
[[ $(dpkg-query -W -f '${Status}' actionsim) == "install ok installed" ]] || fail "dpkg -i did not leave actionsim installed"
for path in /usr/bin/actionsim /usr/lib/udev/rules.d/70-actionsim.rules /usr/lib/systemd/system/actionsim.service \
            /etc/default/actionsim /usr/share/man/man1/actionsim.1.gz /usr/share/doc/actionsim/copyright; do
  [[ -f $path ]] || fail "the package did not install $path"
done
getent passwd actionsim >/dev/null || fail "postinst made no actionsim user"
id -nG actionsim | grep -qw actionsim || fail "the actionsim user is not in group actionsim: $(id -nG actionsim)"
id -nG actionsim | grep -qw input || fail "the actionsim user is not in group input (the system has one): $(id -nG actionsim)"
file /usr/bin/actionsim | grep -q 'statically linked' || fail "/usr/bin/actionsim is not static: $(file /usr/bin/actionsim)"
zcat /usr/share/man/man1/actionsim.1.gz | grep -q '^\.SS "actionsim replay"' || fail "the man page lacks the commands' help"

say "systemd-analyze verify (systemd, lintian and man-db installed first)"
missing=""
for p in systemd lintian man-db; do dpkg -s $p >/dev/null 2>&1 || missing="$missing $p"; done
[[ -z $missing ]] || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
systemd-analyze verify /usr/lib/systemd/system/actionsim.service 2>&1 | tee /tmp/verify.txt
[[ ! -s /tmp/verify.txt ]] || fail "systemd-analyze verify had something to say about actionsim.service (above)"

say "lintian"
lintian --version
set +e
runuser -u pi -- lintian --fail-on error --display-info --show-overrides "$deb" > /tmp/lintian.txt 2>&1
status=$?
set -e
cat /tmp/lintian.txt
count() { grep -c "^$1:" /tmp/lintian.txt || true; }
say "lintian: $(count E) errors, $(count W) warnings, $(count I) notes, $(count O) overridden (packaging/deb/lintian-overrides says why)"
[[ $status -eq 0 ]] || fail "lintian found errors (exit $status)"

say "the installed actionsim replays the demo"
scratch=$(mktemp -d)
/usr/bin/actionsim replay scenarios/demo.yaml --data-dir "$scratch" --log-dir "$scratch" > "$scratch/replay.txt"
grep -E '^expectations: [0-9]+ passed$' "$scratch/replay.txt" || fail "the demo's expectations did not all pass: $(tail -n 5 "$scratch/replay.txt")"
say "passed"
