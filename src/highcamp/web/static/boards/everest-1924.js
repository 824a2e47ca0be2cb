// Everest 1924: the sheet drawn as a mountain, the route marked square by square, the dice
// below. Drawn from observation(0) and the game's static_view() only; clicks send the id of
// a legal action (the server decides).
import { h, s, clickable } from "../dom.js";

const CELL = 24;
const ROW_H = 34;
const LEFT = 78;
const TOP = 34;

const ZONE = (row, summit) =>
  row === 0 ? { fill: "#d9c7a0", name: "base camp" } :
  row < summit * 0.4 ? { fill: "#cdbf9f", name: "lower slopes" } :
  row < summit * 0.75 ? { fill: "#b9c3cb", name: "ridge" } :
  row < summit ? { fill: "#e4ebf1", name: "high mountain" } : { fill: "#ffffff", name: "summit" };

function moveKind(prev, cur) {
  const dr = cur[0] - prev[0];
  const dc = cur[1] - prev[1];
  if (dr === 0) return "right";
  if (dr < 0) return "fall";
  return dc === 1 ? "ascend" : "camp";
}

export function render(el, ctx) {
  const { view, legal } = ctx;
  const st = ctx.static;
  const o = view.observation;
  const rows = st.rows || [];
  const summit = st.summit ?? rows.length - 1;
  const width = Math.max(...rows.map((r) => r.last)) + 1;
  const W = LEFT + width * CELL + 16;
  const H = TOP + rows.length * ROW_H + 46;
  const x = (c) => LEFT + c * CELL + CELL / 2;
  const y = (r) => TOP + (summit - r) * ROW_H + ROW_H / 2;
  const svg = s("svg", { class: "wide", viewBox: `0 0 ${W} ${H}`, role: "group", "aria-label": `Everest 1924 sheet: at row ${o.position[0]}, column ${o.position[1]}` });
  svg.append(s("title", {}, "Everest 1924 sheet"));
  svg.append(s("rect", { x: 0, y: 0, width: W, height: H, fill: "#87b5d6" }));
  svg.append(s("text", { x: LEFT, y: 20, "font-size": 14, fill: "#1d1a16" }, `${st.sheet || "sheet"}`));
  // the mountain, row by row, with its zones and targets
  for (const row of rows) {
    const zone = ZONE(row.row, summit);
    const yy = y(row.row) - ROW_H / 2;
    svg.append(s("rect", { x: LEFT + row.first * CELL, y: yy, width: (row.last - row.first + 1) * CELL, height: ROW_H, fill: zone.fill, stroke: "#7a6c58", "stroke-width": 0.5 }));
    const next = o.ending === null && row.row === o.position[0] + 1;
    svg.append(s("text", { x: 6, y: y(row.row) + 5, "font-size": 13, "font-weight": next ? "bold" : "normal", fill: "#1d1a16" },
      row.row === 0 ? "base" : `${row.target}${row.unlock ? " +die" : ""}`));
    if (next) svg.append(s("text", { x: 56, y: y(row.row) + 5, "font-size": 13, fill: "#d55e00" }, "▶"));
    for (let c = row.first; c <= row.last; c++) {
      svg.append(s("circle", { cx: x(c), cy: y(row.row), r: 5, fill: "none", stroke: "#6d6253", "stroke-width": 1 }));
    }
  }
  svg.append(s("text", { x: x(rows[summit].first), y: TOP - 6, "font-size": 12, fill: "#1d1a16" }, "⚑ summit"));
  // the route
  const route = o.route || [];
  if (route.length > 1) {
    svg.append(s("polyline", { points: route.map(([r, c]) => `${x(c)},${y(r)}`).join(" "), fill: "none", stroke: "#0072b2", "stroke-width": 3, "stroke-linejoin": "round" }));
  }
  route.forEach((sq, k) => {
    const kind = k === 0 ? "start" : moveKind(route[k - 1], sq);
    const [r, c] = sq;
    if (kind === "camp") {
      svg.append(s("polygon", { points: `${x(c)},${y(r) - 9} ${x(c) - 8},${y(r) + 6} ${x(c) + 8},${y(r) + 6}`, fill: "#009e73", stroke: "#1d1a16" }, s("title", {}, `camp at row ${r}, column ${c}`)));
      svg.append(s("text", { x: x(c), y: y(r) + 4, "font-size": 8, "text-anchor": "middle", fill: "#fff" }, "C"));
    } else if (kind === "fall") {
      svg.append(s("circle", { cx: x(c), cy: y(r), r: 6, fill: "#d55e00" }, s("title", {}, `fall to row ${r}, column ${c}`)));
      svg.append(s("text", { x: x(c), y: y(r) + 3, "font-size": 8, "text-anchor": "middle", fill: "#fff" }, "F"));
    } else {
      svg.append(s("circle", { cx: x(c), cy: y(r), r: 5, fill: "#0072b2" }));
    }
  });
  // the climbers' marker
  const [pr, pc] = o.position;
  svg.append(s("g", { class: "hc-marker" },
    s("circle", { cx: x(pc), cy: y(pr), r: 11, fill: "#e69f00", stroke: "#1d1a16", "stroke-width": 2 }),
    s("text", { x: x(pc), y: y(pr) + 3, "font-size": 8, "text-anchor": "middle", "font-weight": "bold", fill: "#1d1a16" }, "You"),
    s("title", {}, `the climbers: row ${pr}, column ${pc}`)));
  // moves as clicks on their squares
  // where a move's label goes: above, below or left of its square
  const LABEL = {
    above: [0, -15, "middle"], "above-start": [-6, -15, "start"], "above-end": [6, -15, "end"],
    below: [0, 24, "middle"],
  };
  const best = optimal(ctx);
  const target = (text, r, c, label, glyph, dx = 0, where = "below") => {
    const a = ctx.byText(text);
    if (!a || r < 0 || r > summit) return;
    const cx = x(c) + dx;
    const star = best && best.action === a.id; // the exact solver's choice, when asked
    const g = s("g", { class: star ? "hc-optimal" : "" },
      s("circle", { class: "hc-face", cx, cy: y(r), r: 10, fill: star ? "#009e73" : "#f0e442", stroke: "#1d1a16", "stroke-width": star ? 4 : 2, "stroke-dasharray": star ? "" : "3 2" }),
      s("text", { x: cx, y: y(r) + 4, "font-size": 11, "text-anchor": "middle", "font-weight": "bold", fill: "#1d1a16" }, glyph),
      s("text", { x: cx + LABEL[where][0], y: y(r) + LABEL[where][1], "font-size": 11, "text-anchor": LABEL[where][2], fill: "#1d1a16", "font-weight": "bold", stroke: "#fffdf6", "stroke-width": 3, "paint-order": "stroke" }, label));
    svg.append(clickable(g, `${label}: to row ${r}, column ${c}`, () => ctx.act(a.id), `sq-${text}`));
  };
  if (o.ending === null) {
    const campCol = pr < summit ? Math.max(pc - 3, rows[pr + 1].first) : -1;
    const together = campCol === pc + 1;
    target("ascend", pr + 1, pc + 1, "ascend", "↗", 0, together ? "above-start" : "above");
    // a camp square that is the ascent's square too is drawn beside it
    target("camp", pr + 1, campCol, "camp", "▲", together ? -CELL : 0, together ? "above-end" : "above");
    target("move right", pr, pc + 1, "move right", "→");
    target("fall", pr - 1, pc + 1, "fall", "↘");
  }
  // legend
  const ly = H - 8;
  const legend = [["#e69f00", "● You"], ["#0072b2", "● route"], ["#009e73", "▲ C camp"], ["#d55e00", "● F fall"], ["#b58900", "◌ a move you can click"]];
  legend.forEach(([fill, text], i) => svg.append(s("text", { x: LEFT + i * 150, y: ly, "font-size": 12, fill: fill === "#b58900" ? "#1d1a16" : fill }, text)));
  el.append(h("div", { class: "scroll" }, svg));
  el.append(diceTray(ctx, o));
  el.append(facts(o, view));
  const advice = optimalPanel(ctx);
  if (advice) el.append(advice);
  const review = reviewPanel(ctx);
  if (review) el.append(review);
}

/** The exact solver's answer to the last hint asked, if it is one (not pending). */
function optimal(ctx) {
  const hint = ctx.hint;
  return hint && hint.agent === "optimal" && !hint.pending ? hint : null;
}

/** The hint button of the board and, once asked, every choice's expected final score under
 *  optimal play (the exact solver), best first. */
function optimalPanel(ctx) {
  const v = ctx.view;
  if (v.terminal || !v.hint || !ctx.legal.length) return null;
  const box = h("div", { class: "dice-tools", role: "group", "aria-label": "Optimal play" });
  box.append(h("button", { type: "button", "data-key": "board-hint", onclick: () => ctx.tool("hint") }, "Hint: the optimal choice"));
  const best = optimal(ctx);
  if (best) {
    const shown = (best.choices || []).slice(0, 6).map((c) => `${c.text} ${c.value.toFixed(1)}`).join(" · ");
    box.append(h("span", { class: "rule", "data-key": "board-hint-text" },
      ` Optimal: ${best.text} (expected final score ${best.value.toFixed(1)}). ${shown}`));
  } else if (ctx.hint && ctx.hint.pending) {
    box.append(h("span", { class: "rule" }, ` ${ctx.hint.pending === true ? ctx.hint.why : ctx.hint.pending}`));
  }
  return box;
}

/** At the end of a live game: the review against optimal play (asked with a button): the
 *  points the choices cost, the luck of the dice, the costliest decisions and a chart of
 *  the expected final score along the game. */
function reviewPanel(ctx) {
  const v = ctx.view;
  if (!v.terminal || v.replay) return null;
  const box = h("section", { class: "review", "aria-label": "Review against optimal play" });
  const r = ctx.review;
  if (!r || r.pending) {
    box.append(h("p", { class: "actions" }, h("button", { type: "button", "data-key": "review", onclick: () => ctx.tool("review") }, "Review my game against optimal play")));
    if (r && r.pending) box.append(h("p", { class: "rule" }, r.why));
    return box;
  }
  box.append(h("h3", {}, "Review against optimal play"));
  box.append(h("p", { "data-key": "review-summary" }, h("strong", {}, r.summary)));
  const costly = r.decisions.filter((d) => d.cost >= 0.005).sort((a, b) => b.cost - a.cost).slice(0, 10);
  const optimalCount = r.decisions.length - r.decisions.filter((d) => d.cost >= 0.005).length;
  box.append(h("p", {}, `${r.decisions.length} decisions, ${optimalCount} optimal.`));
  if (costly.length) {
    box.append(h("table", {},
      h("caption", {}, "The costliest choices"),
      h("thead", {}, h("tr", {}, ...["turn", "your choice", "optimal", "cost"].map((t) => h("th", {}, t)))),
      h("tbody", {}, ...costly.map((d) => h("tr", {},
        h("td", {}, String(d.turn)), h("td", {}, d.made), h("td", {}, d.best), h("td", {}, d.cost.toFixed(2)))))));
  }
  box.append(curveChart(r));
  return box;
}

/** The expected final score along the game, as a line (the review's curve). */
function curveChart(r) {
  const pts = r.curve || [];
  const W = 480, H = 140, P = 30;
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "Expected final score along the game", style: "max-width: 560px" });
  if (pts.length < 2) return svg;
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  const x0 = Math.min(...xs), x1 = Math.max(...xs);
  const y0 = Math.min(...ys, r.start_value), y1 = Math.max(...ys, r.start_value);
  const X = (x) => P + ((x - x0) / Math.max(1, x1 - x0)) * (W - 2 * P);
  const Y = (y) => H - P + 10 - ((y - y0) / Math.max(1e-9, y1 - y0)) * (H - 2 * P);
  svg.append(s("line", { x1: P, x2: W - P, y1: Y(r.start_value), y2: Y(r.start_value), stroke: "#7a6c58", "stroke-dasharray": "4 3" }));
  svg.append(s("polyline", { points: pts.map(([a, b]) => `${X(a)},${Y(b)}`).join(" "), fill: "none", stroke: "#0072b2", "stroke-width": 2 }));
  svg.append(s("text", { x: P, y: 14, "font-size": 11, fill: "#1d1a16" }, `expected final score: ${y1.toFixed(1)} at best, ${y0.toFixed(1)} at worst; dashed: the start (${r.start_value.toFixed(1)})`));
  return svg;
}

function diceTray(ctx, o) {
  const { legal } = ctx;
  const tray = h("div", { class: "dice" });
  const roll = ctx.byText("roll");
  const dice = o.dice || [];
  const n = o.dice_count;
  const svg = s("svg", { viewBox: `0 0 ${Math.max(6, n) * 58 + 140} 70`, role: "group", "aria-label": "Dice", style: "max-width: 560px" });
  const rerolls = legal.filter((a) => a.text.startsWith("reroll "));
  const combines = legal.filter((a) => a.text.startsWith("combine "));
  const selectable = rerolls.length > 0 || combines.length > 0;
  for (let i = 0; i < n; i++) {
    const v = dice[i] ?? 0;
    const chosen = ctx.selected.has(i + 1);
    const g = s("g", {},
      s("rect", { class: "hc-face", x: 6 + i * 58, y: 8, width: 48, height: 48, rx: 8, fill: v ? (chosen ? "#56b4e9" : "#fffdf6") : "#ddd6c6", stroke: "#1d1a16", "stroke-width": chosen ? 4 : 2 }),
      s("text", { x: 30 + i * 58, y: 42, "font-size": 26, "text-anchor": "middle", "font-weight": "bold", fill: "#1d1a16" }, v ? String(v) : "·"),
      s("text", { x: 30 + i * 58, y: 68, "font-size": 10, "text-anchor": "middle", fill: "#1d1a16" }, `die ${i + 1}${chosen ? " ✓" : ""}`));
    if (selectable && v) {
      clickable(g, `die ${i + 1} shows ${v}${chosen ? ", selected" : ""}`, () => {
        if (ctx.selected.has(i + 1)) ctx.selected.delete(i + 1); else ctx.selected.add(i + 1);
        ctx.rerender();
      }, `die-${i + 1}`);
      g.setAttribute("aria-pressed", chosen ? "true" : "false");
    }
    svg.append(g);
  }
  if (roll) {
    const g = s("g", {},
      s("rect", { class: "hc-face", x: n * 58 + 12, y: 8, width: 120, height: 48, rx: 10, fill: "#e69f00", stroke: "#1d1a16", "stroke-width": 2 }),
      s("text", { x: n * 58 + 72, y: 38, "font-size": 16, "text-anchor": "middle", "font-weight": "bold", fill: "#1d1a16" }, `Roll ${n} dice`));
    svg.append(clickable(g, `roll ${n} dice`, () => ctx.act(roll.id), "roll-cup"));
  }
  tray.append(svg);
  const tools = h("div", { class: "dice-tools", role: "group", "aria-label": "Dice choices" });
  const sel = [...ctx.selected].sort((a, b) => a - b);
  if (sel.length === 2) {
    for (const a of combines.filter((c) => c.text.startsWith(`combine ${sel[0]},${sel[1]} ->`))) {
      tools.append(h("button", { type: "button", "data-key": `c${a.id}`, onclick: () => ctx.act(a.id) }, a.text.replace("combine", "Combine dice")));
    }
  }
  if (sel.length) {
    const rr = ctx.byText(`reroll ${sel.join(",")}`);
    if (rr) tools.append(h("button", { type: "button", "data-key": "reroll-sel", onclick: () => ctx.act(rr.id) }, `Reroll dice ${sel.join(", ")}`));
  } else if (selectable) {
    tools.append(h("span", { class: "rule" }, "Select dice to combine two or to reroll them."));
  }
  tray.append(tools);
  return tray;
}

function facts(o, view) {
  const pct = (p) => (p === null || p === undefined ? "—" : `${Math.round(p * 100)}%`);
  const hint = o.reroll_hint ? `best reroll: ${o.reroll_hint.plan.join(", then ")} (${pct(o.reroll_hint.odds)})` : "";
  return h("p", {},
    h("span", { class: "badge" }, `next target ${o.next_target ?? "—"}`), " ",
    h("span", { class: "badge" }, `dice ${o.dice_count}`), " ",
    h("span", { class: "badge" }, `camps left ${o.camps_left}`), " ",
    h("span", { class: "badge" }, `score ${o.score}`), " ",
    o.ascent_odds !== undefined && o.ascent_odds !== null ? h("span", { class: "badge" }, `odds this turn ${pct(o.ascent_odds)}`) : "",
    hint ? h("span", { class: "rule" }, ` ${hint}`) : "",
    view.terminal && o.ending ? h("strong", {}, ` Ending: ${o.ending}`) : "");
}
