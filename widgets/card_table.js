// Card table front end (anywidget ES module; no framework, no build step, no network).
//
// It draws the synced `view` and sends plain action messages to the kernel.
// It decides nothing: the piles a selected card may go to are
// view.targets[selected] (the engine's answer), and a click on any pile with
// a card selected is sent to the kernel, which refuses it with the rule's
// reason if it is illegal.  All data is set as text (textContent /
// setAttribute), never parsed as HTML: player names are user text.
//
// Layout, top to bottom (and so in tab order): status and counters, the hand of
// the player to move, the piles (one row), the buttons (or the step controls),
// the message (and the step explanation), the other hands as one-line rows,
// the log.  Choosing a card never changes the size of anything: piles have a
// width set by the row, not by their text, and their cost line is always there.
// Step mode shows a recorded game: nothing on the table can be chosen there.
//
// Game modes the view may ask for (Paskahousu's house rules; the kernel decides every rule):
// * a hand's `table` ({up: [cards], down: n, down_enabled}) — table cards in two rows under the
//   hand: face up (chosen and played like hand cards) and face down (card backs only: their
//   faces never reach the browser; a click on one sends {type: "turn-table-card", slot}).
// * `view.announce` ({label, options: [{id, label}], value}) — plays are laid face down with an
//   announced rank: a chooser of the ranks the engine allows; a play is sent as
//   {type: "announce", card: "<ids>", rank}.  With `view.multi` a click adds a card to the chosen
//   ones (or takes it away): `selected` holds their ids separated by spaces.
// * a button's `seat` is sent with its action (Valepaska's "Check!" and "Let it pass").
// * a pile's `said` — what was announced for the face-down cards on top (shown under the pile).
// Tables that deal (`view.note`): one line under the buttons says the deal's number and what a reload does.
// `view.autoplay` (ms): the computer is to move and plays one turn at a time by itself — after that pause
// the front end asks for its next turn ({type: "computer"}), until a *Pause* button stops it.

function make(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

// A key naming the element that has focus, so it can be focused again after a redraw.
function focusKey(root) {
  const a = root.ownerDocument.activeElement;
  if (!a || !root.contains(a)) return null;
  for (const attr of ["data-card", "data-pile", "data-action", "data-choice", "data-step", "data-down"]) {
    if (a.hasAttribute(attr)) return `[${attr}="${CSS.escape(a.getAttribute(attr))}"]`;
  }
  if (a.classList.contains("pn-step-range")) return ".pn-step-range";
  return null;
}

// A face-up card's visible parts: label (which includes the suit symbol) and the symbol again, large.
function cardFace(card) {
  const suit = make("span", "pn-card-suit", card.suit);
  suit.setAttribute("aria-hidden", "true");
  return [make("span", "pn-card-label", card.label), suit];
}

function render({ model, el }) {
  const root = make("div", "pn-table");
  root.tabIndex = -1; // focus falls back here when the focused control disappears (end of game)
  // Keys pressed inside the table are the table's: JupyterLab's shortcuts (arrows move between cells in
  // command mode) would otherwise take them (Lumino honours this attribute).
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  // Redrawn on every change:
  const head = make("div", "pn-head");          // status and counters
  const mine = make("div", "pn-hands pn-hands-main"); // the hand of the player to move
  const pileRow = make("div", "pn-piles");
  pileRow.setAttribute("role", "group");
  pileRow.setAttribute("aria-label", "Piles");
  const controls = make("div", "pn-controls pn-action-controls"); // play mode: the view's buttons
  const others = make("div", "pn-hands pn-hands-other"); // everybody else, one line each
  const logBox = make("div", "pn-log-box");
  // Built once and kept in place: live regions (only their text changes, so screen readers
  // announce it) and the step controls (so dragging the slider is not interrupted).
  const nav = make("div", "pn-controls pn-step-controls");
  const msg = make("div", "pn-message");
  msg.setAttribute("role", "status");
  msg.setAttribute("aria-live", "polite");
  const expl = make("div", "pn-explanation");
  expl.setAttribute("aria-live", "polite");
  const note = make("div", "pn-note");
  root.append(head, mine, pileRow, nav, controls, msg, expl, note, others, logBox);
  el.appendChild(root);

  let hint = "";          // a local hint ("Choose a card first"), cleared by the next kernel answer
  let hintRevision = -1;
  let dragging = false;   // the step slider is being dragged: do not move it under the pointer
  let pending = null;     // {t0, revision} of the last request sent to the kernel
  let scheduled = false;
  let wantedStep = null;  // step mode: the step the keyboard last asked for, until the kernel shows it
  let autoTimer = null;   // pace "watch": the computer's next turn, asked for after a pause
  let autoRevision = -1;

  function send(content) {
    pending = { t0: performance.now(), revision: model.get("revision") };
    hint = "";
    model.send(withAnnounce(content));
  }

  function select(cardId) {
    hint = "";
    model.set("selected", cardId);
    model.save_changes();
  }

  // The chosen card ids: one, or with view.multi several (separated by spaces).
  function chosenIds() {
    const s = model.get("selected") || "";
    return s ? s.split(" ") : [];
  }
  function isChosen(cardId) {
    return chosenIds().includes(cardId);
  }
  function toggle(cardId) {
    const view = model.get("view") || {};
    if (!view.multi) {
      select(cardId === model.get("selected") ? "" : cardId);
      return;
    }
    const ids = chosenIds();
    select(ids.includes(cardId) ? ids.filter((x) => x !== cardId).join(" ") : ids.concat([cardId]).join(" "));
  }

  function targetsOf(view, cardId) {
    if (!cardId || !view.targets) return null;
    return view.targets[cardId.split(" ")[0]] || [];
  }

  // Step controls (step mode only): made once so that dragging the slider is not interrupted by redraws.
  const stepParts = {};
  function buildNav() {
    const stepButton = (name, label, words, to) => {
      const b = make("button", "pn-button", label);
      b.type = "button";
      b.setAttribute("data-step", name);
      b.setAttribute("aria-label", words);
      b.addEventListener("click", () => send({ type: "step", to: to() }));
      stepParts[name] = b;
      return b;
    };
    const last = () => model.get("steps");
    const range = make("input", "pn-step-range");
    range.type = "range";
    range.min = "0";
    range.step = "1";
    range.setAttribute("aria-label", "Step");
    range.addEventListener("input", () => send({ type: "step", to: Number(range.value) }));
    range.addEventListener("pointerdown", () => { dragging = true; });
    range.addEventListener("pointerup", () => { dragging = false; });
    range.addEventListener("pointercancel", () => { dragging = false; });
    range.addEventListener("blur", () => { dragging = false; });
    stepParts.range = range;
    stepParts.label = make("span", "pn-step-label");
    nav.append(
      stepButton("first", "« First", "First step", () => 0),
      stepButton("back", "◀ Back", "One action back", () => Math.max(0, model.get("step") - 1)),
      range,
      stepButton("forward", "Forward ▶", "One action forward", () => Math.min(last(), model.get("step") + 1)),
      stepButton("last", "Last »", "Last step", last),
      stepParts.label,
    );
  }

  // One hand: the player to move's cards large (buttons in play mode), everybody else's
  // as a compact line (name, count, small cards or card backs).
  function drawHand(h, main, mode, selected) {
    const hand = make("div", main ? "pn-hand pn-hand-main" : "pn-hand pn-hand-other");
    hand.setAttribute("data-seat", String(h.seat));
    hand.setAttribute("data-count", String(h.count));
    if (h.to_move) hand.classList.add("pn-to-move");
    if (h.you) hand.classList.add("pn-you");
    const headBox = make("div", "pn-hand-head");
    headBox.appendChild(make("span", "pn-hand-name", h.name));
    if (h.you) headBox.appendChild(make("span", "pn-you-marker", "(you)"));
    if (h.computer) headBox.appendChild(make("span", "pn-computer-marker", "(computer)"));
    if (h.to_move) headBox.appendChild(make("span", "pn-to-move-marker", "to move ▶"));
    headBox.appendChild(make("span", "pn-hand-count", plural(h.count, "card")));
    hand.appendChild(headBox);
    const row = make("div", "pn-cards");
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", `${h.name}'s hand, ${plural(h.count, "card")}`);
    // Only the player to move can choose a card, and only in play mode: those are buttons;
    // other open hands, and every hand of a recorded game (step mode), are shown only.
    const choosable = main && h.to_move && mode !== "step" && !!h.cards;
    if (h.cards) {
      for (const card of h.cards) {
        const node = choosable ? make("button", "pn-card") : make("span", "pn-card");
        if (choosable) {
          node.type = "button";
          node.setAttribute("aria-pressed", isChosen(card.id) ? "true" : "false");
          node.addEventListener("click", () => toggle(card.id));
        } else {
          node.setAttribute("role", "img");
        }
        node.setAttribute("data-card", card.id);
        node.setAttribute("aria-label", card.words);
        node.title = card.words;
        if (card.red) node.classList.add("pn-red");
        node.append(...cardFace(card));
        row.appendChild(node);
      }
    } else {
      for (let i = 0; i < h.count; i++) {
        const back = make("span", "pn-card-back");
        back.setAttribute("aria-hidden", "true");
        row.appendChild(back);
      }
      const words = make("span", "pn-sr-only", `${plural(h.count, "card")}, face down`);
      row.appendChild(words);
    }
    hand.appendChild(row);
    if (h.table) hand.appendChild(drawTableCards(h, choosable || (main && h.to_move && mode !== "step"), selected));
    return hand;
  }

  // A hand's table cards (Pöytäpaska): a face-up row and a face-down row.  Face-up ones are chosen
  // like hand cards (the engine's targets decide where they may go); face-down ones are backs only.
  function drawTableCards(h, mayChoose, selected) {
    const t = h.table;
    const box = make("div", "pn-table-cards");
    box.setAttribute("data-seat", String(h.seat));
    const up = make("div", "pn-cards pn-table-up");
    up.setAttribute("role", "group");
    up.setAttribute("aria-label", `${h.name}'s face-up table cards, ${plural((t.up || []).length, "card")}`);
    up.appendChild(make("span", "pn-table-row-name", "Table, face up:"));
    for (const card of t.up || []) {
      const playable = mayChoose && !!(model.get("view").targets || {})[card.id];
      const node = playable ? make("button", "pn-card pn-table-card") : make("span", "pn-card pn-table-card");
      if (playable) {
        node.type = "button";
        node.setAttribute("aria-pressed", isChosen(card.id) ? "true" : "false");
        node.addEventListener("click", () => toggle(card.id));
      } else {
        node.setAttribute("role", "img");
      }
      node.setAttribute("data-card", card.id);
      node.setAttribute("data-table", "up");
      node.setAttribute("aria-label", `${card.words}, face-up table card`);
      node.title = `${card.words} (face-up table card)`;
      if (card.red) node.classList.add("pn-red");
      node.append(...cardFace(card));
      up.appendChild(node);
    }
    if (!(t.up || []).length) up.appendChild(make("span", "pn-table-none", "none"));
    const down = make("div", "pn-cards pn-table-down");
    down.setAttribute("role", "group");
    down.setAttribute("aria-label", `${h.name}'s face-down table cards, ${plural(t.down || 0, "card")}`);
    down.appendChild(make("span", "pn-table-row-name", "Table, face down:"));
    for (let i = 0; i < (t.down || 0); i++) {
      const turn = mayChoose && !!t.down_enabled;
      const back = make(turn ? "button" : "span", "pn-card-back pn-table-back");
      back.setAttribute("data-down", String(i));
      if (turn) {
        back.type = "button";
        back.setAttribute("aria-label", `Turn over face-down table card ${i + 1} and play it if the rules allow`);
        back.title = "Turn over this card: played if it may go on the pile, else you pick up";
        back.addEventListener("click", () => send({ type: "turn-table-card", slot: i }));
      } else {
        back.setAttribute("aria-hidden", "true");
      }
      down.appendChild(back);
    }
    if (!(t.down || 0)) down.appendChild(make("span", "pn-table-none", "none"));
    box.append(up, down);
    return box;
  }

  // Valepaska: the rank chosen for the play at hand, or null (the chooser then shows the engine's default,
  // the lowest rank allowed). A choice lasts one play: never a rank the player did not choose for it.
  let announced = null;
  function withAnnounce(content) {
    const a = (model.get("view") || {}).announce;
    if (a && content && content.type === "play") {
      const ids = (a.options || []).map((o) => o.id);
      const rank = ids.includes(announced) ? announced : a.value;
      announced = null;
      return { type: "announce", card: content.card, pile: content.pile, rank };
    }
    return content;
  }

  function draw() {
    const view = model.get("view") || {};
    const mode = model.get("mode");
    // Step mode shows a recorded game: no card can be chosen, so no pile is marked.
    const selected = mode === "step" ? "" : model.get("selected") || "";
    const keep = focusKey(root);

    root.setAttribute("data-game", view.game || "");
    root.setAttribute("data-rules", view.rules || ""); // the house rules' name (Paskahousu), for tests and styles
    root.setAttribute("data-mode", mode);
    root.classList.toggle("pn-large", !!model.get("large"));
    root.classList.toggle("pn-over", !!view.over);

    // Status line and counters.
    head.replaceChildren();
    head.appendChild(make("div", "pn-status", view.status || ""));
    const counters = make("div", "pn-counters");
    for (const c of view.counters || []) {
      const span = make("span", "pn-counter", `${c.label}: ${c.value}`);
      span.setAttribute("data-label", c.label);
      span.setAttribute("data-value", String(c.value));
      counters.appendChild(span);
    }
    head.appendChild(counters);

    // Hands: the player to move above the piles (first in tab order: choose a card, then
    // a pile); the others below the buttons, one line each.
    mine.replaceChildren();
    others.replaceChildren();
    // One-seat and hot-seat tables say which hand goes in the main place (`main`); otherwise
    // it is the hand of the player to move.  Hot seat: a "pass to" screen covers it.
    if (view.pass_to) {
      const box = make("div", "pn-pass");
      box.setAttribute("role", "group");
      box.setAttribute("aria-label", `Pass the screen to ${view.pass_to}`);
      box.appendChild(make("div", "pn-pass-title", `Pass the screen to ${view.pass_to}.`));
      box.appendChild(make("div", "pn-pass-text",
        `${view.pass_to}: press the button when only you can see the screen.`));
      const show = make("button", "pn-button pn-pass-button", `Show my cards (${view.pass_to})`);
      show.type = "button";
      show.setAttribute("data-action", "reveal");
      show.addEventListener("click", () => send({ type: "reveal" }));
      box.appendChild(show);
      mine.appendChild(box);
    }
    for (const h of view.hands || []) {
      const main = h.main !== undefined ? !!h.main : !!h.to_move;
      if (main && !view.pass_to) mine.appendChild(drawHand(h, true, mode, selected));
      else others.appendChild(drawHand(h, false, mode, selected));
    }
    mine.hidden = !mine.firstChild;
    others.hidden = !others.firstChild;

    // Piles.  In play mode they are buttons; in step mode plain boxes.
    const legal = targetsOf(view, selected);
    const selectedWords = (() => {
      const words = [];
      for (const h of view.hands || []) {
        for (const c of (h.cards || []).concat((h.table && h.table.up) || [])) if (isChosen(c.id)) words.push(c.words);
      }
      return words.length ? words.join(", ") : selected;
    })();
    pileRow.replaceChildren();
    for (const p of view.piles || []) {
      // A pile nothing can be played on (Paskahousu's burned cards) is shown, never a target.
      const clickable = mode !== "step" && !p.static;
      const b = make(clickable ? "button" : "div", "pn-pile");
      if (clickable) b.type = "button";
      else b.setAttribute("role", "group");
      b.setAttribute("data-pile", String(p.id));
      b.setAttribute("data-count", String(p.count));
      b.appendChild(make("span", "pn-pile-name", `${p.arrow || ""} ${p.name}`.trim()));
      const face = make("span", "pn-pile-face");
      const top = make("span", "pn-pile-top", p.top ? p.top.label : "empty");
      if (p.top && p.top.red) top.classList.add("pn-red");
      if (!p.top) top.classList.add("pn-empty");
      face.appendChild(top);
      face.appendChild(make("span", "pn-pile-count", plural(p.count, "card")));
      b.appendChild(face);
      let words = `${p.name}, ${p.top ? `top ${p.top.words}` : "empty"}, ${plural(p.count, "card")}`;
      if (p.said) {
        b.appendChild(make("span", "pn-pile-said", p.said));
        words += `; ${p.said}`;
      }
      // In play mode the cost line is always there (a blank one when no card is chosen):
      // choosing a card changes its text, never the pile's size.  Step mode chooses nothing.
      const cost = make("span", "pn-pile-cost", "\u00a0");
      cost.setAttribute("aria-hidden", "true"); // said in the pile's label
      if (legal && clickable) {
        const t = legal.find((x) => String(x.pile) === String(p.id));
        if (t) {
          b.classList.add("pn-legal");
          b.setAttribute("data-kind", t.kind);
          cost.textContent = `✓ ${t.text}`;
          words += `; legal: ${t.text}`;
        } else {
          b.classList.add("pn-illegal");
          cost.textContent = "✗ not here";
          words += `; not legal for ${selectedWords}`;
        }
        b.title = cost.textContent;
      }
      if (clickable) b.appendChild(cost);
      b.setAttribute("aria-label", words);
      if (clickable) {
        b.addEventListener("click", () => {
          const card = model.get("selected");
          if (!card) {
            hint = "Choose a card first, then a pile.";
            hintRevision = model.get("revision");
            schedule();
            return;
          }
          send({ type: "play", card, pile: p.id });
        });
      }
      pileRow.appendChild(b);
    }

    // Message (the engine's sentence, a refusal with its reason, or a local hint).
    if (hint && model.get("revision") !== hintRevision) hint = "";
    const ok = hint ? false : !!model.get("message_ok");
    const text = hint || model.get("message") || "";
    msg.setAttribute("data-ok", ok ? "true" : "false");
    msg.textContent = !ok && text ? `⚠ ${text}` : text;

    // Controls.
    if (mode === "step") {
      const steps = model.get("steps");
      const k = model.get("step");
      if (k === wantedStep) wantedStep = null;
      expl.hidden = false;
      expl.textContent = model.get("explanation") || "";
      if (!nav.firstChild) buildNav();
      nav.hidden = steps === 0; // a position without actions: nothing to step through
      stepParts.first.disabled = k === 0;
      stepParts.back.disabled = k === 0;
      stepParts.forward.disabled = k === steps;
      stepParts.last.disabled = k === steps;
      stepParts.range.max = String(steps);
      if (!dragging) stepParts.range.value = String(k);
      stepParts.range.setAttribute("aria-valuetext", `Step ${k} of ${steps}`);
      stepParts.label.textContent = `Step ${k} of ${steps}`;
      controls.replaceChildren();
      controls.hidden = true;
    } else {
      expl.hidden = true;
      nav.hidden = true;
      controls.hidden = false;
      controls.replaceChildren();
      // Face-down plays (Valepaska): the rank to announce, from the ranks the engine allows.
      if (view.announce) {
        const group = make("label", "pn-announce");
        group.appendChild(make("span", "pn-announce-head", view.announce.label || "Announce:"));
        const sel = make("select", "pn-announce-select");
        sel.setAttribute("data-action", "announce");
        const ids = (view.announce.options || []).map((o) => o.id);
        const shown = ids.includes(announced) ? announced : view.announce.value;
        for (const o of view.announce.options || []) {
          const opt = make("option", null, o.label);
          opt.value = o.id;
          if (o.id === shown) opt.selected = true;
          sel.appendChild(opt);
        }
        sel.addEventListener("change", () => { announced = sel.value; });
        group.appendChild(sel);
        controls.appendChild(group);
      }
      // Further plays the chosen card starts (e.g. Paskahousu: several cards of its rank at once),
      // each a whole action from the engine's view: first in the row, under a heading.
      const chosen = model.get("selected");
      const choices = (chosen && view.choices && view.choices[chosen]) || [];
      if (choices.length) {
        const group = make("div", "pn-choices");
        group.setAttribute("role", "group");
        group.setAttribute("aria-label", "Play several cards at once");
        group.appendChild(make("span", "pn-choices-head", "Several at once:"));
        for (const choice of choices) {
          const b = make("button", "pn-button pn-choice", choice.label);
          b.type = "button";
          b.setAttribute("data-choice", choice.id);
          b.addEventListener("click", () => send(choice.action));
          group.appendChild(b);
        }
        controls.appendChild(group);
      }
      for (const btn of view.buttons || []) {
        const b = make("button", "pn-button", btn.label);
        b.type = "button";
        b.setAttribute("data-action", btn.action);
        b.disabled = !btn.enabled;
        b.addEventListener("click", () => send(btn.seat !== undefined && btn.seat !== null
          ? { type: btn.action, seat: btn.seat } : { type: btn.action }));
        controls.appendChild(b);
      }
    }

    note.textContent = mode === "step" ? "" : view.note || "";
    note.hidden = !note.textContent;

    // The last few sentences of the game log, each told once: those the message already says are left out.
    logBox.replaceChildren();
    const said = model.get("message") || "";
    const recent = (view.log || []).filter((line) => !said.includes(line));
    if (recent.length) {
      const log = make("ol", "pn-log");
      log.setAttribute("aria-label", "Recent actions");
      for (const line of recent) log.appendChild(make("li", null, line));
      logBox.appendChild(log);
    }
    logBox.hidden = !recent.length;
    autoplay(view, mode);

    // Focus back where it was.  When that control is gone or disabled (a played card, the
    // last "Computer plays this turn" of the game), focus goes to the nearest useful one,
    // and at worst to the table itself, never to the page.
    if (keep) {
      let target = root.querySelector(keep);
      if (keep === ".pn-step-range") target = null; // the slider was never redrawn: it keeps its focus
      else if (!target || target.disabled) {
        const fallbacks = keep.startsWith("[data-action")
          ? ['button[data-action="undo"]:enabled', "button[data-action]:enabled", "button.pn-card"]
          : [".pn-step-range", "button.pn-card", 'button[data-action="undo"]:enabled', "button[data-action]:enabled"];
        target = null;
        for (const sel of fallbacks) {
          target = root.querySelector(sel);
          if (target) break;
        }
        target = target || root;
      }
      if (target) target.focus();
    }

    // Round-trip time: click → kernel answer (revision bumped) → DOM redrawn.
    if (pending && model.get("revision") !== pending.revision) {
      root.setAttribute("data-latency-ms", (performance.now() - pending.t0).toFixed(1));
      pending = null;
    }
    // Tests wait for this to change: the kernel's answer has been drawn.
    root.setAttribute("data-revision", String(model.get("revision")));
  }

  // pace "watch": one computer turn after a pause, again after each answer, until the view stops asking.
  function autoplay(view, mode) {
    const revision = model.get("revision");
    if (mode === "step" || !view.autoplay) {
      clearTimeout(autoTimer);
      autoTimer = null;
      return;
    }
    if (autoTimer && autoRevision === revision) return;
    clearTimeout(autoTimer);
    autoRevision = revision;
    autoTimer = setTimeout(() => {
      autoTimer = null;
      if ((model.get("view") || {}).autoplay && model.get("revision") === revision) send({ type: "computer", revision });
    }, Number(view.autoplay));
  }

  // Several traits change in one kernel message: draw once after all of them.
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      draw();
    });
  }

  // Keyboard: arrows move between cards (or piles), Escape clears the selection.
  function onKey(event) {
    const t = event.target;
    if (event.key === "Escape") {
      if (model.get("selected")) {
        select("");
        event.preventDefault();
      }
      return;
    }
    // Step mode: ← → step back and forward, Home / End go to the first / last step, wherever the
    // focus is in the table, the slider included (its own key handling would race the kernel).
    if (model.get("mode") === "step" && ["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) {
      event.stopPropagation(); // JupyterLab's notebook would move to another cell
      // Keys pressed faster than the kernel answers count from the step last asked for.
      const k = wantedStep !== null ? wantedStep : model.get("step");
      const to = { ArrowLeft: Math.max(0, k - 1), ArrowRight: Math.min(model.get("steps"), k + 1),
                   Home: 0, End: model.get("steps") }[event.key];
      if (to !== k) {
        wantedStep = to;
        send({ type: "step", to });
      }
      event.preventDefault();
      return;
    }
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    let group = null;
    if (t.matches && t.matches("button.pn-card")) group = Array.from(t.closest(".pn-cards").querySelectorAll("button.pn-card"));
    else if (t.matches && t.matches("button.pn-pile")) group = Array.from(root.querySelectorAll("button.pn-pile"));
    if (!group) return;
    const i = group.indexOf(t);
    const j = event.key === "ArrowLeft" ? Math.max(0, i - 1) : Math.min(group.length - 1, i + 1);
    group[j].focus();
    event.preventDefault();
  }
  root.addEventListener("keydown", onKey);

  const names = ["view", "message", "message_ok", "mode", "step", "steps", "explanation", "selected",
                 "large", "open_hands", "notation", "revision", "computer_seats", "seat", "hot_seat", "pace"];
  for (const n of names) model.on(`change:${n}`, schedule);
  draw();

  return () => {
    for (const n of names) model.off(`change:${n}`, schedule);
    root.removeEventListener("keydown", onKey);
    clearTimeout(autoTimer);
  };
}

export default { render: (ctx) => withCoach(ctx, render) }; // withCoach: coach_panel.js, after this file
