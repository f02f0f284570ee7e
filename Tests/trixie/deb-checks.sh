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
id -nG actionsim | grep -w actionsim >/dev/null || fail "the actionsim user is not in group actionsim: $(id -nG actionsim)"
id -nG actionsim | grep -w input >/dev/null || fail "the actionsim user is not in group input (the system has one): $(id -nG actionsim)"
file /usr/bin/actionsim | grep 'statically linked' >/dev/null || fail "/usr/bin/actionsim is not static: $(file /usr/bin/actionsim)"
zcat /usr/share/man/man1/actionsim.1.gz | grep '^\.SS "actionsim replay"' >/dev/null || fail "the man page lacks the commands' help"

say "systemd-analyze verify (systemd, lintian and man-db installed first)"
missing=""
for p in systemd lintian man-db; do dpkg -s $p >/dev/null 2>&1 || missing="$missing $p"; done
[[ -z $missing ]] || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
systemd-analyze verify /usr/lib/systemd/system/actionsim.service 2>&1 | tee /tmp/verify.txt
[[ ! -s /tmp/verify.txt ]] || fail "systemd-analyze verify had something to say about actionsim.service (above)"

say "the unit's command, as the actionsim user with /etc/default/actionsim: it starts, and stops at the missing GPIO chip (exit 3)"
exec_start=$(sed -n '/^ExecStart=/,/[^\\]$/p' /usr/lib/systemd/system/actionsim.service | sed -e 's/^ExecStart=//' -e 's/\\$//' | tr '\n' ' ')
[[ $exec_start == /usr/bin/actionsim\ run\ * ]] || fail "unexpected ExecStart: $exec_start"
install -d -o actionsim -g actionsim /var/lib/actionsim /var/log/actionsim
set +e
# In the unit's WorkingDirectory; port 0: the root shares this machine's network, where 8080
# may be taken.
runuser -u actionsim -- env HOME=/var/lib/actionsim bash -c "cd /var/lib/actionsim; set -a; . /etc/default/actionsim; ACTIONSIM_LISTEN=127.0.0.1:0; exec $exec_start" \
  < /dev/null > /tmp/service.out 2> /tmp/service.err
status=$?
set -e
cat /tmp/service.err >&2
[[ $status -eq 3 ]] || fail "the service's command exited $status, not 3 (no GPIO chip here)"
grep -q "none of the profile's GPIO chips exists" /tmp/service.err || fail "the service's command did not stop at the GPIO chip"

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
