#!/usr/bin/env python3
"""The web page (`--web`) in a real browser: headless Chromium from Debian's packages,
driven by selenium through Debian's chromedriver (never a downloaded one).

Live (`actionsim run --web`): clicks the drawn Action button, then holds it and presses the
drawn side button with a second pointer within the chord window, then Shift-clicks the Action
button (the mouse's chord, as the page says), and checks on the session log, which the page
never writes, that the first press started the workout, the chord paused it and the
Shift-click resumed it (P3, A3, A7). A second page without the token sees the same state and
cannot press.

Phone (`actionsim run --web --listen 0.0.0.0:0`, as a phone on the network sees it, in
Chromium's mobile emulation at 390 x 844 with touch): nothing is wider than the screen, the
watch comes before the timeline, a one-finger tap on the Action button starts the workout and
two fingers, one on each button, pause it (touches through the DevTools protocol's
Input.dispatchTouchEvent, as a touch screen sends them). The replay's page at that size is no
wider either.

Replay (`actionsim replay --web scenarios/demo.yaml`): the charts arrive, the scrubber moves
the watch to an earlier time, the chart shown is the session under the cursor with the cursor
at the scrubbed time (read off the chart's own time axis), the workout's at 0:12:00 and the
dive's at 0:45:00, and a screenshot at 0:12:00 is kept (.build/browser-test/replay.png,
docs/web-page.png, the picture in docs/web-page.md) and checked not to be blank.

Exits non-zero, saying what was wrong, on any failure. Prints "N passed, 0 failed" at the end.
"""
import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

from PIL import Image
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

passed = []


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    passed.append(what)
    print(f"  ok: {what}", flush=True)


def start(command, err_path):
    """Starts actionsim; returns (process, URL) once it printed the page's URL."""
    err = open(err_path, "w+")
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err,
                               env=dict(os.environ, SWIFT_BACKTRACE="enable=no"))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        text = open(err_path).read()
        found = re.search(r"web page: (http://\S+)", text)
        if found:
            return process, found.group(1)
        if process.poll() is not None:
            raise AssertionError(f"actionsim exited {process.returncode} before serving the page:\n{text}")
        time.sleep(0.1)
    process.kill()
    raise AssertionError("actionsim printed no URL within 60 s:\n" + open(err_path).read())


def stop(process, what):
    process.send_signal(signal.SIGTERM if what == "run" else signal.SIGINT)
    started = time.monotonic()
    try:
        code = process.wait(timeout=30)
        print(f"  (actionsim {what} stopped {time.monotonic() - started:.2f} s after the signal)", flush=True)
        return code
    except subprocess.TimeoutExpired:
        os.system(f"gdb -p {process.pid} -batch -ex 'thread apply all bt' > /tmp/hang.gdb 2>&1")
        process.kill()
        raise AssertionError(f"actionsim {what} did not stop within 30 s of the signal")


PHONE = (390, 844)


def browser(chromium, chromedriver, phone=False):
    """A laptop's browser window, or with `phone` a phone's screen (390 x 844 CSS pixels, three
    device pixels to one, touch): Chromium's mobile emulation, which also honours the page's
    viewport meta tag as a phone's browser does."""
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1400,1100", "--hide-scrollbars"):
        options.add_argument(argument)
    if phone:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": PHONE[0], "height": PHONE[1], "pixelRatio": 3.0, "touch": True}})
    else:
        options.add_argument("--force-device-scale-factor=1")
    return webdriver.Chrome(service=Service(executable_path=chromedriver), options=options)


def text_of(driver, element_id):
    return driver.find_element(By.ID, element_id).text


def wait_for(driver, predicate, what, seconds=30):
    # The page redraws parts of itself as messages come: an element found a moment ago may be
    # gone (stale); that is asked again, not a failure.
    try:
        WebDriverWait(driver, seconds, poll_frequency=0.1,
                      ignored_exceptions=[StaleElementReferenceException]).until(lambda d: predicate(d))
    except TimeoutException:
        raise AssertionError(f"timed out after {seconds} s waiting for {what}; "
                             f"status: {text_of(driver, 'status-session')!r}, connection: {text_of(driver, 'connection')!r}")


def press_chord(driver):
    """Holds the drawn Action button with the mouse and touches the side button 40 ms later,
    then lets both go 80 ms after that: inside the 150 ms chord window (P3). One W3C action
    sequence of two pointers, at viewport coordinates found beforehand, so that chromedriver
    plays it tick by tick without looking anything up in between."""
    (ax, ay), (sx, sy) = centre(driver, "action-button"), centre(driver, "side-button")
    builder = ActionBuilder(driver, duration=0)
    mouse = builder.add_pointer_input(interaction.POINTER_MOUSE, "mouse")
    finger = builder.add_pointer_input(interaction.POINTER_TOUCH, "finger")
    mouse.create_pointer_move(duration=0, x=ax, y=ay, origin="viewport")
    finger.create_pointer_move(duration=0, x=sx, y=sy, origin="viewport")
    mouse.create_pointer_down(button=0)
    finger.create_pause(0)
    mouse.create_pause(0.04)
    finger.create_pause(0.04)
    mouse.create_pause(0)
    finger.create_pointer_down(button=0)
    mouse.create_pause(0.08)
    finger.create_pause(0.08)
    mouse.create_pointer_up(button=0)
    finger.create_pointer_up(button=0)
    builder.perform()


def shift_click(driver, element_id):
    """Holds Shift and clicks the drawn button with the mouse: the page's chord for a mouse."""
    x, y = centre(driver, element_id)
    builder = ActionBuilder(driver, duration=0)
    keyboard = builder.add_key_input("keyboard")
    mouse = builder.add_pointer_input(interaction.POINTER_MOUSE, "mouse")
    mouse.create_pointer_move(duration=0, x=x, y=y, origin="viewport")
    keyboard.create_pause(0)
    keyboard.create_key_down(Keys.SHIFT)
    mouse.create_pause(0)
    keyboard.create_pause(0)
    mouse.create_pointer_down(button=0)
    keyboard.create_pause(0.08)
    mouse.create_pause(0.08)
    mouse.create_pointer_up(button=0)
    keyboard.create_pause(0)
    keyboard.create_key_up(Keys.SHIFT)
    builder.perform()


def centre(driver, element_id):
    return driver.execute_script(
        "const r = document.getElementById(arguments[0]).getBoundingClientRect();"
        "return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];", element_id)


def touch(driver, kind, *points):
    """One touch event as a touch screen sends it (Input.dispatchTouchEvent): `points` are the
    fingers on the screen after it, (x, y) in CSS pixels, each finger's id its position in the
    list. touchEnd lifts every finger."""
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
        "type": kind, "touchPoints": [{"x": x, "y": y, "id": i, "radiusX": 6, "radiusY": 6, "force": 1}
                                      for i, (x, y) in enumerate(points)]})


def wider_than_screen(driver):
    """The page's width and every element that reaches past the screen's right or left edge."""
    return driver.execute_script("""
        const width = document.documentElement.clientWidth, wide = [];
        for (const node of document.querySelectorAll('body *')) {
          const r = node.getBoundingClientRect();
          if (r.width > 0 && (r.right > width + 0.5 || r.left < -0.5))
            wide.push(`${node.tagName.toLowerCase()}${node.id ? '#' + node.id : ''} ${Math.round(r.left)}..${Math.round(r.right)}`);
        }
        return [document.documentElement.scrollWidth, width, wide.slice(0, 8)];""")


def chart_shown(driver):
    """The chart shown: its tab's label, its cursor's x (None when it has none) and the x of
    each chord the chart itself marks on its strip (`actionsim plot`'s drawing, titled
    "chord (Action + side) at m:ss")."""
    return driver.execute_script("""
        const tab = document.querySelector('#session-tabs button.selected');
        const svg = document.querySelector('#chart svg');
        if (!tab || !svg) return ['', null, []];
        const cursor = svg.querySelector('#cursor');
        const x = cursor && cursor.getAttribute('display') === 'inline' ? Number(cursor.getAttribute('x1')) : null;
        const chords = [...svg.querySelectorAll('path')]
          .filter((p) => p.querySelector('title')?.textContent.startsWith('chord'))
          .map((p) => Number(p.getAttribute('d').match(/^M([\d.]+)/)[1]));
        return [tab.textContent, x, chords];""")


def timeline_times(driver, text):
    """The run times (s) of the page's timeline lines containing `text`."""
    times = []
    for line in driver.find_elements(By.CSS_SELECTOR, "#timeline li"):
        if text in line.text:
            h, m, s = line.text.split()[0].split(":")
            times.append(int(h) * 3600 + int(m) * 60 + float(s))
    return times


def scrub(driver, seconds):
    driver.execute_script("""
        const s = document.getElementById('scrubber');
        s.value = String(arguments[0] * 1000);
        s.dispatchEvent(new Event('input'));""", seconds)


def clock(seconds):
    return f"{seconds // 3600}:{seconds // 60 % 60:02}:{seconds % 60:02}"


def fresh_dir(path):
    """An empty folder for one run's session log (a previous test run's is removed)."""
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def log_events(log_dir):
    names = sorted(name for name in os.listdir(log_dir) if name.endswith(".jsonl"))
    if len(names) != 1:
        raise AssertionError(f"expected one session log in {log_dir}, found {names}")
    return [json.loads(line) for line in open(os.path.join(log_dir, names[0])) if line.strip()]


def not_blank(path):
    """The screenshot is a picture of the page: many colours, the watch's orange Action
    button among them, and most of it not one flat colour."""
    image = Image.open(path).convert("RGB")
    width, height = image.size
    pixels = list(image.getdata())
    colours = len(set(pixels))
    commonest = max(image.getcolors(maxcolors=width * height), key=lambda c: c[0])[0] / len(pixels)
    orange = sum(1 for r, g, b in pixels if r > 230 and 80 < g < 130 and b < 60)
    return width, height, colours, commonest, orange


def live(args, driver):
    print("live: actionsim run --web", flush=True)
    log_dir = fresh_dir(os.path.join(args.out, "live-logs"))
    process, url = start([args.actionsim, "run", "--web", "--listen", "127.0.0.1:0", "--first-press", "running",
                          "--no-store", "--log-dir", log_dir], os.path.join(args.out, "live.err"))
    try:
        check("?token=" in url, f"the printed URL carries the token ({url.split('?')[0]})")
        driver.get(url)
        wait_for(driver, lambda d: text_of(d, "connection") == "connected", "the page to connect")
        wait_for(driver, lambda d: "presses the buttons" in text_of(d, "access"), "the page to say it may press")
        check(text_of(driver, "status-session").startswith("none"), "before any press the watch has no session")

        driver.find_element(By.ID, "action-button").click()
        wait_for(driver, lambda d: d.find_element(By.ID, "screen-state").text.endswith("RUNNING"),
                 "the watch's screen to show the workout running")
        check("running" in text_of(driver, "status-session"), "a click on the drawn Action button started the workout")
        wait_for(driver, lambda d: "Mark Lap" in text_of(d, "status-next"), "the next action to be Mark Lap")

        press_chord(driver)
        wait_for(driver, lambda d: text_of(d, "status-session").startswith("paused"), "the chord to pause the workout")
        check(True, "holding Action and pressing side on the drawn watch paused the workout")
        lit = driver.find_elements(By.CSS_SELECTOR, "#action-button.lit, #side-button.lit")
        check(not lit, "the drawn buttons are lit only while down (both are up)")

        # A second browser tab, without the token: the same state, read-only.
        driver.switch_to.new_window("tab")
        driver.get(url.split("?")[0])
        wait_for(driver, lambda d: text_of(d, "status-session").startswith("paused"), "the second page to show the paused session")
        check(True, "a second page sees the same state (paused)")
        check("read-only" in text_of(driver, "access"), "a page without the token says it is read-only")
        driver.find_element(By.ID, "action-button").click()
        time.sleep(1.0)
        driver.save_screenshot(os.path.join(args.out, "live-readonly.png"))
        driver.close()
        driver.switch_to.window(driver.window_handles[0])

        # A mouse is one pointer: the page says how it chords, and that chord resumes.
        help_text = driver.find_element(By.CSS_SELECTOR, "#watch-panel .help").text
        check("Shift while clicking" in help_text and "two fingers" in help_text,
              "the page says how to chord with a mouse (Shift-click) and by touch (two fingers)")
        shift_click(driver, "action-button")
        wait_for(driver, lambda d: text_of(d, "status-session").startswith("running"), "the Shift-click to resume the workout")
        check(True, "a Shift-click on the drawn Action button is a chord: it resumed the workout")
        driver.save_screenshot(os.path.join(args.out, "live.png"))
    finally:
        code = stop(process, "run")
    check(code == 0, f"actionsim run --web ended with exit status 0 on SIGTERM (got {code})")

    events = log_events(log_dir)
    edges = [e for e in events if e["event"] == "edge"]
    gestures = [e for e in events if e["event"] == "gesture"]
    performed = [e for e in events if e["event"] == "intent-performing"]
    sessions = [e for e in events if e["event"] == "session"]
    check([g["gesture"] for g in gestures] == ["press", "both", "both"],
          f"the log has three gestures, a press then two chords (got {[g['gesture'] for g in gestures]})")
    check(len(edges) == 10, f"the log has the ten edges the page sent and no more: the read-only page's click made none (got {len(edges)})")
    check(performed[0]["intent"] == "StartTrailWorkoutIntent" and performed[0]["role"] == "start"
          and performed[0]["gesture"] == "press", "the first press performed StartTrailWorkoutIntent (A3)")
    check(sessions[0]["change"] == "started", "the first press started the workout session")
    check(performed[1]["intent"] == "PauseTrailWorkoutIntent" and performed[1]["role"] == "pause"
          and performed[1]["gesture"] == "both", "the chord performed PauseTrailWorkoutIntent (A7)")
    check(performed[2]["intent"] == "ResumeTrailWorkoutIntent" and performed[2]["gesture"] == "both",
          "the Shift-click performed ResumeTrailWorkoutIntent (A7)")
    check([s["change"] for s in sessions] == ["started", "paused", "resumed"], "the chord paused the session and the Shift-click resumed it")
    down = [e for e in edges if e["edge"] == "down"][1:3]
    check([e["button"] for e in down] == ["action", "side"] and down[1]["t"] - down[0]["t"] <= 0.15,
          f"the chord's down-edges came from the page {1000 * (down[1]['t'] - down[0]['t']):.0f} ms apart (window 150 ms)")
    shifted = [e for e in edges if e["edge"] == "down"][3:]
    check(sorted(e["button"] for e in shifted) == ["action", "side"] and abs(shifted[1]["t"] - shifted[0]["t"]) <= 0.15,
          "the Shift-click sent both buttons' down-edges together")
    sources = [e["step"] for e in events if e["event"] == "step" and e["step"].startswith("live input:")]
    check(any("web page" in s for s in sources), "the log names the web page as a live input")


def phone(args, _):
    print("phone: actionsim run --web --listen 0.0.0.0:0, at 390 x 844 with touch", flush=True)
    log_dir = fresh_dir(os.path.join(args.out, "phone-logs"))
    driver = browser(args.chromium, args.chromedriver, phone=True)
    try:
        phone_pages(args, driver, log_dir)
    except AssertionError:
        driver.save_screenshot(os.path.join(args.out, "phone-failed.png"))
        raise
    finally:
        driver.quit()


def phone_pages(args, driver, log_dir):
    process = None
    try:
        process, url = start([args.actionsim, "run", "--web", "--listen", "0.0.0.0:0", "--first-press", "running",
                              "--no-store", "--log-dir", log_dir], os.path.join(args.out, "phone.err"))
        # The printed URL names this machine; the phone reaches it by an address of it.
        driver.get(re.sub(r"^http://[^/:]+", "http://127.0.0.1", url))
        wait_for(driver, lambda d: text_of(d, "connection") == "connected", "the page to connect")
        wait_for(driver, lambda d: "presses the buttons" in text_of(d, "access"), "the page to say it may press")
        check(driver.execute_script("return [innerWidth, navigator.maxTouchPoints > 0]") == [PHONE[0], True],
              f"the browser is a {PHONE[0]}-pixel-wide touch screen")

        (ax, ay), (sx, sy) = centre(driver, "action-button"), centre(driver, "side-button")
        check(0 < ax < PHONE[0] and 0 < sx < PHONE[0] and 0 < ay < PHONE[1] and 0 < sy < PHONE[1],
              f"both drawn buttons are on the first screen (Action at {ax},{ay}, side at {sx},{sy})")
        touch(driver, "touchStart", (ax, ay))
        time.sleep(0.05)
        touch(driver, "touchEnd")
        wait_for(driver, lambda d: text_of(d, "status-session").startswith("running"), "the tap to start the workout")
        check(True, "a one-finger tap on the drawn Action button started the workout")
        wait_for(driver, lambda d: "Mark Lap" in text_of(d, "status-next"), "the next action to be Mark Lap")

        # Two fingers: one on Action, 40 ms later one on side, both lifted 80 ms after that.
        touch(driver, "touchStart", (ax, ay))
        time.sleep(0.04)
        touch(driver, "touchStart", (ax, ay), (sx, sy))
        time.sleep(0.08)
        touch(driver, "touchEnd")
        wait_for(driver, lambda d: text_of(d, "status-session").startswith("paused"), "two fingers to pause the workout")
        check(True, "two fingers, one on each drawn button, made a chord that paused the workout")
        check(not driver.find_elements(By.CSS_SELECTOR, "#action-button.lit, #side-button.lit"), "both drawn buttons are up again")

        page_width, screen, wide = wider_than_screen(driver)
        check(page_width <= PHONE[0] and not wide, f"nothing on the live page is wider than the screen (page {page_width} px; {wide})")
        tops = driver.execute_script("return ['watch-panel', 'charts-panel', 'timeline-panel']"
                                     ".map((id) => document.getElementById(id).getBoundingClientRect().top)")
        check(tops[0] < tops[1] < tops[2], f"the watch comes first, then the charts, then the timeline (tops {tops})")
        driver.save_screenshot(os.path.join(args.out, "phone-live.png"))
    finally:
        if process is not None:
            code = stop(process, "run")
    check(code == 0, f"actionsim run --web ended with exit status 0 on SIGTERM (got {code})")
    events = log_events(log_dir)
    gestures = [e["gesture"] for e in events if e["event"] == "gesture"]
    check(gestures == ["press", "both"], f"the log has the tap's press and the two fingers' chord (got {gestures})")
    performed = [(e["intent"], e["gesture"]) for e in events if e["event"] == "intent-performing"]
    check(performed == [("StartTrailWorkoutIntent", "press"), ("PauseTrailWorkoutIntent", "both")],
          f"the tap performed the start intent and the chord the pause intent (A3, A7; got {performed})")

    process = None
    try:
        process, url = start([args.actionsim, "replay", "--web", "--listen", "127.0.0.1:0", args.demo,
                              "--no-log", "--no-store"], os.path.join(args.out, "phone-replay.err"))
        driver.get(url)
        wait_for(driver, lambda d: text_of(d, "connection") == "replayed", "the replay to arrive")
        wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#session-tabs button")) == 2, "the replay's charts")
        scrub(driver, 12 * 60)
        wait_for(driver, lambda d: text_of(d, "status-time").startswith("0:12:00"), "the scrubber to move to 0:12:00")
        page_width, screen, wide = wider_than_screen(driver)
        check(page_width <= PHONE[0] and not wide, f"nothing on the replay's page is wider than the screen (page {page_width} px; {wide})")
        tops = driver.execute_script("return ['watch-panel', 'scrubber-panel', 'timeline-panel']"
                                     ".map((id) => document.getElementById(id).getBoundingClientRect().top)")
        check(tops[0] < tops[1] < tops[2], f"the replay's watch comes first, then its scrubber, then the timeline (tops {tops})")
        driver.save_screenshot(os.path.join(args.out, "phone-replay.png"))
    finally:
        if process is not None:
            code = stop(process, "replay")
    check(code == 0, f"actionsim replay --web ended with exit status 0 on Ctrl-C (got {code})")


def replay(args, driver):
    print("replay: actionsim replay --web scenarios/demo.yaml", flush=True)
    process, url = start([args.actionsim, "replay", "--web", "--listen", "127.0.0.1:0", args.demo,
                          "--no-log", "--no-store"], os.path.join(args.out, "replay.err"))
    try:
        check("token" not in url, "a replay's URL has no token (its presses are the scenario's)")
        driver.get(url)
        wait_for(driver, lambda d: text_of(d, "connection") == "replayed", "the replay to arrive")
        wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#session-tabs button")) == 2,
                 "a chart tab for each of the demo's two sessions")
        check(True, "the page has a chart for the demo's workout and its dive")
        check(driver.find_element(By.ID, "scrubber-panel").is_displayed(), "a replay's page has a scrubber")
        # The whole replay's chords, from its timeline: the workout's pause and resume, the dive's.
        chords = timeline_times(driver, "▸ both")
        check(len(chords) == 3 and chords[0] < 35 * 60 < 41 * 60 < chords[2],
              f"the timeline has the workout's two chords and the dive's ({[clock(int(t)) for t in chords]})")
        # The chart follows the cursor: scrubbed to a chord, the chart is its session's and the
        # cursor stands on the chart's own mark of that chord.
        for at, kind in ((chords[0], "running"), (chords[2], "dive"), (chords[0], "running")):
            scrub(driver, at)
            wait_for(driver, lambda d: kind in chart_shown(d)[0] and chart_shown(d)[1] is not None,
                     f"the {kind} chart with a cursor at {clock(int(at))}", seconds=10)
            label, cursor, marks = chart_shown(driver)
            check(any(abs(cursor - mark) <= 2 for mark in marks),
                  f"scrubbed to the chord at {clock(int(at))}, the chart is {label!r}'s and its cursor (x {cursor:.1f}) "
                  f"is on the chart's mark of that chord (x {', '.join(f'{m:.1f}' for m in marks)})")
        # One ascent rate (issue 27): at the dive's ascent-rate warning the watch shows the
        # warning's own figure; on the bottom, a steady depth reads as under 1 m/min, not the
        # jitter of one sample to the next.
        # (The timeline lists what happened up to the scrubber: move it past the dive first.)
        scrub(driver, 59 * 60)
        wait_for(driver, lambda d: text_of(d, "status-time").startswith("0:59:00"), "the scrubber to move to 0:59:00")
        warned = [line.text for line in driver.find_elements(By.CSS_SELECTOR, "#timeline li") if "ascent rate" in line.text]
        check(len(warned) == 1, f"the timeline has the dive's one ascent-rate warning ({warned})")
        figure = re.search(r"ascent rate (\d+\.\d) m/min", warned[0]).group(1)
        scrub(driver, timeline_times(driver, "ascent rate")[0])
        wait_for(driver, lambda d: "M/MIN" in text_of(d, "screen-metric3"), "the watch to show an ascent rate at the warning")
        check(text_of(driver, "screen-metric3") == f"↑ {figure} M/MIN",
              f"at the warning the watch shows its figure, {figure} m/min ({text_of(driver, 'screen-metric3')!r})")
        scrub(driver, 46 * 60)
        wait_for(driver, lambda d: text_of(d, "status-time").startswith("0:46:00"), "the scrubber to move to 0:46:00")
        steady = re.match(r"[↑↓] (\d+\.\d) M/MIN", text_of(driver, "screen-metric3"))
        check(steady is not None and float(steady.group(1)) < 1,
              f"on the bottom at 0:46:00 the watch's ascent rate is under 1 m/min ({text_of(driver, 'screen-metric3')!r})")
        # 12 minutes into the demo: the trail run is on and Mark Lap is its next action.
        scrub(driver, 12 * 60)
        wait_for(driver, lambda d: text_of(d, "status-time").startswith("0:12:00"), "the scrubber to move to 0:12:00")
        check(text_of(driver, "status-session").startswith("running"), "at 0:12:00 the watch shows the workout running")
        check(re.match(r"0:1[01]:\d\d", text_of(driver, "screen-elapsed")) is not None,
              f"the screen's elapsed time is the workout's at 0:12:00 ({text_of(driver, 'screen-elapsed')!r})")
        check("BPM" in text_of(driver, "screen-metric1"), "the screen shows the heart rate")
        wait_for(driver, lambda d: "running" in chart_shown(d)[0] and chart_shown(d)[1] is not None,
                 "the workout's chart with a cursor at 0:12:00", seconds=10)
        check(True, "at 0:12:00 the chart is the workout's, with the cursor")
        time.sleep(0.3)
        shot = os.path.join(args.out, "replay.png")
        driver.save_screenshot(shot)
        width, height, colours, commonest, orange = not_blank(shot)
        check(width >= 1000 and height >= 800, f"the screenshot is {width}x{height}")
        check(colours > 200 and commonest < 0.9 and orange > 100,
              f"the screenshot is not blank: {colours} colours, the commonest {100 * commonest:.0f} %, {orange} orange pixels")
    finally:
        code = stop(process, "replay")
    check(code == 0, f"actionsim replay --web ended with exit status 0 on Ctrl-C after the replay (got {code})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actionsim", required=True)
    parser.add_argument("--demo", default="scenarios/demo.yaml")
    parser.add_argument("--out", required=True)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    driver = browser(args.chromium, args.chromedriver)
    failed = 0
    try:
        for part in (live, phone, replay):
            try:
                part(args, driver)
            except AssertionError as error:
                failed += 1
                print(f"  FAILED: {error}", flush=True)
                driver.save_screenshot(os.path.join(args.out, f"{part.__name__}-failed.png"))
    finally:
        driver.quit()
    print(f"{len(passed)} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
