// The lobby's game cards: a drawn picture, a one-line pitch, how to play (solo against
// chosen AI strengths, hotseat, online), the options in words with the advanced ones folded.
import { h, s, clear } from "./dom.js";

// a picture per game: a small drawing of its board in its own colours (no images to load)
const INK = "#1d1a16";
const ROCK = "#6d6253";

function mountain(points, snow) {
  return [s("polygon", { points, fill: ROCK }), ...snow.map((p) => s("polygon", { points: p, fill: "#f8f3e6" }))];
}

function die(x, y, n, fill = "#fffdf6") { // a die showing n (1-6) pips
  const pip = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]], 4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
    5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]], 6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]] }[n];
  return s("g", {}, s("rect", { x: x - 9, y: y - 9, width: 18, height: 18, rx: 3, fill, stroke: INK }),
    ...pip.map(([dx, dy]) => s("circle", { cx: x + dx * 5, cy: y + dy * 5, r: 1.7, fill: INK })));
}

function climber(x, y, fill) { // a pawn
  return s("g", {}, s("circle", { cx: x, cy: y - 7, r: 3.2, fill, stroke: INK }), s("path", { d: `M${x - 4},${y} L${x},${y - 5} L${x + 4},${y} Z`, fill, stroke: INK }));
}

function spaces(route, fill) { // the numbered spaces of a route
  return route.map(([x, y], i) => s("g", {}, s("circle", { cx: x, cy: y, r: 6, fill, stroke: INK }),
    s("text", { x, y: y + 3, "font-size": 7, "text-anchor": "middle", fill: INK }, String(i))));
}

const ART = {
  // a mountain sheet: rows of spaces up to the summit, a route, and the dice of the straights
  "everest-1924": () => {
    const out = [s("rect", { width: 300, height: 90, fill: "#87b5d6" }), ...mountain("20,90 150,8 280,90", ["135,22 150,8 166,23 158,20 150,28 143,21"])];
    for (let row = 0; row < 5; row++) {
      const y = 80 - row * 14, half = 100 - row * 19;
      for (let x = 150 - half + 10; x <= 150 + half - 10; x += 18) out.push(s("rect", { x: x - 6, y: y - 5, width: 12, height: 10, rx: 2, fill: "#f8f3e6", stroke: "#8a7d69", "stroke-width": 0.6 }));
    }
    out.push(s("polyline", { points: "96,80 114,66 132,66 141,52 150,38 150,24", fill: "none", stroke: "#0072b2", "stroke-width": 3 }));
    out.push(die(232, 30, 5), die(256, 44, 3), die(276, 26, 6));
    return out;
  },
  // the South Col route: its spaces from High Camp to the Summit, climbers, the storm
  "disaster-on-everest": () => [s("rect", { width: 300, height: 90, fill: "#8fbfe0" }),
    ...mountain("0,90 90,40 150,8 215,44 300,90", ["138,20 150,8 163,21 150,17"]),
    s("ellipse", { cx: 250, cy: 18, rx: 30, ry: 10, fill: "#5a6470" }), s("ellipse", { cx: 272, cy: 24, rx: 20, ry: 8, fill: "#4a5360" }),
    ...spaces([[40, 82], [64, 70], [84, 58], [104, 50], [118, 40], [130, 32], [140, 24], [150, 14]], "#ffffff"),
    climber(64, 64, "#d55e00"), climber(104, 44, "#0072b2"), climber(118, 34, "#d55e00")],
  // K2: a steep pyramid, the Bottleneck under the serac, the Abruzzi Spur's spaces
  "disaster-on-k2": () => [s("rect", { width: 300, height: 90, fill: "#6f8597" }),
    ...mountain("40,90 150,4 260,90", ["132,20 150,4 169,21 150,14"]),
    s("rect", { x: 160, y: 24, width: 26, height: 9, fill: "#dfe8ef", stroke: INK, "stroke-width": 0.6 }),
    ...spaces([[100, 84], [112, 70], [124, 58], [136, 46], [144, 36], [152, 26], [150, 12]], "#e9eef2"),
    climber(124, 52, "#cc79a7"), climber(144, 30, "#0072b2")],
  // the campaign: Everest, then K2, one team carried from one to the other
  "disaster-campaign": () => [s("rect", { width: 300, height: 90, fill: "#9cc7a4" }),
    ...mountain("0,90 70,20 140,90", ["60,30 70,20 80,31 70,27"]), ...mountain("160,90 230,10 300,90", ["218,22 230,10 242,23 230,18"]),
    s("path", { d: "M100,30 Q150,2 200,26", fill: "none", stroke: "#e69f00", "stroke-width": 3, "stroke-dasharray": "5 4" }),
    s("path", { d: "M194,18 L202,27 L190,30 Z", fill: "#e69f00" }),
    s("text", { x: 70, y: 84, "font-size": 10, "text-anchor": "middle", fill: "#fff", "font-weight": "bold" }, "Everest"),
    s("text", { x: 230, y: 84, "font-size": 10, "text-anchor": "middle", fill: "#fff", "font-weight": "bold" }, "K2"),
    climber(70, 48, "#e69f00"), climber(230, 44, "#e69f00")],
  // a mountaineer on its mat, dressed part by part, and a hand of action cards
  "everest-go": () => {
    const out = [s("rect", { width: 300, height: 90, fill: "#e9dfc6" }), s("rect", { x: 8, y: 6, width: 120, height: 78, rx: 6, fill: "#2f5e48" })];
    out.push(s("circle", { cx: 68, cy: 22, r: 9, fill: "#fffdf6", stroke: INK }), s("rect", { x: 56, y: 33, width: 24, height: 24, rx: 3, fill: "#56b4e9", stroke: INK }),
      s("rect", { x: 34, y: 35, width: 20, height: 9, rx: 3, fill: "#fffdf6", stroke: INK }), s("rect", { x: 82, y: 35, width: 20, height: 9, rx: 3, fill: "#f0e442", stroke: INK }),
      s("rect", { x: 58, y: 59, width: 9, height: 20, rx: 2, fill: "#fffdf6", stroke: INK }), s("rect", { x: 69, y: 59, width: 9, height: 20, rx: 2, fill: "#fffdf6", stroke: INK }));
    ["#cde6f5", "#cde6f5", "#f0e442", "#fffdf6"].forEach((fill, i) => {
      const x = 160 + i * 30;
      out.push(s("rect", { x, y: 14 + Math.abs(i - 1.5) * 4, width: 36, height: 52, rx: 4, fill, stroke: INK, transform: `rotate(${(i - 1.5) * 8} ${x + 18} 80)` }));
    });
    out.push(s("text", { x: 250, y: 84, "font-size": 10, "text-anchor": "middle", fill: "#009e73", "font-weight": "bold" }, "EVEREST!"));
    return out;
  },
  // the square track around the board, the four disasters inside it, the dice
  disaster: () => {
    const out = [s("rect", { width: 300, height: 90, fill: "#d8cfb8" }), s("rect", { x: 60, y: 4, width: 180, height: 82, fill: "#9cc7a4", stroke: INK })];
    for (let i = 0; i < 10; i++) out.push(s("rect", { x: 60 + i * 18, y: 4, width: 18, height: 12, fill: i % 3 ? "#fffdf6" : "#d55e00", stroke: INK, "stroke-width": 0.6 }),
      s("rect", { x: 60 + i * 18, y: 74, width: 18, height: 12, fill: i % 4 ? "#fffdf6" : "#d55e00", stroke: INK, "stroke-width": 0.6 }));
    for (let j = 0; j < 4; j++) out.push(s("rect", { x: 60, y: 16 + j * 14.5, width: 18, height: 14.5, fill: "#fffdf6", stroke: INK, "stroke-width": 0.6 }),
      s("rect", { x: 222, y: 16 + j * 14.5, width: 18, height: 14.5, fill: "#fffdf6", stroke: INK, "stroke-width": 0.6 }));
    out.push(s("path", { d: "M88,48 L128,48 L122,58 L94,58 Z", fill: "#0072b2", stroke: INK }), s("rect", { x: 104, y: 38, width: 4, height: 10, fill: INK }),
      s("path", { d: "M140,34 L176,34 M158,26 L158,44 M150,44 L166,44", stroke: INK, "stroke-width": 3, fill: "none" }),
      s("rect", { x: 186, y: 24, width: 14, height: 38, fill: "#cc79a7", stroke: INK }),
      s("path", { d: "M96,66 L110,62 L122,68 L136,63", stroke: "#d55e00", "stroke-width": 2, fill: "none" }));
    out.push(die(270, 30, 4), die(280, 56, 2), die(22, 44, 6));
    out.push(climber(78, 12, "#e69f00"), climber(150, 80, "#56b4e9"));
    return out;
  },
};

function picture(game) {
  const draw = ART[game.id];
  const parts = draw ? draw() : [s("rect", { width: 300, height: 90, fill: "#c9d6df" }),
    ...mountain("0,90 70,30 110,60 160,10 215,55 250,35 300,90", ["145,24 160,10 176,26 166,22 158,30"]),
    s("polyline", { points: "20,88 70,60 110,70 150,40 160,14", fill: "none", stroke: "#0072b2", "stroke-width": 3, "stroke-dasharray": "5 4" })];
  return s("svg", { class: "card-art", viewBox: "0 0 300 90", role: "img", "aria-label": `${game.title}: a drawing of its board` }, ...parts);
}

/** An option's name in words: "first_player" -> "First player". */
export function words(name) {
  const text = String(name).replace(/[_-]/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const MAIN_OPTIONS = new Set(["players", "game", "victory", "company", "team", "long_game", "beginners"]);

function optionInput(game, opt) {
  const id = `opt-${game.id}-${opt.name}`;
  let input;
  if (opt.choices) {
    // an option whose default is none (the game decides) offers "as the game decides" first
    const none = opt.default === null ? [h("option", { value: "", selected: true }, "as the game decides")] : [];
    input = h("select", { id, name: opt.name }, ...none,
      ...opt.choices.map((c) => h("option", { value: String(c), selected: c === opt.default }, words(c))));
  } else if (opt.type === "bool") {
    input = h("input", { id, name: opt.name, type: "checkbox", checked: !!opt.default });
  } else {
    input = h("input", {
      id, name: opt.name, type: "number", value: opt.default ?? "",
      min: opt.minimum ?? undefined, max: opt.maximum ?? undefined,
      step: opt.type === "float" ? "any" : "1",
    });
  }
  return h("label", { for: id, class: "option" }, h("span", { class: "opt-name" }, `${words(opt.name)}: `), input,
    opt.description ? h("span", { class: "rule" }, ` ${opt.description}`) : "");
}

function readOptions(form, game) {
  const out = {};
  for (const opt of game.options) {
    const el = form.elements[opt.name];
    if (!el) continue;
    if (opt.type === "bool") out[opt.name] = el.checked;
    else if (opt.choices) {
      if (el.value !== "") out[opt.name] = opt.choices.find((c) => String(c) === el.value);
    } else if (el.value !== "") out[opt.name] = opt.type === "float" ? Number(el.value) : parseInt(el.value, 10);
  }
  return out;
}

function seatCount(game, form) {
  const el = form.elements.players;
  return el ? parseInt(el.value, 10) : game.min_players;
}

function aiSelect(id, name, choices, chosen) {
  return h("select", { id, name },
    ...choices.map((c) => h("option", { value: `agent:${c.id}`, selected: c.id === chosen }, `AI: ${c.label}`)));
}

/** A lobby card for ``game``; ``start(game, spec)`` creates the table. */
export function gameCard(game, choices, start) {
  const form = h("form", { "aria-label": `New ${game.title} table` });
  const seatsBox = h("fieldset", { class: "seats-box" });
  const modeName = `mode-${game.id}`;
  const modes = [
    ["solo", "Play solo (AI in the other seats)"],
    ["hotseat", "Play at one table (hotseat)"],
    ["online", "Create an online table (a link per seat)"],
  ];
  const modeBox = h("fieldset", {}, h("legend", {}, "How"),
    ...modes.map(([value, text], i) => h("label", {},
      h("input", { type: "radio", name: modeName, value, checked: i === 0 }), " ", text)));
  const fallback = game.default_agent || (choices.find((c) => c.default) || choices[0] || {}).id;
  let lastMode = null;
  const drawSeats = () => {
    const mode = form.elements[modeName].value;
    const kept = {}; // the choices made, kept while the mode stays
    if (mode === lastMode) for (const el of seatsBox.querySelectorAll("select")) kept[el.name] = el.value;
    lastMode = mode;
    clear(seatsBox);
    const n = seatCount(game, form);
    seatsBox.append(h("legend", {}, mode === "solo" ? "Your opponents" : "Seats"));
    if (mode === "solo" && n === 1) seatsBox.append(h("p", { class: "rule" }, "A game for one: just you and the mountain."));
    for (let i = 0; i < n; i++) {
      const id = `seat-${game.id}-${i}`;
      if (mode === "solo") {
        if (i === 0) { seatsBox.append(h("p", {}, "Seat 1: you")); continue; }
        const sel = aiSelect(id, `seat${i}`, choices, fallback);
        if (kept[`seat${i}`]?.startsWith("agent:")) sel.value = kept[`seat${i}`];
        seatsBox.append(h("label", { for: id }, `Seat ${i + 1}, strength: `, sel));
        continue;
      }
      const sel = h("select", { id, name: `seat${i}` },
        h("option", { value: "human", selected: true }, "A person"),
        ...choices.map((c) => h("option", { value: `agent:${c.id}` }, `AI: ${c.label}`)));
      if (kept[`seat${i}`]) sel.value = kept[`seat${i}`];
      seatsBox.append(h("label", { for: id }, `Seat ${i + 1}: `, sel));
    }
  };
  const main = game.options.filter((o) => MAIN_OPTIONS.has(o.name));
  const more = game.options.filter((o) => !MAIN_OPTIONS.has(o.name));
  form.append(
    ...main.map((o) => optionInput(game, o)),
    modeBox,
    seatsBox,
    h("details", { class: "more" }, h("summary", {}, "More options"),
      ...more.map((o) => optionInput(game, o)),
      h("label", { for: `clock-${game.id}` }, "Turn clock (seconds per turn, empty for none): ",
        h("input", { id: `clock-${game.id}`, name: "clock", type: "number", min: 5, max: 86400 }))),
    h("button", { class: "primary", type: "submit" }, `Start ${game.title}`),
  );
  form.addEventListener("change", (ev) => { if (!String(ev.target.name || "").startsWith("seat")) drawSeats(); });
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const button = form.querySelector("button[type=submit]");
    const mode = form.elements[modeName].value;
    const n = seatCount(game, form);
    const seats = [];
    for (let i = 0; i < n; i++) {
      const v = mode === "solo" && i === 0 ? "human" : form.elements[`seat${i}`].value;
      seats.push(v === "human" ? { kind: "human" } : { kind: "agent", agent: v.slice(6) });
    }
    const clock = form.elements.clock.value ? parseInt(form.elements.clock.value, 10) : null;
    button.disabled = true;
    try { await start(game, { game: game.id, options: readOptions(form, game), mode, seats, clock }); } finally { button.disabled = false; }
  });
  drawSeats();
  const players = game.min_players === game.max_players ? `${game.min_players}` : `${game.min_players}–${game.max_players}`;
  return h("section", { class: "sheet card", "aria-labelledby": `title-${game.id}` },
    picture(game),
    h("h2", { id: `title-${game.id}` }, game.title),
    h("p", { class: "pitch" }, game.summary || ""),
    h("p", {}, h("span", { class: "badge" }, `${players} player${game.max_players > 1 ? "s" : ""}`), " ",
      game.hidden_information ? h("span", { class: "badge" }, "hidden cards") : "", " ",
      game.reconstructed ? h("a", { class: "badge recon", href: `#/components/${game.id}` }, "some components reconstructed") : "",
      " ", h("a", { href: `#/rules/${game.id}` }, "How to play")),
    form);
}
