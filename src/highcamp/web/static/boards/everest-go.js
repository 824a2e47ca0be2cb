// Everest Go!: the table (each mountaineer on a mat with its garment stacks, heights, frozen
// parts, Cold and special items), the piles, and the seat's own hand. Drawn from the seat's
// observation only (a spectator without one gets the generic board); clicks send the id of a
// legal action: a card in the hand, a part of a mountaineer, a name plate.
import { h, s, clickable } from "../dom.js";
import { OI, INK, PAPER, para, pill, chip, needObservation } from "./kit.js";

const SLOT = {
  head: [100, 44, 60, 50],
  "left arm": [14, 104, 70, 74],
  jacket: [95, 104, 70, 74],
  "right arm": [176, 104, 70, 74],
  pants: [95, 188, 70, 62],
  boots: [95, 260, 70, 46],
};
const SEAT_COLOURS = [OI.orange, OI.sky, OI.green, OI.purple];

function seatName(view, seat) { return view.seats?.[seat]?.name ?? `Player ${seat + 1}`; }

function isGarment(card) { return /^(head|jacket|left arm|right arm|pants|boots) \d+$/.test(card); }

/** What an action card or special item does, from the game's static view (one source:
 * the card data), or null for a garment. */
function kindOf(ctx, card) {
  const k = (ctx.static.kinds || []).find((x) => x.name === card);
  return k && k.effect ? k : null;
}

/** One card face (hand, take, discard): a garment shows its part and number, an action
 * card or special item its effect in words (and, on hover, with its rule). */
function cardFace(x, y, card, { w = 84, hh = 118, click = false, kind = null } = {}) {
  const garment = isGarment(card);
  const g = s("g", {});
  g.append(s("rect", { class: "hc-face", x, y, width: w, height: hh, rx: 8, fill: garment ? PAPER : card === "Oxygen" || card === "Flag" ? OI.yellow : "#cde6f5", stroke: INK, "stroke-width": click ? 2.5 : 1.5, "stroke-dasharray": click ? "5 3" : undefined }));
  if (garment) {
    const [, part, n] = card.match(/^(.*) (\d+)$/);
    g.append(s("text", { x: x + w / 2, y: y + 22, "font-size": 12, "text-anchor": "middle", "font-weight": "bold", fill: INK }, part));
    g.append(s("text", { x: x + w / 2, y: y + 72, "font-size": 40, "text-anchor": "middle", "font-weight": "bold", fill: OI.blue }, n));
    g.append(s("text", { x: x + w / 2, y: y + hh - 10, "font-size": 10, "text-anchor": "middle", fill: INK }, `${n} point${n === "1" ? "" : "s"}`));
  } else if (kind) {
    g.append(para(x + w / 2, y + 17, card, { size: 11, width: 12, weight: "bold", anchor: "middle", max: 2 }));
    g.append(s("line", { x1: x + 8, x2: x + w - 8, y1: y + 40, y2: y + 40, stroke: INK, "stroke-width": 0.6 }));
    g.append(para(x + 5, y + 50, kind.effect, { size: 7.5, width: 20, max: 6, anchor: "start" }));
    g.append(s("text", { x: x + w / 2, y: y + hh - 5, "font-size": 7.5, "text-anchor": "middle", fill: "#5b5246" }, kind.rule));
    g.append(s("title", {}, `${card}: ${kind.effect} ${kind.rule}`));
  } else {
    g.append(para(x + w / 2, y + 26, card, { size: 12, width: 10, weight: "bold", anchor: "middle", max: 3 }));
    g.append(s("text", { x: x + w / 2, y: y + hh - 10, "font-size": 10, "text-anchor": "middle", fill: INK }, card === "Oxygen" || card === "Flag" ? "special item" : "action"));
  }
  return g;
}

function mat(ctx, o, m) {
  const { view } = ctx;
  const mine = ctx.view.viewing !== null && m.seat === o.seat;
  const n = m.seat + 1;
  const svg = s("svg", { viewBox: "0 0 260 350", role: "group", "aria-label": `${mine ? "Your mountaineer" : `Mountaineer of ${seatName(view, m.seat)}`}` });
  svg.append(s("rect", { x: 1, y: 1, width: 258, height: 348, rx: 10, fill: "#e9dfc6", stroke: SEAT_COLOURS[m.seat % 4], "stroke-width": 3 }));
  // name plate: "target seat N"
  const plateAct = ctx.byText(`target seat ${n}`);
  const plate = s("g", {}, ...chip(8, 6, 244, 26, `${mine ? "You: " : ""}${seatName(view, m.seat)}${o.to_act === m.seat ? " — to act" : ""}`, { fill: SEAT_COLOURS[m.seat % 4], size: 13, dash: plateAct ? "5 3" : undefined, strokeWidth: plateAct ? 2.5 : 1.5 }));
  svg.append(plateAct ? clickable(plate, plateAct.text, () => ctx.act(plateAct.id), `seat-${n}`) : plate);
  // the figure behind the slots
  svg.append(s("g", { fill: "#cbbf9f", stroke: "none" },
    s("circle", { cx: 130, cy: 69, r: 28 }), s("rect", { x: 92, y: 100, width: 76, height: 84, rx: 12 }),
    s("rect", { x: 20, y: 108, width: 70, height: 22, rx: 10 }), s("rect", { x: 170, y: 108, width: 70, height: 22, rx: 10 }),
    s("rect", { x: 98, y: 184, width: 26, height: 112, rx: 8 }), s("rect", { x: 136, y: 184, width: 26, height: 112, rx: 8 })));
  for (const p of m.parts) {
    const [x, y, w, hh] = SLOT[p.part] || [0, 0, 60, 40];
    const acts = [ctx.byText(`target seat ${n} ${p.part}`), mine ? ctx.byText(`thaw ${p.part}`) : null].filter(Boolean);
    const g = s("g", {});
    for (let k = Math.min(p.height, 4) - 1; k > 0; k--) {
      g.append(s("rect", { x: x + k * 3, y: y - k * 3, width: w, height: hh, rx: 6, fill: PAPER, stroke: "#7a6c58" }));
    }
    const top = p.top ? p.top.match(/(\d+)$/)?.[1] : null;
    g.append(s("rect", { class: "hc-face", x, y, width: w, height: hh, rx: 6, fill: p.frozen ? "#bfe0f4" : p.top ? PAPER : "none", stroke: acts.length ? INK : p.frozen ? OI.blue : "#7a6c58", "stroke-width": acts.length ? 3 : p.frozen ? 2.5 : 1.2, "stroke-dasharray": acts.length || !p.top ? "5 3" : undefined }));
    g.append(s("text", { x: x + w / 2, y: y + 13, "font-size": 10, "text-anchor": "middle", fill: INK, "font-weight": "bold" }, p.part));
    if (p.frozen) g.append(s("text", { x: x + w / 2, y: y + 25, "font-size": 9, "text-anchor": "middle", fill: OI.blue, "font-weight": "bold" }, "FROZEN"));
    if (top) g.append(s("text", { x: x + w / 2, y: y + hh / 2 + 10, "font-size": 24, "text-anchor": "middle", "font-weight": "bold", fill: OI.blue }, top));
    g.append(s("text", { x: x + w / 2, y: y + hh - 4, "font-size": 9, "text-anchor": "middle", fill: INK }, `${p.frozen ? "❄ " : ""}${p.height ? `×${p.height}` : "bare"}${p.hidden ? `, ${p.hidden} hidden` : ""}`));
    g.append(s("title", {}, `${p.part}: ${p.top || "nothing"}, ${p.height} garment${p.height === 1 ? "" : "s"}${p.frozen ? ", frozen" : ""}`));
    svg.append(acts.length === 1 ? clickable(g, `${acts[0].text} (${p.part}: ${p.top || "bare"})`, () => ctx.act(acts[0].id), `part-${n}-${p.part}`) : g);
  }
  // Cold, hand size, special items
  let y = 318;
  svg.append(s("text", { x: 12, y, "font-size": 12, fill: INK, "font-weight": "bold" }, `Cold ${"❄".repeat(m.cold) || "0"}`));
  svg.append(s("text", { x: 248, y, "font-size": 12, fill: INK, "text-anchor": "end" }, `${m.hand_size} card${m.hand_size === 1 ? "" : "s"} in hand`));
  y += 8;
  let x = 12;
  for (const item of m.special_items || []) {
    const a = ctx.byText(`target seat ${n} ${item}`);
    const g = s("g", {}, ...chip(x, y, 70, 20, item, { fill: OI.yellow, size: 11, dash: a ? "4 2" : undefined }));
    svg.append(a ? clickable(g, a.text, () => ctx.act(a.id), `item-${n}-${item}`) : g);
    x += 76;
  }
  if (m.can_shout) svg.append(...chip(176, y, 72, 20, "can shout!", { fill: OI.vermillion, color: "#fff", size: 10 }));
  return h("div", { class: `eg-mat${mine ? " mine" : ""}` }, svg);
}

function handRow(ctx, title, cards, pick, keyPrefix) {
  const w = 84;
  const vw = Math.max(4, cards.length) * (w + 10) + 10;
  const svg = s("svg", { viewBox: `0 0 ${vw} 164`, role: "group", "aria-label": title, style: `max-width: ${Math.round(vw * 1.3)}px` });
  cards.forEach((card, i) => {
    const x = 10 + i * (w + 10);
    const { main, extra } = pick(card);
    const face = cardFace(x, 6, card, { click: !!main, kind: kindOf(ctx, card) });
    svg.append(main ? clickable(face, `${main.text}`, () => ctx.act(main.id), `${keyPrefix}-${i}`) : face);
    if (extra) svg.append(pill(ctx, extra, x + 4, 130, "discard", `${keyPrefix}-discard-${i}`, { w: w - 8, size: 11, fill: PAPER }));
  });
  // the effects again in words below the cards (larger on a phone, read by screen readers)
  const kinds = [...new Set(cards)].map((c) => [c, kindOf(ctx, c)]).filter(([, k]) => k);
  const says = kinds.length ? h("details", { class: "card-effects" }, h("summary", {}, "What these cards do"),
    h("ul", {}, ...kinds.map(([c, k]) => h("li", {}, h("strong", {}, `${c}: `), `${k.effect} `, h("span", { class: "rule" }, k.rule))))) : "";
  return h("div", { class: "eg-hand" }, h("h3", {}, title), svg, says);
}

export function render(el, ctx) {
  if (!needObservation(el, ctx, "Spectators of Everest Go! see the log only: every hand is hidden.")) return;
  const { view } = ctx;
  const o = view.observation;
  const top = h("div", { class: "tabletop" });
  // the piles and the table's buttons
  const discard = Object.entries(o.discard || {});
  const piles = s("svg", { viewBox: "0 0 360 150", role: "group", "aria-label": "Piles", style: "max-width: 460px" });
  piles.append(...chip(4, 4, 70, 96, "", { fill: OI.blue }), s("text", { x: 39, y: 46, "font-size": 13, "text-anchor": "middle", fill: "#fff", "font-weight": "bold" }, "deck"),
    s("text", { x: 39, y: 66, "font-size": 15, "text-anchor": "middle", fill: "#fff" }, String(o.deck)));
  piles.append(s("rect", { x: 82, y: 4, width: 274, height: 96, rx: 8, fill: "#e9dfc6", stroke: INK }));
  piles.append(s("text", { x: 90, y: 20, "font-size": 12, "font-weight": "bold", fill: INK }, `discard pile (${discard.reduce((t, [, c]) => t + c, 0)})`));
  piles.append(para(90, 36, discard.map(([k, c]) => (c > 1 ? `${k} ×${c}` : k)).join(", ") || "empty", { size: 10, width: 50, max: 5 }));
  const pend = o.pending ? `${o.pending.card} played by ${seatName(view, o.pending.player)}${o.pending.victim !== null && o.pending.victim !== undefined ? ` on ${seatName(view, o.pending.victim)}` : ""}` :
    o.everest !== null && o.everest !== undefined ? "EVEREST! has been shouted" : `deck run out ${o.exhaustions} time${o.exhaustions === 1 ? "" : "s"}`;
  piles.append(s("text", { x: 4, y: 122, "font-size": 13, "font-weight": "bold", fill: "#fff" }, `${ctx.view.seats[o.turn]?.name ?? `Seat ${o.turn + 1}`} to play · ${String(o.phase).replace(/_/g, " ")}`));
  const pendKind = o.pending ? kindOf(ctx, o.pending.card) : null;
  piles.append(s("text", { x: 4, y: 142, "font-size": 12, fill: "#fff" }, pend, pendKind ? s("title", {}, `${o.pending.card}: ${pendKind.effect} ${pendKind.rule}`) : ""));
  top.append(piles);
  const buttons = ctx.legal.filter((a) => !/^(play|discard|take|target|thaw) /.test(a.text));
  if (buttons.length) {
    top.append(h("div", { class: "actions", role: "group", "aria-label": "Table actions" }, ...buttons.map((a) =>
      h("button", { type: "button", class: a.text === "EVEREST!" ? "primary" : "", "data-key": `t-${a.text}`, onclick: () => ctx.act(a.id) }, a.text))));
  }
  // the mountaineers, yours first
  const ms = [...(o.mountaineers || [])].sort((a, b) => (a.seat === o.seat ? -1 : b.seat === o.seat ? 1 : a.seat - b.seat));
  top.append(h("div", { class: "eg-table" }, ...ms.map((m) => mat(ctx, o, m))));
  el.append(top);
  top.append(h("p", { class: "eg-legend" }, "Dashed outline: click to play (a card, a part, a name plate). ❄ frozen part; ×n garments in the stack."));
  // the hand (only this seat's; a spectator has none) and cards to take
  const hand = o.hand || [];
  if (view.viewing !== null && view.viewing !== undefined) el.append(handRow(ctx, `Your hand (${hand.length})`, hand, (card) => {
    const play = ctx.byText(`play ${card}`);
    const disc = ctx.byText(`discard ${card}`);
    return { main: play || disc, extra: play && disc ? disc : null };
  }, "card"));
  const takes = ctx.legal.filter((a) => a.text.startsWith("take "));
  if (takes.length) {
    el.append(handRow(ctx, "Take a card", takes.map((a) => a.text.slice(5)), (card) => ({ main: ctx.byText(`take ${card}`) }), "take"));
  }
  if (discard.length) { // public, and it matters: the whole pile in words
    el.append(h("p", { class: "discard-list" }, h("strong", {}, "Discard pile: "),
      discard.map(([k, c]) => (c > 1 ? `${k} ×${c}` : k)).join(", ")));
  }
  if ((o.known_hands || []).length) {
    const who = (q) => ctx.view.seats[q]?.name ?? `Seat ${q + 1}`;
    const name = (c) => (typeof c === "string" ? c : c.name || c.kind || String(c)).replace(/_/g, " ");
    el.append(h("div", { class: "known" }, h("h4", {}, "Cards you know in other hands"),
      h("ul", {}, ...o.known_hands.map((k) => h("li", {}, `${who(k.seat)}: ${k.cards.map(name).join(", ")}`)))));
  }
}
