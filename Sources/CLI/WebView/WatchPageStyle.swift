extension WatchPage {
    /// The page's style sheet.
    static let style = #"""
:root { color-scheme: light; --ink: #1d1d1f; --muted: #6e6e73; --line: #e3e3e6; --orange: #ff6a13; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.4 -apple-system, "Helvetica Neue", "DejaVu Sans", Arial, sans-serif; color: var(--ink); background: #f5f5f7; }
header { display: flex; gap: 16px; align-items: baseline; padding: 10px 20px; background: #fff; border-bottom: 1px solid var(--line); }
header h1 { font-size: 18px; margin: 0; }
#run-title { color: var(--muted); flex: 1; }
.connection { font-size: 12px; padding: 2px 8px; border-radius: 10px; background: #eee; }
.connection.ok { background: #d9f7dd; color: #12611f; }
.connection.down { background: #ffe1df; color: #a0140c; }
main { display: grid; grid-template-columns: minmax(300px, 380px) minmax(0, 1fr); grid-template-areas: "watch charts" "watch scrub" "timeline timeline"; gap: 16px; padding: 16px 20px; }
#watch-panel { grid-area: watch; background: #fff; border-radius: 14px; padding: 12px; border: 1px solid var(--line); min-width: 0; }
#charts-panel { grid-area: charts; background: #fff; border-radius: 14px; padding: 12px; border: 1px solid var(--line); min-width: 0; }
#scrubber-panel { grid-area: scrub; display: flex; gap: 10px; align-items: center; background: #fff; border-radius: 14px; padding: 10px 12px; border: 1px solid var(--line); min-width: 0; }
#scrubber-panel[hidden] { display: none; }
#scrubber { flex: 1; }
#scrub-time { font-family: "DejaVu Sans Mono", Menlo, monospace; font-size: 13px; min-width: 15ch; }
#timeline-panel { grid-area: timeline; background: #fff; border-radius: 14px; padding: 12px; border: 1px solid var(--line); min-width: 0; }
#watch { width: 100%; max-width: 360px; display: block; margin: 0 auto; user-select: none; -webkit-user-select: none; }
#watch .touch-area { cursor: pointer; touch-action: none; -webkit-touch-callout: none; }
#watch .button { transition: transform 60ms, filter 60ms; }
#action-button.lit { transform: translateX(5px); filter: drop-shadow(0 0 7px #ff9a3c) brightness(1.15); }
#side-button.lit { transform: translateX(-4px); filter: drop-shadow(0 0 7px #5ac8fa) brightness(1.1); }
#watch .button.pressing { stroke: #0a84ff; stroke-width: 2.5; }
#action-button.flash { filter: drop-shadow(0 0 7px #ff9a3c) brightness(1.15); }
#side-button.flash { filter: drop-shadow(0 0 7px #5ac8fa) brightness(1.1); }
.siren-flash { animation: siren 0.6s steps(2) infinite; }
@keyframes siren { 50% { fill: #8a0010; } }
#status { display: grid; grid-template-columns: auto 1fr; gap: 2px 12px; margin: 10px 6px; font-size: 13px; }
#status dt { color: var(--muted); }
#status dd { margin: 0; font-weight: 600; }
.access { font-size: 12.5px; margin: 6px; padding: 6px 8px; border-radius: 8px; background: #f1f1f4; }
.access.refused { background: #fff4e5; color: #8a4b00; }
.help { font-size: 12px; color: var(--muted); margin: 6px; }
kbd { font: 11px "DejaVu Sans Mono", monospace; border: 1px solid #ccc; border-radius: 4px; padding: 0 4px; background: #fafafa; }
#session-tabs { display: flex; gap: 6px; flex-wrap: wrap; margin-bottom: 8px; }
#session-tabs button { border: 1px solid var(--line); background: #f5f5f7; border-radius: 14px; padding: 3px 12px; cursor: pointer; font-size: 12.5px; }
#session-tabs button.selected { background: var(--ink); color: #fff; border-color: var(--ink); }
#chart svg { width: 100%; height: auto; display: block; }
#chart .empty { color: var(--muted); padding: 40px 10px; text-align: center; }
#filters { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; margin-bottom: 8px; font-size: 13px; }
#filter-text { flex: 1; min-width: 160px; padding: 4px 8px; border: 1px solid #ccc; border-radius: 8px; }
#timeline-count { color: var(--muted); font-size: 12px; }
#timeline { list-style: none; margin: 0; padding: 0; max-height: 360px; overflow: auto; font: 12px/1.5 "DejaVu Sans Mono", Menlo, monospace; white-space: pre; }
#timeline li { padding: 0 6px; border-radius: 4px; cursor: default; }
#timeline li.intents { color: #0b4f8a; font-weight: 600; }
#timeline li.warnings { color: #b3261e; }
#timeline li.donations { color: #6a3fb5; }
#timeline li.session { color: #12611f; }
#timeline li.samples { color: #8a8a8e; }
#timeline li.now { background: #fff3c4; }
#timeline.replay li { cursor: pointer; }
@media (max-width: 820px) {
  header { flex-wrap: wrap; gap: 4px 12px; padding: 8px 12px; }
  main { grid-template-columns: minmax(0, 1fr); grid-template-areas: "watch" "scrub" "charts" "timeline"; gap: 10px; padding: 10px; }
  #scrubber-panel { flex-wrap: wrap; }
  #scrubber { flex-basis: 100%; }
  #timeline { white-space: pre-wrap; overflow-wrap: anywhere; }
  #timeline li { padding-left: 2em; text-indent: -1.5em; }
}
"""#
}
