// Acceptance grid front end (anywidget ES module; no framework, no network).
// Draws the synced grid (row labels, column labels, one verdict per cell) as a table of buttons;
// a click (or Enter / Space on a focused cell) chooses that pair: it sets `chosen` [row, column],
// and the kernel (widgets.AcceptanceTable) moves its dropdowns and explains the pair.
// A cell a house rule changed (`standard[i][j]` names the standard game's verdict) is marked "≠" with a
// dashed border, and its label says what the standard game answers: never colour alone.
// Text is set with textContent only.


function make(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function render({ model, el }) {
  const root = make("div", "pk-grid");
  el.appendChild(root);

  function draw() {
    const rows = model.get("rows") || [];
    const cols = model.get("cols") || [];
    const cells = model.get("cells") || [];
    const standard = model.get("standard") || [];
    const marks = model.get("marks") || {};  // the verdicts' marks, from the kit's theme (Python)
    const [ci, cj] = model.get("chosen") || [-1, -1];
    const focused = root.ownerDocument.activeElement;
    const keep = focused && root.contains(focused) ? focused.dataset.cell : null;
    root.replaceChildren();
    const table = make("table", "pk-grid-table");
    table.appendChild(make("caption", null, model.get("caption") || ""));
    const head = make("tr");
    head.appendChild(make("th", "pk-corner", "top ╲ play"));
    cols.forEach((c, j) => {
      const th = make("th", j === cj ? "pk-chosen" : null, j === cj ? `${c} ▼` : c);
      th.scope = "col";
      head.appendChild(th);
    });
    table.appendChild(head);
    rows.forEach((r, i) => {
      const tr = make("tr");
      const th = make("th", i === ci ? "pk-chosen" : null, i === ci ? `▶ ${r}` : r);
      th.scope = "row";
      tr.appendChild(th);
      cols.forEach((c, j) => {
        const verdict = (cells[i] || [])[j] || "no";
        const td = make("td");
        const was = (standard[i] || [])[j] || "";
        const b = make("button", `pk-cell pk-${verdict}`, marks[verdict] || "?");
        b.type = "button";
        b.dataset.cell = `${i},${j}`;
        b.dataset.verdict = verdict;
        let words = `${c} on ${r}: ${verdict}`;
        if (was) {
          b.classList.add("pk-changed");
          b.dataset.standard = was;
          const mark = make("span", "pk-changed-mark", "≠");
          mark.setAttribute("aria-hidden", "true");
          b.appendChild(mark);
          words += ` (changed: the standard game says ${was})`;
        }
        b.setAttribute("aria-label", words);
        b.title = `${words} — click to choose this pair`;
        if (i === ci && j === cj) {
          b.classList.add("pk-chosen");
          b.setAttribute("aria-pressed", "true");
        }
        b.addEventListener("click", () => {
          model.set("chosen", [i, j]);
          model.save_changes();
        });
        td.appendChild(b);
        tr.appendChild(td);
      });
      table.appendChild(tr);
    });
    root.appendChild(table);
    if (keep) {
      const again = root.querySelector(`[data-cell="${keep}"]`);
      if (again) again.focus();
    }
  }

  const names = ["rows", "cols", "cells", "chosen", "caption", "standard"];
  for (const n of names) model.on(`change:${n}`, draw);
  draw();
  return () => {
    for (const n of names) model.off(`change:${n}`, draw);
  };
}

export default { render };
