/// The web page, served as it is: HTML, a style sheet and a script, no build step. The
/// script (`WatchPageScript.swift`) connects the WebSocket, folds the pushed events into what
/// the watch shows at the time displayed, and turns pointer and key presses into edges.
enum WatchPage {}

extension WatchPage {
    /// The page: the drawn watch (SVG), the charts, the scrubber and the timeline.
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>actionsim · the watch</title>
<link rel="stylesheet" href="/watch.css">
</head>
<body>
<header>
  <h1>actionsim</h1>
  <span id="run-title">connecting…</span>
  <span id="connection" class="connection">connecting</span>
</header>
<main>
  <section id="watch-panel" aria-label="The watch">
    <svg id="watch" viewBox="0 0 400 480" role="img" aria-label="Apple Watch Ultra: the orange Action button on the left, the Digital Crown and the side button on the right">
      <defs>
        <linearGradient id="titanium" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stop-color="#e2ded6"/>
          <stop offset="0.45" stop-color="#b3aea5"/>
          <stop offset="1" stop-color="#d6d1c8"/>
        </linearGradient>
        <linearGradient id="band" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stop-color="#2f3236"/>
          <stop offset="0.5" stop-color="#45494e"/>
          <stop offset="1" stop-color="#2f3236"/>
        </linearGradient>
        <clipPath id="screen-clip"><rect x="104" y="122" width="192" height="236" rx="38"/></clipPath>
      </defs>
      <path d="M118 0 H282 L298 112 H102 Z" fill="url(#band)"/>
      <path d="M102 368 H298 L282 480 H118 Z" fill="url(#band)"/>
      <rect x="312" y="138" width="22" height="96" rx="9" fill="url(#titanium)" stroke="#8a857c"/>
      <g id="crown"><rect x="326" y="154" width="20" height="64" rx="5" fill="#c9c4bb" stroke="#7d786f"/>
        <path d="M331 156 v60 M336 156 v60 M341 156 v60" stroke="#9a958c" stroke-width="1.2"/></g>
      <g id="side-touch" class="touch-area" data-button="side"><title>side button (S; Shift-click or B presses both)</title>
        <rect x="310" y="244" width="50" height="98" fill="transparent"/>
        <rect id="side-button" class="button" x="316" y="254" width="14" height="78" rx="7" fill="#c2bdb4" stroke="#7d786f" stroke-width="1.5"/></g>
      <g id="action-touch" class="touch-area" data-button="action"><title>Action button (A or Space; Shift-click or B presses both)</title>
        <rect x="30" y="138" width="50" height="94" fill="transparent"/>
        <rect id="action-button" class="button" x="64" y="148" width="20" height="74" rx="8" fill="#ff6a13" stroke="#b84705" stroke-width="1.5"/></g>
      <g fill="#6d6961"><rect x="80" y="258" width="4" height="12" rx="2"/><rect x="80" y="276" width="4" height="12" rx="2"/>
        <rect x="80" y="294" width="4" height="12" rx="2"/><rect x="80" y="312" width="4" height="12" rx="2"/></g>
      <rect x="80" y="96" width="240" height="288" rx="62" fill="url(#titanium)" stroke="#8a857c" stroke-width="1.5"/>
      <rect x="92" y="108" width="216" height="264" rx="52" fill="#141414" stroke="#7d786f"/>
      <rect x="104" y="122" width="192" height="236" rx="38" fill="#000"/>
      <g id="screen" clip-path="url(#screen-clip)" font-family="-apple-system, 'SF Pro Rounded', 'Helvetica Neue', 'DejaVu Sans', sans-serif">
        <g id="face-app">
          <text id="screen-app" x="122" y="150" font-size="13" fill="#a4f73b"></text>
          <text id="screen-clock" x="280" y="150" font-size="13" fill="#fff" text-anchor="end"></text>
          <text id="screen-state" x="122" y="178" font-size="12" fill="#9a9a9a" letter-spacing="1"></text>
          <text id="screen-elapsed" x="122" y="222" font-size="38" fill="#ffd60a" font-weight="600"></text>
          <text id="screen-metric1" x="122" y="256" font-size="22" fill="#fff"></text>
          <text id="screen-metric2" x="122" y="280" font-size="15" fill="#cfcfcf"></text>
          <text id="screen-metric3" x="122" y="299" font-size="13" fill="#cfcfcf"></text>
          <text id="screen-next" x="122" y="324" font-size="13" fill="#ff9f43"></text>
          <text id="screen-last" x="122" y="343" font-size="10.5" fill="#8a8a8a"></text>
        </g>
        <g id="face-watch" display="none">
          <text id="face-time" x="200" y="232" font-size="54" fill="#fff" text-anchor="middle" font-weight="300"></text>
          <text id="face-note" x="200" y="270" font-size="12" fill="#9a9a9a" text-anchor="middle"></text>
          <text id="face-next" x="200" y="318" font-size="12" fill="#ff9f43" text-anchor="middle"></text>
        </g>
        <g id="overlay-error" display="none">
          <rect x="104" y="122" width="192" height="236" fill="#1c0505"/>
          <text x="200" y="170" font-size="26" fill="#ff453a" text-anchor="middle">⚠</text>
          <text id="error-title" x="200" y="200" font-size="15" fill="#ff453a" text-anchor="middle" font-weight="600"></text>
          <text id="error-message" x="200" y="226" font-size="11.5" fill="#f2f2f2" text-anchor="middle"></text>
        </g>
        <g id="overlay-siren" display="none">
          <rect class="siren-flash" x="104" y="122" width="192" height="236" fill="#d70015"/>
          <text x="200" y="210" font-size="30" fill="#fff" text-anchor="middle" font-weight="700">SOS</text>
          <text x="200" y="240" font-size="15" fill="#fff" text-anchor="middle">Emergency Siren</text>
          <text x="200" y="262" font-size="10.5" fill="#ffd9d9" text-anchor="middle">a hold: logged, no intent (A12)</text>
        </g>
      </g>
      <text x="60" y="190" font-size="11" fill="#777" text-anchor="end" pointer-events="none">Action</text>
      <text x="350" y="350" font-size="11" fill="#777" text-anchor="middle" pointer-events="none">side</text>
    </svg>
    <dl id="status">
      <dt>App</dt><dd id="status-app">—</dd>
      <dt>Session</dt><dd id="status-session">none</dd>
      <dt>Next action</dt><dd id="status-next">—</dd>
      <dt>Run time</dt><dd id="status-time">—</dd>
    </dl>
    <p id="access" class="access"></p>
    <p class="help">Click or touch the orange Action button and the side button: pointer down and up are the button's edges, so holding is a hold.
      Both buttons down within the chord window (150 ms) make a chord: touch them with two fingers, or hold <kbd>Shift</kbd> while clicking either one.
      Keys: <kbd>A</kbd> or <kbd>Space</kbd> Action, <kbd>S</kbd> side, <kbd>B</kbd> both.</p>
  </section>
  <section id="charts-panel" aria-label="Charts">
    <nav id="session-tabs"></nav>
    <div id="chart"><p class="empty">No session yet: the first press of the Action button starts one.</p></div>
  </section>
  <section id="scrubber-panel" hidden aria-label="Replay time">
    <button id="play" type="button" title="play through the replay">▶</button>
    <select id="speed" title="playback speed"><option value="1">1×</option><option value="10" selected>10×</option><option value="60">60×</option><option value="600">600×</option></select>
    <input id="scrubber" type="range" min="0" max="0" step="1" value="0" aria-label="time in the replay">
    <span id="scrub-time">0:00:00.000</span>
    <button id="latest" type="button" title="jump to the end">end</button>
  </section>
  <section id="timeline-panel" aria-label="Timeline">
    <div id="filters">
      <label><input type="checkbox" value="presses" checked> presses</label>
      <label><input type="checkbox" value="intents" checked> intents</label>
      <label><input type="checkbox" value="donations" checked> donations</label>
      <label><input type="checkbox" value="session" checked> session</label>
      <label><input type="checkbox" value="warnings" checked> warnings</label>
      <label><input type="checkbox" value="samples"> samples</label>
      <label><input type="checkbox" value="other" checked> other</label>
      <input id="filter-text" type="search" placeholder="filter: text in the line">
      <span id="timeline-count"></span>
    </div>
    <ol id="timeline"></ol>
  </section>
</main>
<script src="/watch.js"></script>
</body>
</html>
"""#
}
