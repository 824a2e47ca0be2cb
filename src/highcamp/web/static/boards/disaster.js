// Disaster: the perimeter with the players' tokens, and inside it the four areas (the ship,
// the plane, the earthquake zone with its earth pieces and fissure, the skyscraper with its
// fire), the dice and the cards. Drawn from the seat's observation and static_view() only;
// clicks send the id of a legal action: the dice, a card, a corner, the space to move to.
import { h, s, clickable } from "../dom.js";
import { OI, INK, PAPER, label, pill, chip, needObservation, stacked } from "./kit.js";

const C = 56; // a cell of the top and bottom sides
const HL = 42; // a cell of the left side
const SEATS = [OI.orange, OI.sky, OI.green, OI.yellow, OI.blue, OI.vermillion, OI.purple, OI.black];
const TEXT_ON = (fill) => (fill === OI.blue || fill === OI.black || fill === OI.vermillion ? "#fff" : INK);
const KIND = {
  corner: "#ede4cf", plain: PAPER, disaster: "#f3c3a4", ship: "#bfe0f4", plane: "#ddd3ea", earthquake: "#e2cc9c",
};

function shortLabel(name, kind) {
  if (kind === "corner") return name.split(" ")[0].replace("North-west", "NW").replace("North-east", "NE").replace("South-east", "SE").replace("South-west", "SW");
  if (kind === "disaster") return "DISASTER";
  if (name.startsWith("Space ")) return name.slice(6);
  if (name.startsWith("Earthquake zone ")) return `quake ${name.slice(16)}`;
  if (name === "Skyscraper entrance") return "tower in";
  if (name === "Skyscraper exit") return "tower out";
  return name;
}

/** The rectangle of every space of the perimeter, side by side (corners on the corners). */
function perimeter(st) {
  const [top, right, bottom, left] = st.sides;
  const W = (top.length + 1) * C;
  const Hs = C + (left.length - 1) * HL;
  const hr = (Hs - C) / (right.length - 1);
  const at = {};
  top.forEach((id, k) => { at[id] = { x: k * C, y: 0, w: C, h: C }; });
  right.forEach((id, k) => { at[id] = k ? { x: W - C, y: C + (k - 1) * hr, w: C, h: hr } : { x: W - C, y: 0, w: C, h: C }; });
  bottom.forEach((id, k) => { at[id] = { x: (top.length - k) * C, y: Hs, w: C, h: C }; });
  left.forEach((id, k) => { at[id] = k ? { x: 0, y: Hs - k * HL, w: C, h: HL } : { x: 0, y: Hs, w: C, h: C }; });
  return { at, W, H: Hs + C, Hs };
}

export function render(el, ctx) {
  if (!needObservation(el, ctx, "This seat has no observation to draw: the log shows the game.")) return;
  const { view } = ctx;
  const st = ctx.static;
  const o = view.observation;
  const { at, W, H, Hs } = perimeter(st);
  const kinds = Object.fromEntries(st.perimeter.map((p) => [p.id, p.kind]));
  const d = o.disaster || {};
  const svg = s("svg", { class: "wide dis-board", viewBox: `0 0 ${W} ${H}`, role: "group", "aria-label": "Disaster board" });
  svg.append(s("title", {}, st.board));
  svg.append(s("rect", { x: 0, y: 0, width: W, height: H, rx: 10, fill: "#d8cfb8" }));
  svg.append(s("rect", { x: C, y: C, width: W - 2 * C, height: Hs - C, fill: "#9cc7a4" }));
  // moves as clicks on spaces: the space named after "move back to" / "move on to"
  const byName = {};
  (st.names || []).forEach((n, id) => { if (!(n in byName)) byName[n] = id; });
  const moveTo = {};
  for (const a of ctx.legal) {
    const m = a.text.match(/^move (?:back|on) to (.+)$/);
    if (m && byName[m[1]] !== undefined) moveTo[byName[m[1]]] = a;
  }
  // tokens by position
  const tokens = {};
  for (const p of o.players || []) if (p.position !== null && p.position >= 0) (tokens[p.position] ||= []).push(p.seat);
  const drawTokens = (id, r) => {
    const list = tokens[id] || [];
    const per = Math.max(1, Math.floor((r.w - 4) / 19));
    list.forEach((seat, k) => {
      const cx = r.x + 11 + (k % per) * 19;
      const cy = r.y + r.h - 11 - Math.floor(k / per) * 19;
      const fill = SEATS[seat % 8];
      svg.append(s("g", { class: "dis-token", "pointer-events": "none", "data-piece": `p${seat}` },
        s("circle", { cx, cy, r: 9, fill, stroke: seat === view.viewing ? INK : "#fff", "stroke-width": seat === view.viewing ? 3 : 1.5 }),
        s("text", { x: cx, y: cy + 4, "font-size": 11, "font-weight": "bold", "text-anchor": "middle", fill: TEXT_ON(fill) }, String(seat + 1)),
        s("title", {}, `${view.seats?.[seat]?.name ?? `Player ${seat + 1}`}`)));
    });
  };
  const gap = d.fissure;
  const quake = st.earthquake.spaces;
  for (const p of st.perimeter) {
    const r = at[p.id];
    if (!r) continue;
    const qk = quake.indexOf(p.id);
    const open = gap && qk >= 0 && qk >= gap[0] && qk <= gap[1];
    const cornerNo = st.corners.indexOf(p.id);
    const start = cornerNo >= 0 ? ctx.byText(`start at the ${p.name.toLowerCase()}`) : null;
    const a = moveTo[p.id] || start;
    const g = s("g", {},
      s("rect", { class: "hc-face", x: r.x + 1, y: r.y + 1, width: r.w - 2, height: r.h - 2, rx: 3, fill: open ? "#3b2a1a" : KIND[p.kind] || PAPER, stroke: a ? INK : "#7a6c58", "stroke-width": a ? 3 : 1, "stroke-dasharray": a ? "5 3" : undefined }),
      s("text", { x: r.x + r.w / 2, y: r.y + 12, "font-size": p.kind === "disaster" ? 7.5 : 9, "font-weight": "bold", "text-anchor": "middle", fill: open ? "#fff" : INK }, open ? "FISSURE" : shortLabel(p.name, p.kind)),
      s("title", {}, `${p.name}${open ? " (fissure open)" : ""}`));
    if (cornerNo >= 0) g.append(s("text", { x: r.x + r.w / 2, y: r.y + 26, "font-size": 10, "text-anchor": "middle", fill: INK }, `corner ${cornerNo + 1}`));
    svg.append(a ? clickable(g, a.text, () => ctx.act(a.id), moveTo[p.id] ? `mv-${p.id}` : `corner-${cornerNo + 1}`) : g);
  }
  // the earthquake zone: the earth pieces, closed or split by the fissure
  const [cb0, cb1] = st.earthquake.closed_between || [];
  if (!gap && cb1 !== undefined && at[quake[cb0]] && at[quake[cb1]]) {
    const r = at[quake[cb0]];
    const yy = r.y; // the left side goes up: piece cb1 is above piece cb0
    svg.append(s("polyline", { points: `${r.x + 4},${yy} ${r.x + 18},${yy - 4} ${r.x + 32},${yy + 3} ${r.x + 52},${yy - 2}`, fill: "none", stroke: "#5b3a1a", "stroke-width": 2 }));
  }
  const q0 = at[quake[0]];
  const q1 = at[quake[quake.length - 1]];
  if (q0 && q1) {
    svg.append(label(C + 8, q1.y + 14, "Earthquake zone", { anchor: "start", size: 12 }));
    svg.append(label(C + 8, q1.y + 30, gap ? `fissure open (pieces ${gap[0] + 1}–${gap[1] + 1})` : "earth closed", { anchor: "start", size: 10, weight: "normal" }));
  }
  // the ship below its spaces, sinking
  const ship = st.ship.spaces.map((id) => at[id]).filter(Boolean);
  if (ship.length) {
    const x0 = Math.min(...ship.map((r) => r.x));
    const x1 = Math.max(...ship.map((r) => r.x + r.w));
    const pos = d.ship_position || 0;
    const y = C + 30 + pos * 4;
    const cx = (x0 + x1) / 2;
    svg.append(s("path", { d: `M ${x0 - 20} ${C + 62} q 20 -8 40 0 t 40 0 t 40 0 t 40 0 t 40 0 t 40 0 t 40 0 t 40 0 t 40 0`, fill: "none", stroke: OI.blue, "stroke-width": 2 }));
    svg.append(s("g", { transform: `rotate(${pos * 5} ${cx} ${y})` },
      s("polygon", { points: `${x0 + 10},${y} ${x1 - 10},${y} ${x1 - 34},${y + 26} ${x0 + 30},${y + 26}`, fill: "#3d4a5c", stroke: INK }),
      s("rect", { x: cx - 60, y: y - 16, width: 120, height: 16, fill: PAPER, stroke: INK }),
      s("rect", { x: cx + 20, y: y - 32, width: 14, height: 16, fill: OI.vermillion, stroke: INK })));
    svg.append(label(cx, C + 108, pos ? `ocean liner sinking: position ${pos} of 5, deduct ${st.ship.deductions[pos - 1]}` : "ocean liner: upright", { size: 11 }));
    svg.append(label(x0 + 4, C + 20, "◀ lifeboat", { size: 10, anchor: "start", weight: "normal" }));
  }
  // the plane above its spaces, descending
  const plane = st.plane.spaces.map((id) => at[id]).filter(Boolean);
  if (plane.length) {
    const x0 = Math.min(...plane.map((r) => r.x));
    const x1 = Math.max(...plane.map((r) => r.x + r.w));
    const pos = d.plane_position || 0;
    const cx = (x0 + x1) / 2;
    const y = Hs - 70 + pos * 6;
    svg.append(s("g", { transform: `rotate(${pos * 6} ${cx} ${y})` },
      s("ellipse", { cx, cy: y, rx: 110, ry: 13, fill: "#eef2f5", stroke: INK }),
      s("polygon", { points: `${cx - 10},${y} ${cx + 30},${y - 40} ${cx + 44},${y - 40} ${cx + 24},${y}`, fill: "#c9d3dc", stroke: INK }),
      s("polygon", { points: `${cx - 10},${y} ${cx + 30},${y + 36} ${cx + 44},${y + 36} ${cx + 24},${y}`, fill: "#c9d3dc", stroke: INK }),
      s("polygon", { points: `${cx + 92},${y - 6} ${cx + 112},${y - 30} ${cx + 118},${y - 30} ${cx + 110},${y}`, fill: "#c9d3dc", stroke: INK })));
    svg.append(label(cx, Hs - 118, pos ? `plane descending: position ${pos} of 5, deduct ${st.plane.deductions[pos - 1]}` : "plane: flying level", { size: 11 }));
    svg.append(label(x0 + 4, Hs - 8, "◀ parachute", { size: 10, anchor: "start", weight: "normal" }));
  }
  // the skyscraper beside its entrance and exit
  const sky = st.skyscraper;
  const cols = sky.floor_width + 2;
  const cw = 30;
  const fh = 40;
  const bx = W - C - 12 - cols * cw;
  const ent = at[sky.entrance_from];
  const by = Math.min(Hs - 20 - sky.floors * fh, (ent ? ent.y + ent.h : Hs / 2) + 30 - sky.floors * fh + fh);
  const fireRow = sky.fire_row || [];
  const burning = new Set(d.fire ? fireRow.slice(d.fire[0], d.fire[1] + 1) : []);
  svg.append(s("rect", { x: bx - 6, y: by - 26, width: cols * cw + 12, height: sky.floors * fh + 32, fill: "#8d8a84", stroke: INK, rx: 3 }));
  svg.append(label(bx + (cols * cw) / 2, by - 10, d.fire ? "skyscraper: ON FIRE" : "skyscraper", { size: 11 }));
  for (let f = sky.floors; f >= 1; f--) {
    const ids = [sky.staircase_up[f - 1], ...sky.floor_spaces[f - 1], sky.staircase_down[f - 1]];
    const y = by + (sky.floors - f) * fh;
    ids.forEach((id, j) => {
      const r = { x: bx + j * cw, y, w: cw, h: fh };
      at[id] = r;
      const stair = j === 0 || j === ids.length - 1;
      const fire = burning.has(id);
      const a = moveTo[id];
      const g = s("g", {},
        s("rect", { class: "hc-face", x: r.x + 1, y: r.y + 1, width: cw - 2, height: fh - 2, fill: fire ? OI.vermillion : stair ? "#cfc6b0" : "#f3eedf", stroke: a ? INK : "#5b5247", "stroke-width": a ? 3 : 0.8, "stroke-dasharray": a ? "4 2" : undefined }),
        s("text", { x: r.x + cw / 2, y: r.y + 11, "font-size": 8, "text-anchor": "middle", fill: fire ? "#fff" : INK }, fire ? "FIRE" : stair ? (j === 0 ? "up" : "down") : `${f}.${j}`),
        s("title", {}, `${st.names[id]}${fire ? " (on fire)" : ""}`));
      svg.append(a ? clickable(g, a.text, () => ctx.act(a.id), `mv-${id}`) : g);
    });
  }
  // the centre: title, dice, deck and cards
  const cx = C + 230;
  const cy = C + 190;
  svg.append(s("text", { x: cx, y: cy - 40, "font-size": 34, "font-weight": "bold", "text-anchor": "middle", fill: OI.vermillion, stroke: INK, "stroke-width": 1 }, "DISASTER"));
  svg.append(s("text", { x: cx, y: cy - 18, "font-size": 12, "text-anchor": "middle", fill: INK }, `${String(o.phase).replace(/_/g, " ")} · ${ctx.view.seats[o.turn]?.name ?? `seat ${o.turn + 1}`} to play · first to ${o.target} chips`));
  const roll = ctx.byText("roll");
  const dice = o.dice || [];
  const dg = s("g", {});
  const nd = Math.max(dice.length, 2);
  for (let k = 0; k < nd; k++) { // each die a group, so that a new face tumbles (motion.js)
    dg.append(s("g", { "data-die": k },
      s("rect", { class: "hc-face", x: cx - nd * 27 + k * 54 - 60, y: cy, width: 46, height: 46, rx: 8, fill: PAPER, stroke: INK, "stroke-width": roll ? 2.5 : 1.5, "stroke-dasharray": roll ? "5 3" : undefined }),
      s("text", { x: cx - nd * 27 + k * 54 - 37, y: cy + 32, "font-size": 26, "font-weight": "bold", "text-anchor": "middle", fill: INK }, dice[k] ? String(dice[k]) : "·")));
  }
  dg.append(s("text", { x: cx - 60, y: cy + 62, "font-size": 11, "text-anchor": "middle", fill: INK, "font-weight": roll ? "bold" : "normal" }, roll ? "roll the dice" : "dice"));
  svg.append(roll ? clickable(dg, "roll", () => ctx.act(roll.id), "roll") : dg);
  svg.append(...chip(cx + 30, cy - 4, 50, 70, "", { fill: OI.purple }));
  svg.append(s("text", { x: cx + 55, y: cy + 30, "font-size": 11, "text-anchor": "middle", "font-weight": "bold", fill: INK }, `${o.deck_size}`));
  svg.append(s("text", { x: cx + 55, y: cy + 80, "font-size": 10, "text-anchor": "middle", fill: INK }, "cards"));
  const me = (o.players || []).find((p) => p.seat === view.viewing);
  const cards = [];
  if (o.drawn && o.drawn !== "hidden") cards.push(["drawn", o.drawn]);
  if (me?.card) cards.push(["your card", me.card]);
  cards.forEach(([what, title], k) => {
    const x = cx - 120 + k * 74;
    const y = cy + 80;
    const play = ctx.byText(`play ${title}`);
    const g = s("g", {}, ...chip(x, y, 68, 70, "", { fill: "#f6d9c6", dash: play ? "5 3" : undefined, strokeWidth: play ? 2.5 : 1.5 }),
      s("text", { x: x + 34, y: y + 14, "font-size": 9, "text-anchor": "middle", fill: INK }, what));
    title.split(" ").slice(0, 3).forEach((wd, i) => g.append(s("text", { x: x + 34, y: y + 32 + i * 12, "font-size": 10, "font-weight": "bold", "text-anchor": "middle", fill: INK }, wd)));
    svg.append(play ? clickable(g, play.text, () => ctx.act(play.id), `card-${k}`) : g);
  });
  let px = cx - 120;
  for (const a of ctx.legal.filter((x) => /^(keep |end turn)/.test(x.text))) {
    const p = pill(ctx, a, px, cy + 156, a.text, `c-${a.text}`, { size: 11 });
    svg.append(p);
    px += a.text.length * 6.6 + 30;
  }
  if (d.area) {
    const who = view.seats?.[d.caused_by]?.name ?? `Player ${d.caused_by + 1}`;
    svg.append(label(cx, cy + 198, `Disaster: the ${d.area}, caused by ${who}; escape round ${d.round}`, { size: 12 }));
    svg.append(label(cx, cy + 214, `escaping: ${(d.escaping || []).map((x) => x + 1).join(", ") || "nobody"}${d.die ? ` · die ${d.die}` : ""}`, { size: 11, weight: "normal" }));
  }
  // the tokens last, above everything
  for (const id of Object.keys(tokens)) if (at[id]) drawTokens(Number(id), at[id]);
  el.append(h("div", { class: "scroll" }, svg));
  el.append(seatTable(view, o));
}

function seatTable(view, o) {
  return h("div", { class: "scroll" }, stacked(h("table", { class: "scores", "aria-label": "Players" },
    h("thead", {}, h("tr", {}, ...["token", "player", "chips", "escapes", "perished", "card", "where"].map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", {}, ...(o.players || []).map((p) => h("tr", {},
      h("td", {}, h("span", { class: "swatch", style: `background:${SEATS[p.seat % 8]};color:${TEXT_ON(SEATS[p.seat % 8])}` }, String(p.seat + 1))),
      h("td", {}, `${view.seats?.[p.seat]?.name ?? `Player ${p.seat + 1}`}${p.seat === view.viewing ? " (you)" : ""}`),
      h("td", {}, String(p.chips)), h("td", {}, String(p.escapes)), h("td", {}, String(p.perishings)),
      h("td", {}, p.card ? p.card : p.holds_card ? "a card (hidden)" : "–"),
      h("td", {}, p.space || "off the board")))))));
}
