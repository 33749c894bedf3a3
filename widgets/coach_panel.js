// "How good was that?" — the coach panel of a card table (widgets/coach_panel.py), after card_table.js in
// the same module: withCoach wraps the table's render and puts the panel under the table's message.
//
// It draws the synced `coach_panel` (labels and numbers only; the kernel measures): a switch
// (`coach`, a toggle button with aria-pressed), then, once a move was measured, one row per option:
// its label, a bar from 0 to its mean with a whisker over its 95 % interval, the numbers, how it
// compares with the best (words), and the marks "your choice" / "computer's choice" (words, never colour alone), then the evaluator's
// sentence.  Every text is set as text (textContent), never parsed as HTML.
// Tests read: the switch button[data-coach="switch"], .pn-coach[data-state] ("off", "waiting", "measuring", "done", "none") and
// data-drawn-at (performance.now() when a measured panel was drawn).

function withCoach(ctx, render) {
  const cleanup = render(ctx);
  const { model, el } = ctx;
  const box = make("section", "pn-coach");
  box.setAttribute("aria-label", "How good was that?");
  const head = make("div", "pn-coach-head");
  const toggle = make("button", "pn-button pn-coach-switch", "How good was that?");
  toggle.type = "button";
  toggle.setAttribute("data-coach", "switch");
  toggle.title = "Measure each of your moves against the other options";
  toggle.addEventListener("click", () => {
    model.set("coach", !model.get("coach"));
    model.save_changes();
  });
  const state = make("span", "pn-coach-state");
  head.append(toggle, state);
  const body = make("div", "pn-coach-body");
  body.setAttribute("aria-live", "polite");
  box.append(head, body);
  const message = el.querySelector(".pn-message");
  if (message) message.after(box);
  else el.appendChild(box);

  const fmt = (x, share) => (share ? `${Math.round(100 * x)} %` : x.toFixed(1));

  function chart(panel) {
    const rows = panel.rows || [];
    const top = Math.max(1e-9, ...rows.map((r) => r.high), ...rows.map((r) => r.mean));
    const scale = panel.share ? Math.max(top, 0.01) : top;
    const pct = (x) => `${Math.max(0, Math.min(100, (100 * x) / scale)).toFixed(2)}%`;
    const list = make("ol", "pn-coach-rows");
    list.setAttribute("aria-label", `Each option: ${panel.measure}, with its 95 % interval`);
    for (const r of rows) {
      const li = make("li", "pn-coach-row");
      if (r.yours) li.classList.add("pn-coach-yours");
      if (r.computer) li.classList.add("pn-coach-computer");
      if (r.best) li.classList.add("pn-coach-best");
      li.setAttribute("data-label", r.label);
      li.setAttribute("data-mean", String(r.mean));
      const label = make("span", "pn-coach-label", r.label);
      const track = make("span", "pn-coach-track");
      track.setAttribute("aria-hidden", "true");
      const bar = make("span", "pn-coach-bar");
      bar.style.width = pct(r.mean);
      const whisker = make("span", "pn-coach-whisker");
      whisker.style.left = pct(r.low);
      whisker.style.width = `calc(${pct(r.high)} - ${pct(r.low)})`;
      track.append(bar, whisker);
      const value = make("span", "pn-coach-text", r.value);
      const marks = make("span", "pn-coach-marks");
      marks.appendChild(make("span", "pn-coach-verdict", r.verdict));
      if (r.yours) marks.appendChild(make("span", "pn-coach-mark pn-coach-mark-yours", "your choice"));
      if (r.computer) marks.appendChild(make("span", "pn-coach-mark pn-coach-mark-computer", "computer's choice"));
      li.append(label, track, value, marks);
      list.appendChild(li);
    }
    return list;
  }

  function drawCoach() {
    const offered = !!model.get("coach_offered") && model.get("mode") !== "step";
    const on = !!model.get("coach");
    const panel = model.get("coach_panel") || {};
    box.hidden = !offered;
    toggle.setAttribute("aria-pressed", on ? "true" : "false");
    state.textContent = on ? "on" : "off";
    const kind = on ? panel.state || "waiting" : "off";
    box.setAttribute("data-state", kind);
    body.replaceChildren();
    body.hidden = !on;
    if (!on) return;
    if (kind !== "done") {
      body.appendChild(make("p", "pn-coach-note", panel.note || ""));
      return;
    }
    const measure = String(panel.measure || "");
    body.appendChild(make("div", "pn-coach-measure",
      `${measure.charAt(0).toUpperCase()}${measure.slice(1)}, each with its 95 % interval: lower is better`));
    body.appendChild(chart(panel));
    if (panel.more) {
      body.appendChild(make("div", "pn-coach-more", `… and ${plural(panel.more, "more option")}`));
    }
    body.appendChild(make("p", "pn-coach-sentence", panel.sentence || ""));
    body.appendChild(make("p", "pn-coach-note", panel.note || ""));
    box.setAttribute("data-drawn-at", performance.now().toFixed(1));
  }

  const names = ["coach", "coach_offered", "coach_panel", "mode"];
  for (const n of names) model.on(`change:${n}`, drawCoach);
  drawCoach();
  return () => {
    for (const n of names) model.off(`change:${n}`, drawCoach);
    if (cleanup) cleanup();
  };
}
