// Disaster on Everest (and any Disaster-series board): the mountain from High Camp to the
// Summit with its spaces, ridges and blocks, the Hillary Step queue between Up and Down, the
// guides and clients; beside it the Storm Watch, the Storm track, Prestige, the event and the
// tokens; below, the travel company's status card. Disaster on K2 (static.k2) draws the same
// mountain with its Serac collapses and ropes and names its Avalanche and Darkness tracks.
// With two players [15.0] the opponent's team is drawn in red and pink, both Prestige
// markers, the First Player, the bidding and the cooperative game's aim [15.7] are shown,
// and the opponent's card follows.
// Drawn from the seat's observation and
// static_view() only; clicks send the id of a legal action (the server decides).
import { h, s, clickable } from "../dom.js";
import { OI, INK, PAPER, para, label, pill, chip, needObservation, matching, stacked } from "./kit.js";

const ZONE = {
  camp: { fill: "#ede4cf", name: "High Camp" },
  near: { fill: "#bfe3d4", name: "Near zone" },
  medium: { fill: "#f7f1a6", name: "Medium zone" },
  far: { fill: "#f5cf86", name: "Far zone" },
  death: { fill: "#eeb08c", name: "Death zone" },
};
const W = 660;
const LEDGE_H = 56;
const GAP = 10;

/** Where each space of the board goes: a zigzag up the mountain, Up and Down side by side
 * with the queue between them, the Summit on top. */
function layout(st) {
  const spaces = st.spaces || [];
  const rows = [];
  for (const sp of spaces) {
    if (sp.index === st.down) continue;
    if (sp.index === st.up) rows.push({ queue: true });
    else rows.push({ space: sp.index });
  }
  const H = rows.length * (LEDGE_H + GAP) + 90;
  const at = {};
  let queueRow = null;
  rows.forEach((row, k) => {
    const y = H - 80 - (k + 1) * (LEDGE_H + GAP) + GAP;
    if (row.queue) {
      queueRow = { y };
      at[st.up] = { x: 14, y, w: 150 };
      at[st.down] = { x: W - 164, y, w: 150 };
    } else if (row.space === 0) {
      at[0] = { x: 110, y, w: 440 };
    } else if (row.space === st.summit) {
      at[row.space] = { x: 205, y, w: 250 };
    } else {
      at[row.space] = { x: k % 2 ? 92 : 318, y, w: 250 };
    }
  });
  return { at, H, queueRow };
}

function tokenEffect(ctx, name) {
  const t = (ctx.static.tokens || []).find((x) => x.name === name);
  return t && t.effect ? `${name}: ${t.effect}` : name;
}

function shortName(name, n = 7) { return name.length > n ? `${name.slice(0, n - 1)}…` : name; }

export function render(el, ctx) {
  if (!needObservation(el, ctx, "This seat has no observation to draw: the log shows the game.")) return;
  const { view } = ctx;
  const st = ctx.static;
  const o = view.observation;
  const { at, H, queueRow } = layout(st);
  const names = Object.fromEntries((st.spaces || []).map((sp) => [sp.name, sp.index]));
  const blocked = new Set(o.blocked || []);
  const k2 = o.k2 || null;
  const serac = new Set(k2 ? k2.collapsed : []);
  const ropes = Object.fromEntries((k2 ? k2.ropes : []).map((r) => [r.space, r.frayed ? "frayed rope" : "rope"]));
  const mover = o.movement?.mover;
  const svg = s("svg", { class: "wide doe-mountain", viewBox: `0 0 ${W} ${H}`, role: "group", "aria-label": `${st.board}: the mountain` });
  svg.append(s("title", {}, `${st.company} on ${st.board}`));
  // sky, the mountain and its snow
  svg.append(s("rect", { x: 0, y: 0, width: W, height: H, fill: o.storm_phase ? "#6f8597" : "#8fbfe0" }));
  svg.append(s("polygon", { points: `0,${H} 40,${H * 0.62} 150,${H * 0.4} 250,${H * 0.14} 330,18 410,${H * 0.16} 520,${H * 0.42} 610,${H * 0.58} ${W},${H * 0.7} ${W},${H}`, fill: "#8a7d6b" }));
  svg.append(s("polygon", { points: `150,${H * 0.4} 250,${H * 0.14} 330,18 410,${H * 0.16} 520,${H * 0.42} 450,${H * 0.36} 400,${H * 0.3} 330,${H * 0.34} 260,${H * 0.3} 200,${H * 0.38}`, fill: "#f4f7fa" }));
  const title = o.opponent ? `${o.teams[o.seat].label}, against ${o.opponent.label}` : `${st.company || ""}`;
  svg.append(s("text", { x: 12, y: 22, "font-size": 14, "font-weight": "bold", fill: INK }, title));
  svg.append(s("text", { x: 12, y: 40, "font-size": 12, fill: INK }, k2 ? (o.storm_phase ? "DARKNESS PHASE" : o.storm_pending ? "darkness falls this turn" : "Daylight Phase") : o.storm_phase ? "STORM PHASE" : o.storm_pending ? "the storm hits next turn" : "Clear Phase"));
  // the route between the ledges
  const order = (st.spaces || []).filter((sp) => at[sp.index]).map((sp) => sp.index);
  const mid = (i) => [at[i].x + at[i].w / 2, at[i].y + LEDGE_H / 2];
  svg.append(s("polyline", { points: order.filter((i) => i !== st.down).map((i) => mid(i).join(",")).join(" "), fill: "none", stroke: "#5b5247", "stroke-width": 3, "stroke-dasharray": "2 6", "stroke-linecap": "round" }));
  // markers per space
  const here = {};
  const inQueue = new Set((o.queue || []).map((e) => e.who));
  for (const g of o.guides || []) if (!inQueue.has(g.name)) (here[g.space] ||= []).push({ ...g, guide: true });
  for (const c of o.clients || []) if (!inQueue.has(c.name)) (here[c.space] ||= []).push({ ...c, guide: false });
  // two players [15.0]: the opponent's team, in its own colour
  const opp = o.opponent;
  for (const g of opp?.guides || []) if (!inQueue.has(g.name)) (here[g.space] ||= []).push({ ...g, guide: true, opp: true });
  for (const c of opp?.clients || []) if (!inQueue.has(c.name)) (here[c.space] ||= []).push({ ...c, guide: false, opp: true });
  // actions on spaces: steps, carries, the avalanche
  const onSpace = {};
  for (const { a, m } of matching(ctx, / (?:up|down) to (.+)$/)) if (names[m[1]] !== undefined) (onSpace[names[m[1]]] ||= []).push(a);
  for (const { a, m } of matching(ctx, /^Avalanche at (.+)$/)) if (names[m[1]] !== undefined) (onSpace[names[m[1]]] ||= []).push(a);
  // actions on markers
  const onMarker = (name) => ctx.legal.filter((a) =>
    a.text === `move ${name}` || a.text.endsWith(` picks up ${name}`) || a.text.endsWith(` strikes ${name}`) || a.text.includes(` strikes ${name} of `) ||
    a.text === `Oxygen Tank to ${name}` || a.text === `${name} enters the queue next` ||
    a.text === `helicopter rescues ${name}` || a.text === `use a Med Kit on ${name}`);
  const markerChip = (m, x, y, w) => {
    const acts = onMarker(m.name);
    const flags = `${m.guide ? "" : m.marker === "Summit" ? "★" : m.marker ? "+" : ""}${m.oxygen ? "O₂" : ""}${m.tired ? "~" : ""}`;
    const text = `${m.guide ? shortName(m.name, 7).toUpperCase() : shortName(m.name, 7)}${flags}`;
    const g = s("g", { class: "doe-marker", "data-piece": `${m.opp ? "o" : "m"}-${m.name}` }, ...chip(x, y, w, 20, text, {
      fill: m.opp ? (m.guide ? OI.vermillion : "#f6d7c3") : m.guide ? OI.blue : m.fate ? "#ddd6c6" : PAPER,
      color: m.guide ? "#fff" : INK,
      stroke: m.name === mover ? OI.orange : acts.length ? INK : "#5b5247",
      strokeWidth: m.name === mover ? 4 : acts.length ? 2.5 : 1.2,
      dash: acts.length && m.name !== mover ? "4 2" : undefined,
    }));
    const desc = `${m.opp ? "the opponent's " : ""}${m.guide ? "guide" : "client"} ${m.name} at ${m.where}${m.moved ? ", moved this turn" : ""}${m.marker ? `, ${m.marker} marker` : ""}${m.tired ? `, ${m.tired}` : ""}${m.oxygen ? ", oxygen tank" : ""}`;
    g.append(s("title", {}, desc));
    if (acts.length === 1) return clickable(g, `${acts[0].text} (${desc})`, () => ctx.act(acts[0].id), `m-${m.name}`);
    g.setAttribute("pointer-events", "none"); // a click goes to the space below
    return g;
  };
  const drawMarkers = (list, x, y, w) => {
    const per = Math.max(1, Math.floor((w - 8) / 58));
    const cw = Math.min(56, (w - 8) / Math.min(per, list.length || 1) - 3);
    list.forEach((m, k) => svg.append(markerChip(m, x + 4 + (k % per) * (cw + 3), y + (Math.floor(k / per)) * 22, cw)));
  };
  for (const sp of st.spaces || []) {
    const p = at[sp.index];
    if (!p) continue;
    const z = ZONE[sp.zone] || ZONE.camp;
    const isBlocked = blocked.has(sp.name);
    const list = here[sp.index] || [];
    const per = Math.max(1, Math.floor((p.w - 8) / 58));
    const hgt = Math.max(LEDGE_H, 24 + Math.ceil(list.length / per) * 22);
    const acts = onSpace[sp.index] || [];
    const ledge = s("g", { class: "doe-space" },
      s("rect", { class: "hc-face", x: p.x, y: p.y, width: p.w, height: hgt, rx: 8, fill: z.fill, stroke: isBlocked ? OI.vermillion : acts.length ? INK : "#5b5247", "stroke-width": isBlocked ? 4 : acts.length ? 3 : 1.5, "stroke-dasharray": acts.length ? "6 3" : undefined }),
      s("text", { x: p.x + 8, y: p.y + 16, "font-size": 13, "font-weight": "bold", fill: INK }, sp.name),
      s("text", { x: p.x + p.w - 6, y: p.y + 16, "font-size": 10, "text-anchor": "end", fill: INK }, sp.ridge.length ? `ridge ${sp.ridge.join("·")}` : z.name),
      s("title", {}, `${sp.name} (${z.name})${sp.ridge.length ? `, ridge ${sp.ridge.join(", ")}` : ""}${isBlocked ? ", BLOCKED" : ""}`));
    svg.append(acts.length === 1 ? clickable(ledge, `${acts[0].text}`, () => ctx.act(acts[0].id), `sp-${sp.index}`) : ledge);
    if (serac.has(sp.name)) {
      svg.append(s("g", {}, s("rect", { x: p.x + 90, y: p.y - 9, width: 150, height: 16, rx: 3, fill: OI.blue, stroke: INK }),
        s("text", { x: p.x + 165, y: p.y + 3, "font-size": 10, "font-weight": "bold", "text-anchor": "middle", fill: "#fff" }, `SERAC COLLAPSE · ${ropes[sp.name] || "no rope"}`)));
    }
    if (isBlocked) {
      svg.append(s("g", {}, s("rect", { x: p.x + p.w - 70, y: p.y - 9, width: 64, height: 16, rx: 3, fill: OI.vermillion, stroke: INK }),
        s("text", { x: p.x + p.w - 38, y: p.y + 3, "font-size": 10, "font-weight": "bold", "text-anchor": "middle", fill: "#fff" }, "BLOCKED")));
    }
    drawMarkers(list, p.x, p.y + 22, p.w);
    // several moves onto one space: a pill each
    if (acts.length > 1) {
      acts.forEach((a, k) => svg.append(pill(ctx, a, p.x + p.w + 4 - (p.x + p.w > W - 120 ? p.w + 130 : 0), p.y + k * 26, a.text.replace(/^.* (carries .*) (?:up|down) to .*$/, "$1").replace(/ to .*$/, ""), `sp-${sp.index}-${k}`, { size: 10 })));
    }
  }
  // the Hillary Step queue between Up and Down
  if (queueRow) {
    const n = st.queue_length || 8;
    const x0 = 172;
    const sw = (W - 172 - 172) / n;
    const y = queueRow.y;
    svg.append(s("rect", { x: x0 - 2, y: y - 4, width: sw * n + 4, height: LEDGE_H + 8, rx: 6, fill: "#f4f7fa", stroke: OI.vermillion, "stroke-width": 2 }));
    svg.append(label(x0 + (sw * n) / 2, y - 10, "Hillary Step queue →", { size: 11 }));
    const bySpot = {};
    for (const e of o.queue || []) (bySpot[e.spot] ||= []).push(e);
    const spotAct = (k) => ctx.legal.find((a) => a.text.endsWith(`on queue spot ${k}`));
    const enter = matching(ctx, /enters the Hillary Step queue going/);
    for (let k = 1; k <= n; k++) {
      const x = x0 + (k - 1) * sw;
      const a = spotAct(k);
      const g = s("g", {}, s("rect", { class: "hc-face", x: x + 1, y, width: sw - 2, height: LEDGE_H, rx: 4, fill: PAPER, stroke: a ? INK : "#9b8f7d", "stroke-dasharray": a ? "4 2" : undefined, "stroke-width": a ? 2.5 : 1 }),
        s("text", { x: x + sw / 2, y: y + 12, "font-size": 9, "text-anchor": "middle", fill: "#5b5247" }, k === n ? `${k}+` : String(k)));
      (bySpot[k] || []).forEach((e, j) => {
        const other = e.who.startsWith("another");
        const arrow = { up: "↑", down: "↓" }[e.direction] || "";
        g.append(...chip(x + 3, y + 16 + j * 19, sw - 6, 17, `${other ? "other" : shortName(e.who, 5)}${arrow}`, { fill: other ? "#ddd6c6" : PAPER, size: 9, weight: other ? "normal" : "bold" }));
      });
      g.append(s("title", {}, `queue spot ${k}: ${(bySpot[k] || []).map((e) => e.who + (e.direction ? ` going ${e.direction}` : "")).join(", ") || "empty"}`));
      svg.append(a ? clickable(g, a.text, () => ctx.act(a.id), `q-${k}`) : g);
    }
    enter.forEach(({ a }, k) => svg.append(pill(ctx, a, x0 + 10 + k * 150, y + LEDGE_H + 8, a.text.includes("going up") ? "enter the queue ↑" : "enter the queue ↓", `q-enter-${k}`, { size: 10 })));
  }
  // off the mountain: the LOST box and the fallen
  const off = Object.keys(here).map(Number).filter((k) => k < 0);
  off.forEach((k, j) => {
    const list = here[k];
    const x = 14 + j * 220;
    const y = H - 66;
    svg.append(s("rect", { x, y, width: 210, height: 56, rx: 6, fill: "#ddd6c6", stroke: INK, "stroke-dasharray": "5 3" }));
    svg.append(s("text", { x: x + 8, y: y + 15, "font-size": 12, "font-weight": "bold", fill: INK }, list[0].where === "the LOST box" || list[0].where === "bivouac" ? (k2 ? "LOST/BIVOUAC box" : "LOST box") : list[0].where));
    drawMarkers(list, x, y + 20, 210);
  });
  // legend
  svg.append(s("text", { x: W - 8, y: H - 6, "font-size": 10, "text-anchor": "end", fill: INK },
    opp ? `yours: GUIDES blue, climbers white · the opponent's: GUIDES red, climbers pink · ★ Summit · + ${k2 ? "Traverse" : "Hillary Step"} · dashed: click`
    : k2 ? "GUIDE blue · climbers white · ★ Summit · + Traverse · ~ tired · blue tag: Serac collapse · dashed: click to play"
      : "GUIDES blue · clients white · ★ Summit · + Hillary Step · ~ tired · orange ring: moving · dashed: click to play"));
  el.append(h("div", { class: "board-row" }, h("div", { class: "scroll grow" }, svg), sidePanel(ctx, st, o)));
  const mine = [...(o.drawn || []), ...(o.held || []), ...(o.kept || [])];
  if (o.event) mine.unshift(o.event.name || "");
  const effects = mine.filter(Boolean).map((n) => tokenEffect(ctx, n)).filter((t) => t.includes(":"));
  if (effects.length) { // what each token on the table does, in words (a phone has no hover)
    el.append(h("details", { class: "token-effects" }, h("summary", {}, "What these tokens do"),
      h("ul", {}, ...effects.map((t) => h("li", {}, t)))));
  }
  el.append(statusCard(ctx, o, opp ? `Your ${k2 ? "International Team" : "Travel Company"} Status Card` : undefined));
  if (o.secret !== undefined && o.secret !== null) el.append(h("p", { class: "secret" }, `Your secret: ${o.secret}`));
  if (opp) el.append(statusCard(ctx, opp, `The opponent's card: ${opp.label}`));
}

function sidePanel(ctx, st, o) {
  const PW = 340;
  let y = 8;
  const svg = s("svg", { class: "doe-side", viewBox: `0 0 ${PW} 620`, role: "group", "aria-label": "Tracks, event and tokens" });
  svg.append(s("rect", { x: 0, y: 0, width: PW, height: 620, rx: 8, fill: "#efe6cf", stroke: "#7a6c58" }));
  const heading = (text) => { y += 18; svg.append(s("text", { x: 10, y, "font-size": 13, "font-weight": "bold", fill: INK }, text)); y += 6; };
  // Storm Watch
  const k2 = !!st.k2;
  heading(`${k2 ? "Avalanche Track" : "Storm Watch"} (${(o.storm_watch || []).length} of ${st.storm_watch})`);
  const ww = (PW - 20) / st.storm_watch;
  for (let k = 0; k < st.storm_watch; k++) {
    const tok = o.storm_watch[k];
    svg.append(...chip(10 + k * ww, y, ww - 4, 34, tok ? shortName(tok, 9) : String(k + 1), { fill: tok ? OI.sky : PAPER, size: tok ? 9 : 11, weight: tok ? "bold" : "normal", stroke: "#5b5247" }));
    if (tok) svg.append(s("title", {}, tok));
  }
  y += 40;
  // Storm track
  if (k2) heading(o.storm_phase ? "Darkness Track: darkness has fallen" : "Darkness Track");
  else heading(o.storm_phase ? "Storm track: the storm is on" : "Storm track");
  const tw = (PW - 20) / st.storm_track;
  for (let k = 1; k <= st.storm_track; k++) {
    const on = o.storm_track === k;
    svg.append(...chip(10 + (k - 1) * tw, y, tw - 3, 24, k === st.storm_track ? "End" : String(k), { fill: on ? OI.vermillion : PAPER, color: on ? "#fff" : INK, size: 10, stroke: "#5b5247" }));
  }
  y += 30;
  // Prestige
  const opp = o.opponent;
  if (opp) {  // two players: the First Player marker [15.1]
    heading(`First Player: ${o.first_player === null ? "not drawn yet" : o.first_player === o.seat ? "you" : "the opponent"}`);
    y += 4;
    if (o.cooperative_aim) {  // the cooperative game [15.7]
      heading(`Cooperative game, aim: ${o.cooperative_aim} or better`);
      y += 4;
    }
  }
  heading(opp ? `Prestige: you ${o.prestige} (orange), the opponent ${opp.prestige} (red)` : `Prestige ${o.prestige}`);
  const pmax = st.prestige_max || 30;
  const per = 16;
  const pw = (PW - 20) / per;
  for (let k = 0; k <= pmax; k++) {
    const on = k === Math.max(0, Math.min(pmax, o.prestige));
    const theirs = opp && k === Math.max(0, Math.min(pmax, opp.prestige));
    const x = 10 + (k % per) * pw;
    const yy = y + Math.floor(k / per) * 22;
    const fill = on && theirs ? OI.purple : on ? OI.orange : theirs ? OI.vermillion : PAPER;
    svg.append(...chip(x, yy, pw - 2, 20, String(k), { fill, size: 9, weight: on || theirs ? "bold" : "normal", stroke: on || theirs ? INK : "#b5a98f", strokeWidth: on || theirs ? 2 : 1 }));
  }
  y += Math.ceil((pmax + 1) / per) * 22 + 4;
  svg.append(s("text", { x: 10, y: y + 10, "font-size": 11, fill: INK }, `Turn ${o.turn} · ${o.preparations || "no Preparations"} · ${o.container} tokens in the container`));
  y += 16;
  // the event on the table, drawn tokens
  if (o.event) {
    heading("Event");
    const ev = o.event;
    svg.append(s("g", {}, s("circle", { cx: 40, cy: y + 28, r: 28, fill: OI.yellow, stroke: INK, "stroke-width": 2 }),
      para(40, y + 24, ev.name, { size: 10, width: 10, weight: "bold", anchor: "middle", max: 2 }),
      s("text", { x: 40, y: y + 48, "font-size": 9, "text-anchor": "middle", fill: INK }, `cost ${ev.cost}`)));
    svg.append(para(76, y + 10, ev.effect || "", { size: 10, width: 44, max: 5 }));
    y += 62;
    let x = 10;
    for (const a of ctx.legal.filter((a) => a.text.startsWith("buy ") || a.text.startsWith("decline "))) {
      const text = a.text.startsWith("buy ") ? `Buy (${ev.cost} Prestige)` : "Decline";
      svg.append(pill(ctx, a, x, y, text, a.text.startsWith("buy ") ? "ev-buy" : "ev-decline", { fill: a.text.startsWith("buy ") ? OI.yellow : PAPER }));
      x += 150;
    }
    const bid = o.bidding;  // two players: the bidding [15.3]
    if (bid) {
      const high = bid.high_bidder === null ? "no bid yet" : `high bid ${bid.high_bid} by ${bid.high_bidder === o.seat ? "you" : "the opponent"}`;
      svg.append(s("text", { x: 10, y: y + 12, "font-size": 11, fill: INK }, `${high}; ${bid.to_bid === o.seat ? "you" : "the opponent"} to bid or pass`));
      y += 18;
      const b = ctx.legal.find((a) => a.text.startsWith("bid "));
      const p = ctx.legal.find((a) => a.text.startsWith("pass on "));
      if (b) svg.append(pill(ctx, b, 10, y, `Bid ${bid.next_bid}`, "ev-bid"));
      if (p) svg.append(pill(ctx, p, 160, y, "Pass", "ev-pass", { fill: PAPER }));
    }
    y += 28;
  }
  if ((o.drawn || []).length) {
    heading("Drawn (Preparations)");
    o.drawn.forEach((name, k) => {
      const x = 10 + k * 108;
      svg.append(s("g", {}, ...chip(x, y, 100, 24, name, { fill: OI.yellow, size: 10 }), s("title", {}, tokenEffect(ctx, name))));
      const keep = ctx.legal.find((a) => a.text.startsWith("keep token") && a.text.endsWith(`(${name})`));
      const ret = ctx.legal.find((a) => a.text.startsWith("return token") && a.text.includes(`(${name})`));
      if (keep) svg.append(pill(ctx, keep, x, y + 28, "keep", `keep-${k}`, { w: 48, size: 10 }));
      if (ret) svg.append(pill(ctx, ret, x + 50, y + 28, "return", `return-${k}`, { w: 50, size: 10, fill: PAPER }));
    });
    y += 58;
  }
  if ((o.held || []).length || (o.kept || []).length) {
    heading("Held and kept tokens");
    let x = 10;
    for (const name of [...(o.held || []), ...(o.kept || [])]) {
      const play = ctx.legal.find((a) => a.text === `play ${name}`);
      const g = s("g", {}, s("title", {}, tokenEffect(ctx, name)), ...chip(x, y, 104, 26, name, { fill: play ? OI.yellow : OI.sky, size: 10, dash: play ? "4 2" : undefined, strokeWidth: play ? 2.5 : 1.5 }));
      svg.append(play ? clickable(g, play.text, () => ctx.act(play.id), `tok-${name}`) : g);
      x += 108;
      if (x > PW - 100) { x = 10; y += 30; }
    }
    y += 32;
  }
  // movement in progress
  const mv = o.movement || {};
  if (o.step === "move" && mv.round) {
    heading(`Movement (${mv.round}${mv.option ? `, option ${mv.option}` : ""})`);
    svg.append(para(10, y + 10, `guides left ${mv.guides_left}, clients left ${mv.clients_left}${mv.mover ? `; ${mv.mover} moving, ${mv.remaining} spaces left${mv.carried?.length ? `, carrying ${mv.carried.join(" and ")}` : ""}` : ""}`, { size: 11, width: 52 }));
    y += 34;
  }
  const ends = ctx.legal.filter((a) => a.text.startsWith("end ") || a.text.includes(" drops off "));
  let ex = 10;
  ends.forEach((a, k) => {
    const p = pill(ctx, a, ex, y, a.text, `end-${k}`, { size: 11, fill: a.text.includes("drops off") ? OI.yellow : PAPER });
    svg.append(p);
    ex += Math.max(44, a.text.length * 6.6 + 16) + 6;
    if (ex > PW - 120) { ex = 10; y += 28; }
  });
  if (ends.length) y += 30;
  const opts = ctx.legal.filter((a) => a.text.startsWith("option ") || a.text.startsWith("team bonus"));
  if (opts.length) {
    heading("Choose the movement option");
    opts.forEach((a, k) => { svg.append(pill(ctx, a, 10, y, shortName(a.text, 50), `opt-${k}`, { size: 10, w: PW - 20 })); y += 28; });
  }
  if (o.fate?.client && o.step === "fate") {
    heading(`Fate: ${o.fate.client} (${o.fate.zone})`);
    svg.append(s("text", { x: 10, y: y + 10, "font-size": 11, fill: INK }, `${o.fate.pool} tokens in the pool`));
    y += 18;
  }
  const sc = o.score || {};
  y += 16;
  svg.append(s("text", { x: 10, y, "font-size": 12, fill: INK }, `Score if the game ended now: ${sc.total} (${sc.band})`));
  svg.setAttribute("viewBox", `0 0 ${PW} ${y + 12}`);
  svg.firstChild.setAttribute("height", y + 12);
  return h("div", { class: "side-panel" }, svg);
}

/** A client's trait codes as their names, each explained on hover (the static view's
 *  "traits": code -> "Name: effect [rule]"). */
function traitCell(ctx, codes) {
  const all = ctx.static.traits || {};
  if (!codes) return "–";
  return h("span", {}, ...[...codes].map((k, i) => {
    const full = all[k] || k;
    return h("abbr", { title: full, tabindex: "0" }, `${i ? ", " : ""}${full.split(":")[0]}`);
  }));
}

function statusCard(ctx, o, title = o.k2 ? "International Team Status Card" : "Travel Company Status Card") {
  const row = (cells, cls) => h("tr", { class: cls || "" }, ...cells.map((c) => h("td", {}, c)));
  const nameCell = (m) => {
    const a = ctx.legal.find((x) => x.text === `move ${m.name}`);
    return a ? h("button", { type: "button", class: "mini", "data-key": `card-${m.name}`, onclick: () => ctx.act(a.id) }, `move ${m.name}`) : m.name;
  };
  return h("section", { class: "status-card", "aria-label": title },
    h("h3", {}, title),
    h("div", { class: "scroll" }, stacked(h("table", { class: "scores" },
      h("thead", {}, h("tr", {}, ...["", "move", "traits / skills", "pts", "marker", "where", "state"].map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", {},
        ...(o.guides || []).map((g) => row([nameCell(g), String(g.movement), g.skills.map((k) => k.replace(/_/g, " ")).join(", "), "", g.oxygen ? "oxygen tank" : "", g.where, g.moved ? "moved" : ""], "guide")),
        ...(o.clients || []).map((c) => row([nameCell(c), String(c.movement), traitCell(ctx, c.traits), String(c.points), c.marker || "–", c.where, [c.moved ? "moved" : "", c.tired, c.ams ? "AMS" : "", c.fate].filter(Boolean).join(", ")])))))));
}
