// Pieces shared by the board modules: wrapped SVG text, pill buttons, tokens, the fallback
// for a view without an observation. Plain ES module; every piece carries a text label.
import { h, s, clickable } from "../dom.js";
import * as generic from "./generic.js";

// the boards' own style sheet, once
if (!document.querySelector("link[data-boards]")) {
  document.head.append(h("link", { rel: "stylesheet", href: new URL("./boards.css", import.meta.url).href, "data-boards": "" }));
}

/** The Okabe-Ito palette (safe for colour-blind players), by name. */
export const OI = {
  orange: "#e69f00", sky: "#56b4e9", green: "#009e73", yellow: "#f0e442",
  blue: "#0072b2", vermillion: "#d55e00", purple: "#cc79a7", black: "#000000",
};
export const INK = "#1d1a16";
export const PAPER = "#fffdf6";

/** Words of `text` in lines of at most `width` characters. */
export function lines(text, width) {
  const out = [];
  let cur = "";
  for (const word of String(text).split(/\s+/)) {
    if (cur && (cur + " " + word).length > width) { out.push(cur); cur = word; } else cur = cur ? `${cur} ${word}` : word;
  }
  if (cur) out.push(cur);
  return out;
}

/** An SVG text of several lines (tspans), `size` px, starting at (x, y). */
export function para(x, y, text, { size = 12, width = 40, weight = "normal", fill = INK, anchor = "start", max = 99 } = {}) {
  const t = s("text", { x, y, "font-size": size, fill, "font-weight": weight, "text-anchor": anchor });
  lines(text, width).slice(0, max).forEach((ln, i) => t.append(s("tspan", { x, dy: i ? size * 1.2 : 0 }, ln)));
  return t;
}

/** Text with a paper halo, readable on any background. */
export function label(x, y, text, { size = 11, weight = "bold", anchor = "middle", fill = INK } = {}) {
  return s("text", { x, y, "font-size": size, "font-weight": weight, "text-anchor": anchor, fill, stroke: PAPER, "stroke-width": 3, "paint-order": "stroke" }, text);
}

/** A yellow pill button on the board for legal action `a`, or nothing without one. */
export function pill(ctx, a, x, y, text, key, { w, fill = OI.yellow, size = 12 } = {}) {
  if (!a) return null;
  const width = w ?? Math.max(44, text.length * size * 0.6 + 16);
  const g = s("g", {},
    s("rect", { class: "hc-face", x, y, width, height: 24, rx: 12, fill, stroke: INK, "stroke-width": 2 }),
    s("text", { x: x + width / 2, y: y + 16, "font-size": size, "font-weight": "bold", "text-anchor": "middle", fill: fill === OI.blue || fill === OI.vermillion ? "#fff" : INK }, text));
  return clickable(g, a.text, () => ctx.act(a.id), key);
}

/** Mark an SVG group as the click target of legal action `a` (dashed yellow ring on its face). */
export function target(ctx, g, a, key, title) {
  if (!a) return g;
  return clickable(g, title || a.text, () => ctx.act(a.id), key);
}

/** A chip: a rounded rectangle with a text label (markers, tokens). */
export function chip(x, y, w, hgt, text, { fill = PAPER, color = INK, stroke = INK, size = 10, dash, weight = "bold", strokeWidth = 1.5 } = {}) {
  const rect = s("rect", { class: "hc-face", x, y, width: w, height: hgt, rx: 5, fill, stroke, "stroke-width": strokeWidth, "stroke-dasharray": dash });
  const fits = Math.floor((w - 6) / (size * 0.58));
  const rows = String(text).length > fits && hgt >= size * 2.2 ? lines(text, fits).slice(0, 2) : null;
  if (!rows || rows.length < 2) {
    return [rect, s("text", { x: x + w / 2, y: y + hgt / 2 + size * 0.36, "font-size": size, "font-weight": weight, "text-anchor": "middle", fill: color }, text)];
  }
  // a long name on two lines, whole (its full text also as the tooltip)
  const small = Math.min(size, (hgt - 2) / 2.3);
  const t = s("text", { x: x + w / 2, y: y + hgt / 2 - small * 0.25, "font-size": small, "font-weight": weight, "text-anchor": "middle", fill: color });
  rows.forEach((ln, i) => t.append(s("tspan", { x: x + w / 2, dy: i ? small * 1.15 : 0 }, ln)));
  rect.append(s("title", {}, text));
  return [rect, t];
}

/** True when the board can be drawn; otherwise the generic board is drawn with a note. */
export function needObservation(el, ctx, what) {
  if (ctx.view.observation) return true;
  generic.render(el, ctx);
  el.prepend(h("p", { class: "rule" }, what));
  return false;
}

/** The legal actions whose text matches `re` (a RegExp), with the match. */
export function matching(ctx, re) {
  const out = [];
  for (const a of ctx.legal) {
    const m = a.text.match(re);
    if (m) out.push({ a, m });
  }
  return out;
}

/** ``table`` read row by row on a phone: each cell is labelled with its column's heading
 *  (``data-label``), so that a narrow screen shows every row as a small card of labelled
 *  values instead of cutting the table (boards.css, ``table.stacked``). */
export function stacked(table) {
  const heads = [...table.querySelectorAll("thead th")].map((th) => th.textContent);
  for (const tr of table.querySelectorAll("tbody tr")) {
    [...tr.children].forEach((td, i) => { if (heads[i]) td.setAttribute("data-label", heads[i]); });
  }
  table.classList.add("stacked");
  return table;
}
