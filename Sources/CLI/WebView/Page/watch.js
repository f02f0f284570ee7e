// The page of `actionsim run --web` and `replay --web`. Everything it shows comes over one
// WebSocket, pushed by the server: the session log's events (with their timeline lines) and
// each session's chart. It never polls. The watch's screen is folded from the events up to
// the time shown: the latest in a live run, the scrubber's in a replay.
"use strict";

const token = new URLSearchParams(location.search).get("token");
const page = {
  hello: null,
  events: [],          // {e: the log's event, line: the timeline's line or null}
  charts: new Map(),   // session id -> chart message
  finished: null,      // run time (s) the run ended at
  trimmed: 0,
  cursor: null,        // the time shown in a replay (s); null: the latest
  selected: null,      // chart tab picked by hand, until the time shown moves; null: the session under the cursor
  canPress: false,
  refusal: null,
  socket: null,
};
const $ = (id) => document.getElementById(id);

// MARK: Time

// The one clock the page writes itself: of the time shown, which moves with the scrubber and
// the playback between events. Every time that comes with an event (a sample's elapsed time)
// is written by actionsim and sent.
function clock(t) {
  const ms = Math.max(0, Math.round(t * 1000));
  const h = Math.floor(ms / 3600000), m = Math.floor(ms / 60000) % 60, s = Math.floor(ms / 1000) % 60;
  return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}.${String(ms % 1000).padStart(3, "0")}`;
}

function latestTime() {
  const last = page.events.length ? page.events[page.events.length - 1].e.t : 0;
  return Math.max(last, page.finished ?? 0);
}

function shownTime() {
  return page.cursor ?? latestTime();
}

// MARK: The watch's state at a time, folded from the events

function emptyState() {
  return {
    app: page.hello ? page.hello.app : "", presence: "not-running", session: "none", kind: null, style: null,
    next: null, nextTitle: null, sample: null, face: null, elapsed: null, error: null, siren: false,
    down: { action: false, side: false }, lastInput: null, lastIntent: null,
  };
}

function apply(st, item) {
  const e = item.e;
  switch (e.event) {
    case "app-launched": st.app = e.app; st.presence = "foreground"; break;
    case "app-background": st.presence = "background"; break;
    case "state": st.session = e.session; break;
    case "session":
      if (e.change === "started") { st.kind = e.kind; st.style = e.workout_style ?? null; st.sample = null; st.face = null; st.elapsed = null; }
      if (e.change === "ended") { st.sample = null; st.face = null; st.elapsed = null; }
      break;
    case "next-action": st.next = e.intent; st.nextTitle = e.title ?? e.intent; break;
    case "sample":
      // What the watch's screen shows of it comes with it, made by actionsim (pace, the
      // watch's own ascent rate), never worked out again here.
      st.sample = e;
      st.face = item.face ?? null;
      st.elapsed = item.elapsed ?? null;
      break;
    case "error-shown": st.error = { code: e.code, message: e.message, t: e.t }; break;
    case "edge":
      st.down[e.button] = e.edge === "down";
      if (e.button === "action" && e.edge === "up") st.siren = false;
      break;
    case "gesture":
      if (e.gesture === "hold") st.siren = true;
      if (st.error && e.t > st.error.t) st.error = null;
      st.lastInput = { text: e.gesture === "both" ? "both (chord)" : e.gesture, t: e.t };
      break;
    case "ignored":
      st.lastInput = { text: `${e.gesture ?? e.key}: ignored, ${e.reason}`, t: e.t };
      break;
    case "intent-performing": st.lastIntent = { title: e.title, role: e.role, t: e.t }; break;
  }
}

// Incremental while time moves forward (a live run, playback); from the start when it goes back.
const folded = { index: 0, t: -1, st: null };
function stateAt(t) {
  if (!folded.st || t < folded.t || folded.index > page.events.length) {
    folded.index = 0;
    folded.st = emptyState();
  }
  const events = page.events;
  while (folded.index < events.length && events[folded.index].e.t <= t) {
    apply(folded.st, events[folded.index]);
    folded.index += 1;
  }
  folded.t = t;
  return folded.st;
}

// MARK: Drawing the watch

function setText(id, text) {
  const node = $(id);
  if (node.textContent !== text) node.textContent = text;
}

function show(id, visible) {
  $(id).setAttribute("display", visible ? "inline" : "none");
}

const errorTitles = {
  "start-deadline": "Didn't start in time",
  "start-failed": "Couldn't start",
  "intent-failed": "Action failed",
  "first-press-unavailable": "First Press unavailable",
};

function wrap(node, text, width, lineHeight) {
  while (node.firstChild) node.removeChild(node.firstChild);
  const words = text.split(/\s+/);
  let line = "", lines = [];
  for (const word of words) {
    if ((line + " " + word).trim().length > width && line) { lines.push(line); line = word; } else { line = (line + " " + word).trim(); }
  }
  if (line) lines.push(line);
  lines.slice(0, 7).forEach((text, i) => {
    const span = document.createElementNS("http://www.w3.org/2000/svg", "tspan");
    span.setAttribute("x", node.getAttribute("x"));
    span.setAttribute("dy", i === 0 ? "0" : String(lineHeight));
    span.textContent = text;
    node.appendChild(span);
  });
}

let lastErrorText = "";
function drawWatch(st, t) {
  const foreground = st.presence === "foreground";
  show("face-app", foreground);
  show("face-watch", !foreground);
  show("overlay-siren", st.siren);
  show("overlay-error", !!st.error && !st.siren);
  $("action-button").classList.toggle("lit", st.down.action);
  $("side-button").classList.toggle("lit", st.down.side);
  const nextText = st.nextTitle ? `▸ ${st.nextTitle}` : (st.session === "none" ? "▸ start" : "▸ no next action");

  if (st.error) {
    setText("error-title", errorTitles[st.error.code] ?? st.error.code);
    if (lastErrorText !== st.error.message) { wrap($("error-message"), st.error.message, 30, 14); lastErrorText = st.error.message; }
  }
  if (!foreground) {
    setText("face-time", clock(t).slice(0, -7));
    setText("face-note", st.presence === "background" ? `${st.app} in the background` : "watch face · no app running");
    setText("face-next", st.session !== "none" ? nextText : "");
    return;
  }
  const sample = st.sample;
  setText("screen-app", st.app || "");
  setText("screen-clock", clock(t).slice(0, -7));
  const kind = st.kind === "dive" ? "DIVE" : (st.style ? st.style.toUpperCase() : "WORKOUT");
  setText("screen-state", st.session === "none" ? "NO SESSION" : st.session === "paused" ? `${kind} · PAUSED` : kind);
  $("screen-elapsed").setAttribute("fill", st.session === "paused" ? "#8e8e93" : "#ffd60a");
  setText("screen-elapsed", st.session === "none" ? "" : st.elapsed ?? "0:00:00");
  let [metric1, metric2, metric3] = st.face ?? ["", "", ""];
  if (!sample && st.session === "none") {
    metric1 = "Ready";
    metric2 = "press Action to start";
  }
  setText("screen-metric1", metric1);
  setText("screen-metric2", metric2);
  setText("screen-metric3", metric3);
  setText("screen-next", nextText);
  setText("screen-last", st.lastInput ? `last: ${st.lastInput.text} at ${clock(st.lastInput.t).slice(0, -4)}` : "");
}

function drawStatus(st, t) {
  setText("status-app", st.app ? `${st.app} (${st.presence})` : "—");
  setText("status-session", st.session + (st.kind ? ` · ${st.kind}${st.style ? " " + st.style : ""}` : "") + (st.siren ? " · Siren (hold)" : "") +
    (st.error ? ` · error: ${st.error.code}` : ""));
  setText("status-next", st.next ? `${st.nextTitle} (${st.next})` : "—");
  setText("status-time", clock(t) + (page.finished !== null && t >= page.finished ? " · the run ended" : ""));
}

// MARK: Charts

// The session under the cursor: the last one started by time t (the first, before any had).
// In a live run t is the latest time, so that is the newest session.
function sessionAt(ids, t) {
  let found = ids[0];
  for (const id of ids) if (page.charts.get(id).axis.t0 <= t) found = id;
  return found;
}

let drawnChart = null;
function drawCharts(t) {
  const ids = [...page.charts.keys()].sort((a, b) => a - b);
  const tabs = $("session-tabs");
  const selected = page.selected !== null && page.charts.has(page.selected) ? page.selected : sessionAt(ids, t);
  const tabKey = ids.map((id) => `${id}:${page.charts.get(id).label}:${id === selected}`).join("|");
  if (tabs.dataset.key !== tabKey) {
    tabs.dataset.key = tabKey;
    tabs.replaceChildren(...ids.map((id) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = `session ${page.charts.get(id).label}`;
      button.className = id === selected ? "selected" : "";
      button.onclick = () => { page.selected = id; schedule(); };
      return button;
    }));
  }
  if (selected === undefined) return;
  const chart = page.charts.get(selected);
  const box = $("chart");
  if (drawnChart !== chart) {
    box.innerHTML = chart.svg;
    drawnChart = chart;
  }
  const svg = box.querySelector("svg");
  if (!svg) return;
  let cursor = svg.querySelector("#cursor");
  if (!cursor) {
    cursor = document.createElementNS("http://www.w3.org/2000/svg", "line");
    cursor.setAttribute("id", "cursor");
    cursor.setAttribute("stroke", "#0a84ff");
    cursor.setAttribute("stroke-width", "2");
    cursor.setAttribute("y1", String(chart.axis.top));
    cursor.setAttribute("y2", String(chart.axis.bottom));
    svg.appendChild(cursor);
  }
  const a = chart.axis;
  const inside = page.hello && page.hello.mode === "replay" && t >= a.t0 && t <= a.t1;
  cursor.setAttribute("display", inside ? "inline" : "none");
  if (inside) {
    const x = a.x0 + (t - a.t0) / Math.max(a.t1 - a.t0, 1e-9) * (a.x1 - a.x0);
    cursor.setAttribute("x1", String(x));
    cursor.setAttribute("x2", String(x));
  }
}

// MARK: Timeline

const categories = {
  edge: "presses", "edge-dropped": "presses", gesture: "presses",
  "intent-performing": "intents", "intent-returned": "intents", "intent-threw": "intents", "perform-skipped": "intents",
  "start-deadline": "intents",
  donation: "donations", "next-action": "donations",
  state: "session", session: "session", "app-launched": "session", "app-background": "session", "wrist-down": "session",
  marker: "session",
  warning: "warnings", "error-shown": "warnings", ignored: "warnings", "session-refused": "warnings",
  sample: "samples",
};
const timelineLimit = 400;

function drawTimeline(t) {
  const wanted = new Set([...document.querySelectorAll("#filters input[type=checkbox]:checked")].map((box) => box.value));
  const text = $("filter-text").value.trim().toLowerCase();
  const matches = [];
  let total = 0;
  for (const item of page.events) {
    if (item.e.t > t) break;
    if (item.line === null) continue;
    total += 1;
    const category = categories[item.e.event] ?? "other";
    if (!wanted.has(category)) continue;
    if (text && !item.line.toLowerCase().includes(text)) continue;
    matches.push(item);
  }
  const shown = matches.slice(-timelineLimit);
  const list = $("timeline");
  const key = `${shown.length}:${shown.length ? shown[0].e.t + "/" + shown[shown.length - 1].e.t : ""}:${matches.length}`;
  if (list.dataset.key !== key) {
    list.dataset.key = key;
    const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
    list.replaceChildren(...shown.map((item) => {
      const li = document.createElement("li");
      li.textContent = item.line;
      li.className = categories[item.e.event] ?? "other";
      li.dataset.t = String(item.e.t);
      return li;
    }));
    if (atBottom || page.hello?.mode === "replay") list.scrollTop = list.scrollHeight;
  }
  setText("timeline-count", `${matches.length} of ${total} lines${matches.length > timelineLimit ? `, the last ${timelineLimit} shown` : ""}` +
    (page.trimmed ? ` · the first ${page.trimmed} events were dropped from the server's memory` : ""));
}

// MARK: Scrubber (replays)

let playing = null;
function drawScrubber(t) {
  if (!page.hello || page.hello.mode !== "replay") return;
  const scrubber = $("scrubber");
  scrubber.max = String(Math.round(latestTime() * 1000));
  if (document.activeElement !== scrubber) scrubber.value = String(Math.round(t * 1000));
  setText("scrub-time", `${clock(t)} of ${clock(latestTime())}`);
  $("play").textContent = playing ? "❚❚" : "▶";
}

function play() {
  if (playing) { cancelAnimationFrame(playing.frame); playing = null; schedule(); return; }
  if (page.cursor === null || page.cursor >= latestTime()) moveTo(0);
  playing = { wall: performance.now(), from: page.cursor, frame: 0 };
  const step = (now) => {
    if (!playing) return;
    const speed = Number($("speed").value);
    moveTo(Math.min(latestTime(), playing.from + (now - playing.wall) / 1000 * speed));
    render();
    if (page.cursor >= latestTime()) { playing = null; render(); return; }
    playing.frame = requestAnimationFrame(step);
  };
  playing.frame = requestAnimationFrame(step);
}

// MARK: Rendering, coalesced to one per frame

let scheduled = false;
function schedule() {
  if (scheduled) return;
  scheduled = true;
  requestAnimationFrame(() => { scheduled = false; render(); });
}

function render() {
  const t = shownTime();
  const st = stateAt(t);
  drawWatch(st, t);
  drawStatus(st, t);
  drawCharts(t);
  drawTimeline(t);
  drawScrubber(t);
}

function flash(button) {
  const node = $(`${button}-button`);
  node.classList.add("flash");
  clearTimeout(node.flashTimer);
  node.flashTimer = setTimeout(() => node.classList.remove("flash"), 180);
}

// MARK: The socket

function setConnection(text, tone) {
  const node = $("connection");
  node.textContent = text;
  node.className = "connection " + (tone ?? "");
}

function updateAccess() {
  const node = $("access");
  if (!page.hello) return;
  if (page.canPress) {
    node.textContent = "This page presses the buttons: they go through the same press recognizer as real buttons.";
    node.className = "access";
  } else {
    node.textContent = page.refusal ?? "read-only";
    node.className = "access refused";
  }
}

function receive(message) {
  switch (message.type) {
    case "hello":
      page.hello = message;
      page.events = [];
      page.charts.clear();
      page.finished = null;
      page.trimmed = 0;
      folded.st = null;
      drawnChart = null;
      page.canPress = message.canPress;
      page.refusal = message.refusal;
      $("run-title").textContent = `${message.mode === "replay" ? "replay" : "live"} · ${message.title}`;
      $("scrubber-panel").hidden = message.mode !== "replay";
      $("timeline").classList.toggle("replay", message.mode === "replay");
      updateAccess();
      break;
    case "events":
      for (const sent of message.events) {
        // Each event as the session log writes it, and its timeline line.
        const item = { e: JSON.parse(sent.log), line: sent.line, face: sent.face, elapsed: sent.elapsed };
        page.events.push(item);
        // A live press lights its button even when it was shorter than a frame (the
        // terminal's keys are a down and an up at once).
        if (item.e.event === "edge" && item.e.edge === "down" && page.hello?.mode === "live") flash(item.e.button);
      }
      break;
    case "chart":
      page.charts.set(message.session, message);
      break;
    case "finished":
      page.finished = message.t;
      setConnection(page.hello && page.hello.mode === "replay" ? "replayed" : "the run ended", "ok");
      break;
    case "trimmed":
      page.trimmed = message.events;
      break;
    case "refused":
      page.refusal = message.message;
      page.canPress = false;
      updateAccess();
      break;
  }
  schedule();
}

function connect() {
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/session` + (token ? `?token=${encodeURIComponent(token)}` : "");
  const socket = new WebSocket(url);
  page.socket = socket;
  socket.onopen = () => setConnection("connected", "ok");
  socket.onmessage = (m) => receive(JSON.parse(m.data));
  socket.onclose = () => {
    page.canPress = false;
    setConnection(page.finished !== null ? "the run ended; the server has stopped" : "disconnected: is actionsim still running? (reload to reconnect)", "down");
  };
}

// Moving the time shown lets the charts follow the cursor again after a tab picked by hand.
function moveTo(t) {
  page.cursor = t;
  page.selected = null;
}

// MARK: Buttons: pointer and keys make edges

const held = { action: new Set(), side: new Set() };
function edge(button, direction, source) {
  const holders = held[button];
  const wasDown = holders.size > 0;
  if (direction === "down") holders.add(source); else holders.delete(source);
  const isDown = holders.size > 0;
  $(`${button}-button`).classList.toggle("pressing", isDown);
  if (wasDown === isDown) return;
  if (!page.canPress || !page.socket || page.socket.readyState !== WebSocket.OPEN) {
    if (direction === "down") updateAccess();
    return;
  }
  page.socket.send(JSON.stringify({ type: "edge", button, edge: direction }));
}

// Each pointer (a mouse, each finger) holds what it pressed, so two fingers, one on each
// button, are a chord. A mouse is one pointer: Shift-click presses both buttons at once, as B.
for (const button of ["action", "side"]) {
  const node = $(`${button}-touch`);
  node.addEventListener("pointerdown", (event) => {
    event.preventDefault();
    node.setPointerCapture(event.pointerId);
    for (const pressed of event.shiftKey ? ["action", "side"] : [button]) edge(pressed, "down", `pointer${event.pointerId}`);
  });
  const release = (event) => { for (const pressed of ["action", "side"]) edge(pressed, "up", `pointer${event.pointerId}`); };
  node.addEventListener("pointerup", release);
  node.addEventListener("pointercancel", release);
  node.addEventListener("lostpointercapture", release);
  node.addEventListener("contextmenu", (event) => event.preventDefault());
}

const keys = { a: ["action"], " ": ["action"], s: ["side"], b: ["action", "side"] };
function key(event, direction) {
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
  const buttons = keys[event.key.toLowerCase()];
  if (!buttons || event.ctrlKey || event.metaKey || event.altKey) return;
  event.preventDefault();
  if (event.repeat) return;  // autorepeat is not an edge (P1)
  for (const button of buttons) edge(button, direction, `key${event.key.toLowerCase()}`);
}
document.addEventListener("keydown", (event) => key(event, "down"));
document.addEventListener("keyup", (event) => key(event, "up"));
window.addEventListener("blur", () => {
  for (const button of ["action", "side"]) for (const source of [...held[button]]) if (source.startsWith("key")) edge(button, "up", source);
});

// MARK: Controls

for (const box of document.querySelectorAll("#filters input")) box.addEventListener("input", schedule);
$("scrubber").addEventListener("input", () => { moveTo(Number($("scrubber").value) / 1000); if (playing) play(); schedule(); });
$("latest").addEventListener("click", () => { moveTo(null); if (playing) play(); schedule(); });
$("play").addEventListener("click", play);
$("timeline").addEventListener("click", (event) => {
  const li = event.target.closest("li");
  if (!li || !page.hello || page.hello.mode !== "replay") return;
  moveTo(Number(li.dataset.t));
  schedule();
});

connect();
