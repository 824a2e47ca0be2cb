// The lobby's game cards: a drawn picture, a one-line pitch, how to play (solo against
// chosen AI strengths, hotseat, online), the options in words with the advanced ones folded.
import { h, s, clear } from "./dom.js";

// a picture per game: a few shapes in the board's colours (no images to load)
const ART = {
  "everest-1924": ["#87b5d6", "#f8f3e6", "#0072b2"],
  "disaster-on-everest": ["#8fbfe0", "#ffffff", "#d55e00"],
  "disaster-on-k2": ["#6f8597", "#e9eef2", "#cc79a7"],
  "disaster-campaign": ["#9cc7a4", "#f8f3e6", "#e69f00"],
  "everest-go": ["#e9dfc6", "#f0e442", "#009e73"],
  disaster: ["#d8cfb8", "#9cc7a4", "#d55e00"],
};

function picture(game) {
  const [sky, snow, mark] = ART[game.id] || ["#c9d6df", "#f8f3e6", "#0072b2"];
  return s("svg", { class: "card-art", viewBox: "0 0 300 90", role: "img", "aria-label": `${game.title}: a drawing of its board` },
    s("rect", { x: 0, y: 0, width: 300, height: 90, fill: sky }),
    s("polygon", { points: "0,90 70,30 110,60 160,10 215,55 250,35 300,90", fill: "#6d6253" }),
    s("polygon", { points: "145,24 160,10 176,26 166,22 158,30", fill: snow }),
    s("polygon", { points: "60,38 70,30 80,39 72,36", fill: snow }),
    s("polyline", { points: "20,88 70,60 110,70 150,40 160,14", fill: "none", stroke: mark, "stroke-width": 3, "stroke-dasharray": "5 4" }),
    s("circle", { cx: 160, cy: 14, r: 5, fill: mark, stroke: "#1d1a16" }));
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
