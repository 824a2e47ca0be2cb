// highcamp web play: lobby, tables, live updates. Plain ES modules, no build step.
import { boardFor } from "./boards/index.js";
import { h, clear } from "./dom.js";

const main = document.getElementById("main");
const toastEl = document.getElementById("toast");
const statusEl = document.getElementById("status");
let toastTimer = null;
let games = null;
let agents = [];
let session = null; // the open table: {token, ws, view, static, ...}

// ------------------------------------------------------------------ helpers
function toast(message, rule) {
  toastEl.textContent = rule ? `${message} (${rule})` : message;
  toastEl.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { toastEl.hidden = true; }, 6000);
}
function status(text) { statusEl.textContent = text || ""; }

async function api(path, { body, token, method } = {}) {
  const headers = { "content-type": "application/json" };
  if (token) headers["x-highcamp-token"] = token;
  const res = await fetch(path, {
    method: method || (body ? "POST" : "GET"),
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  const doc = await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
  if (!res.ok) throw Object.assign(new Error(doc.error || `HTTP ${res.status}`), { rule: doc.rule });
  return doc;
}

// links this browser holds (its "my games"), kept in localStorage only
const myLinks = {
  all() { try { return JSON.parse(localStorage.getItem("hc-links") || "[]"); } catch { return []; } },
  add(token, label) {
    const list = this.all().filter((l) => l.token !== token);
    list.unshift({ token, label });
    localStorage.setItem("hc-links", JSON.stringify(list.slice(0, 50)));
  },
};

function linkFor(token) { return `${location.origin}/#/t/${token}`; }

async function loadGames() {
  if (!games) {
    const doc = await api("/api/games");
    games = doc.games;
    agents = doc.agents;
  }
  return games;
}

// ------------------------------------------------------------------ router
function route() {
  closeSession();
  const parts = location.hash.replace(/^#\/?/, "").split("/");
  if (parts[0] === "t" && parts[1]) return showTable(parts[1]);
  if (parts[0] === "components" && parts[1]) return showComponents(parts[1]);
  if (parts[0] === "rules" && parts[1]) return showRules(parts[1]);
  return showLobby();
}
window.addEventListener("hashchange", route);
route();

// ------------------------------------------------------------------ lobby
function optionInput(game, opt) {
  const id = `opt-${game.id}-${opt.name}`;
  let input;
  if (opt.choices) {
    // an option whose default is none (the game decides) offers "(default)" first
    const none = opt.default === null ? [h("option", { value: "", selected: true }, "(default)")] : [];
    input = h("select", { id, name: opt.name }, ...none,
      ...opt.choices.map((c) => h("option", { value: String(c), selected: c === opt.default }, String(c))));
  } else if (opt.type === "bool") {
    input = h("input", { id, name: opt.name, type: "checkbox", checked: !!opt.default });
  } else {
    input = h("input", {
      id, name: opt.name, type: "number", value: opt.default ?? "",
      min: opt.minimum ?? undefined, max: opt.maximum ?? undefined,
      step: opt.type === "float" ? "any" : "1",
    });
  }
  return h("label", { for: id }, `${opt.name}: `, input, h("span", { class: "rule" }, ` ${opt.description}`));
}

function readOptions(form, game) {
  const out = {};
  for (const opt of game.options) {
    const el = form.elements[opt.name];
    if (!el) continue;
    if (opt.type === "bool") out[opt.name] = el.checked;
    else if (opt.choices) {
      if (el.value !== "") out[opt.name] = opt.choices.find((c) => String(c) === el.value);
    }
    else if (el.value !== "") out[opt.name] = opt.type === "float" ? Number(el.value) : parseInt(el.value, 10);
  }
  return out;
}

function seatCount(game, form) {
  const el = form.elements.players;
  return el ? parseInt(el.value, 10) : game.min_players;
}

function gameCard(game) {
  const form = h("form", { "aria-label": `New ${game.title} table` });
  const seatsBox = h("fieldset", {}, h("legend", {}, "Seats"));
  const modeName = `mode-${game.id}`;
  const modes = [
    ["solo", "Play solo (AI in the other seats)"],
    ["hotseat", "Play at one table (hotseat)"],
    ["online", "Create an online table (a link per seat)"],
  ];
  const modeBox = h("fieldset", {}, h("legend", {}, "How"),
    ...modes.map(([value, text], i) => h("label", {},
      h("input", { type: "radio", name: modeName, value, checked: i === 0 }), " ", text)));
  const drawSeats = () => {
    clear(seatsBox);
    seatsBox.append(h("legend", {}, "Seats"));
    const mode = form.elements[modeName].value;
    const n = seatCount(game, form);
    for (let i = 0; i < n; i++) {
      const id = `seat-${game.id}-${i}`;
      const human = mode !== "solo" || i === 0;
      const sel = h("select", { id, name: `seat${i}` },
        h("option", { value: "human", selected: human }, "Human"),
        ...agents.map((a) => h("option", { value: `agent:${a}`, selected: !human && a === agents[0] }, `AI: ${a}`)));
      if (mode === "solo") sel.disabled = true;
      seatsBox.append(h("label", { for: id }, `Seat ${i + 1}: `, sel));
    }
  };
  form.append(
    ...game.options.map((o) => optionInput(game, o)),
    modeBox,
    seatsBox,
    h("label", { for: `clock-${game.id}` }, "Turn clock (seconds, empty for none): ",
      h("input", { id: `clock-${game.id}`, name: "clock", type: "number", min: 5, max: 86400 })),
    h("button", { class: "primary", type: "submit" }, `Start ${game.title}`),
  );
  form.addEventListener("change", drawSeats);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const mode = form.elements[modeName].value;
    const n = seatCount(game, form);
    const seats = [];
    for (let i = 0; i < n; i++) {
      const v = mode === "solo" ? (i === 0 ? "human" : `agent:${agents[0]}`) : form.elements[`seat${i}`].value;
      seats.push(v === "human" ? { kind: "human" } : { kind: "agent", agent: v.slice(6) });
    }
    const clock = form.elements.clock.value ? parseInt(form.elements.clock.value, 10) : null;
    try {
      const made = await api("/api/tables", { body: { game: game.id, options: readOptions(form, game), mode, seats, clock } });
      afterCreate(game, made);
    } catch (err) { toast(err.message, err.rule); }
  });
  setTimeout(drawSeats);
  const players = game.min_players === game.max_players ? `${game.min_players}` : `${game.min_players}–${game.max_players}`;
  return h("section", { class: "sheet", "aria-labelledby": `title-${game.id}` },
    h("h2", { id: `title-${game.id}` }, game.title),
    h("p", {}, h("span", { class: "badge" }, `${players} player${game.max_players > 1 ? "s" : ""}`), " ",
      game.hidden_information ? h("span", { class: "badge" }, "hidden information") : "", " ",
      game.reconstructed ? h("a", { class: "badge recon", href: `#/components/${game.id}` }, "some components reconstructed") : "",
      " ", h("a", { href: `#/rules/${game.id}` }, "rules")),
    form);
}

function afterCreate(game, made) {
  const label = `${game.title} (${made.mode})`;
  if (made.host) {
    myLinks.add(made.host, label);
    location.hash = `#/t/${made.host}`;
    return;
  }
  for (const s of made.seats) myLinks.add(s.token, `${label}, ${s.name}`);
  myLinks.add(made.spectator, `${label}, spectator`);
  clear(main);
  main.append(h("section", { class: "sheet links" },
    h("h2", {}, `${game.title}: your online table`),
    h("p", {}, "Send each player the link of their seat. Whoever holds a link plays that seat: keep them secret. The spectator link only watches."),
    ...made.seats.map((s) => linkRow(`${s.name}`, linkFor(s.token), s.token)),
    linkRow("Spectators", linkFor(made.spectator), made.spectator)));
  main.focus();
}

function linkRow(label, url, token) {
  const id = `link-${token.slice(0, 6)}`;
  return h("p", {},
    h("label", { for: id }, label),
    h("input", { id, readonly: true, value: url, onfocus: (e) => e.target.select() }),
    h("button", { type: "button", onclick: () => navigator.clipboard?.writeText(url).then(() => status("Link copied")) }, "Copy"),
    " ", h("a", { class: "button", href: `#/t/${token}` }, "Open"));
}

async function showLobby() {
  clear(main);
  let list;
  try { list = await loadGames(); } catch (err) { toast(err.message); return; }
  const mine = h("section", { class: "sheet", "aria-labelledby": "mine-h" }, h("h2", { id: "mine-h" }, "Your games"), h("p", {}, "…"));
  main.append(mine, h("div", { class: "grid" }, ...list.map(gameCard)));
  const links = myLinks.all();
  if (!links.length) { mine.lastChild.textContent = "None yet: start one below."; return; }
  try {
    const doc = await api("/api/mine", { body: { tokens: links.map((l) => l.token) } });
    const row = (t) => h("li", {}, h("a", { href: `#/t/${t.token}` },
      `${t.game} — ${t.mode}, ${t.role === "seat" ? `seat ${t.seat + 1}` : t.role}, step ${t.step}`),
      t.your_turn ? h("strong", {}, " your turn") : "");
    const open = doc.tables.filter((t) => !t.finished);
    const done = doc.tables.filter((t) => t.finished);
    mine.replaceChildren(h("h2", { id: "mine-h" }, "Your games"),
      h("h3", {}, `Open (${open.length})`), h("ul", {}, ...open.map(row)),
      h("h3", {}, `Finished (${done.length})`), h("ul", {}, ...done.map(row)));
  } catch (err) { toast(err.message); }
}

// ------------------------------------------------------------------ components, rules
async function showComponents(gameId) {
  clear(main);
  const game = (await loadGames()).find((g) => g.id === gameId);
  if (!game) { main.append(h("p", { class: "sheet" }, "No such game.")); return; }
  main.append(h("section", { class: "sheet" },
    h("h2", {}, `${game.title}: components and where they come from`),
    h("p", {}, "Printed components follow the rulebook. Reconstructed ones were not printed in full and were rebuilt; each says why."),
    h("table", { class: "scores" },
      h("thead", {}, h("tr", {}, h("th", {}, "Component"), h("th", {}, "Provenance"), h("th", {}, "Why"))),
      h("tbody", {}, ...game.components.map((c) => h("tr", {},
        h("td", {}, c.name),
        h("td", {}, c.provenance === "reconstructed" ? h("span", { class: "badge recon" }, "reconstructed") : c.provenance),
        h("td", {}, c.reason || "—")))))));
}

async function showRules(gameId) {
  clear(main);
  const game = (await loadGames()).find((g) => g.id === gameId);
  if (!game) { main.append(h("p", { class: "sheet" }, "No such game.")); return; }
  main.append(h("section", { class: "sheet" }, h("h2", {}, `${game.title}: rules in brief`),
    h("pre", { style: "white-space: pre-wrap" }, game.rules || game.summary)));
}

// ------------------------------------------------------------------ a table
function closeSession() {
  if (session) {
    session.closed = true;
    clearInterval(session.timer);
    session.ws?.close();
    session = null;
  }
}

function showTable(token) {
  clear(main);
  main.append(h("p", { class: "sheet" }, "Joining the table…"));
  session = { token, ws: null, view: null, static: null, closed: false, retry: 0, selected: new Set(), shownSeat: null, replay: null, hint: null };
  myLinks.add(token, myLinks.all().find((l) => l.token === token)?.label || "table");
  session.timer = setInterval(tickClock, 1000);
  connect(session);
}

function connect(s) {
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
  s.ws = ws;
  ws.onopen = () => { s.retry = 0; status(""); ws.send(JSON.stringify({ type: "hello", token: s.token })); };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "view") {
      if (msg.static) s.static = msg.static;
      if (msg.replay) { s.replay = msg; } else { s.view = msg; if (msg.step !== s.lastStep) { s.hint = null; s.selected.clear(); } s.lastStep = msg.step; }
      render(s);
    } else if (msg.type === "error") {
      toast(msg.error, msg.rule);
      if (/token/.test(msg.error)) { s.closed = true; clear(main); main.append(h("p", { class: "sheet" }, msg.error)); }
    } else if (msg.type === "hint") { s.hint = msg; render(s); }
  };
  ws.onclose = () => {
    if (s.closed) return;
    s.retry = Math.min(s.retry + 1, 5);
    status(`Connection lost: reconnecting in ${s.retry} s…`);
    setTimeout(() => { if (!s.closed) connect(s); }, s.retry * 1000);
  };
}

function send(msg) {
  if (session?.ws?.readyState === WebSocket.OPEN) session.ws.send(JSON.stringify(msg));
  else toast("Not connected: reconnecting…");
}

function act(id) {
  const v = session.view;
  send({ type: "act", action: id, step: v.step });
}

function tickClock() {
  const el = document.getElementById("clock");
  const c = session?.view?.clock;
  if (!el || !c || !c.deadline) return;
  const left = Math.max(0, Math.round(c.deadline - Date.now() / 1000));
  el.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}

function seatName(v, p) { return p === null || p === undefined ? "" : v.seats[p]?.name ?? `Seat ${p + 1}`; }

function render(s) {
  const v = s.replay || s.view;
  if (!v) return;
  const focusedKey = document.activeElement?.dataset?.key;
  clear(main);
  main.dataset.step = String(v.step);
  main.dataset.terminal = String(v.terminal);
  // hotseat with hidden information: hand the device over before showing a hand
  if (v.mode === "hotseat" && v.game.hidden_information && !v.terminal && !s.replay &&
      v.viewing !== s.shownSeat && s.view.seats.filter((x) => x.kind === "human").length > 1) {
    const btn = h("button", { class: "primary", onclick: () => { s.shownSeat = v.viewing; render(s); } }, `I am ${seatName(v, v.viewing)}: show my seat`);
    main.append(h("section", { class: "sheet curtain" }, h("h2", {}, `Pass the device to ${seatName(v, v.viewing)}`), btn));
    btn.focus();
    return;
  }
  const who = v.terminal ? `Game over${v.ending ? `: ${v.ending}` : ""}` :
    v.your_turn ? `Your turn${v.acting !== null && v.mode !== "online" ? ` (${seatName(v, v.acting)})` : ""}` :
    `${seatName(v, v.current_player)} to play`;
  const header = h("section", { class: "sheet" },
    h("h2", {}, `${v.game.title} `, h("span", { class: "badge" }, v.mode), " ",
      h("span", { class: "badge" }, v.role === "spectator" ? "spectator" : v.role === "host" ? "at the table" : `seat ${v.seat + 1}`)),
    h("ul", { class: "seats", "aria-label": "Seats" }, ...v.seats.map((x) => h("li", { class: x.seat === v.current_player ? "turn" : "" },
      `${x.name}${x.kind === "agent" ? " (AI)" : ""}${x.seat === v.current_player ? " — to play" : ""}`))),
    h("p", { "aria-live": "polite" }, h("strong", {}, who),
      v.clock ? h("span", {}, " · turn clock ", h("span", { id: "clock", class: "clock" }, "–")) : "",
      v.notice ? h("span", {}, ` · ${v.notice}`) : ""),
    s.replay ? replayBar(s) : "");
  const boardEl = h("section", { class: "sheet board", "aria-label": "Board" });
  const ctx = {
    view: v,
    static: s.static || {},
    legal: s.replay ? [] : v.legal,
    act: (id) => act(id),
    byText: (text) => v.legal.find((a) => a.text === text),
    selected: s.selected,
    rerender: () => render(s),
  };
  try { boardFor(v.game.id).render(boardEl, ctx); } catch (err) {
    console.error(err);
    boardFor(null).render(boardEl, ctx);
  }
  const side = h("div", {});
  if (!s.replay) side.append(actionPanel(s, v));
  if (v.terminal) side.append(scorePanel(s, v));
  side.append(logPanel(v));
  main.append(header, h("div", { class: "table-layout" }, boardEl, side));
  tickClock();
  if (focusedKey) document.querySelector(`[data-key="${CSS.escape(focusedKey)}"]`)?.focus();
}

function actionPanel(s, v) {
  const box = h("section", { class: "sheet", "aria-labelledby": "act-h" }, h("h3", { id: "act-h" }, "Actions"));
  if (!v.your_turn) {
    box.append(h("p", {}, v.terminal ? "The game is over." : v.role === "spectator" ? "Spectators watch." : "Waiting for the other players…"));
    return box;
  }
  box.append(h("div", { class: "actions", role: "group", "aria-label": "Legal actions" },
    ...v.legal.map((a) => h("button", { type: "button", "data-key": `a${a.id}`, onclick: () => act(a.id) }, a.text))));
  const tools = h("p", { class: "actions" });
  if (v.hint) tools.append(h("button", { type: "button", "data-key": "hint", onclick: () => send({ type: "hint" }) }, "Hint: what would the AI do?"));
  if (v.can_undo) tools.append(h("button", { type: "button", "data-key": "undo", onclick: () => send({ type: "undo" }) }, "Undo"));
  box.append(tools);
  if (s.hint) {
    const why = typeof s.hint.why === "string" ? s.hint.why : JSON.stringify(s.hint.why);
    box.append(h("div", { class: "hint", role: "note" }, h("strong", {}, `${s.hint.agent} would play “${s.hint.text}”. `), why));
  }
  return box;
}

function scorePanel(s, v) {
  const box = h("section", { class: "sheet scores", "aria-labelledby": "score-h" }, h("h3", { id: "score-h" }, "Scores"));
  for (const b of v.scores || []) {
    box.append(h("table", {}, h("caption", {}, `${seatName(v, b.player)}: ${b.total}${b.band ? ` — ${b.band}` : ""}`),
      h("tbody", {}, ...b.lines.map((ln) => h("tr", {}, h("td", {}, ln.label), h("td", {}, String(ln.points)), h("td", { class: "rule" }, ln.rule))))));
  }
  if (!s.replay) box.append(h("button", { type: "button", "data-key": "replay", onclick: () => send({ type: "replay", step: 0 }) }, "Replay step by step"));
  return box;
}

function replayBar(s) {
  const r = s.replay;
  const go = (step) => send({ type: "replay", step: Math.max(0, Math.min(r.replay_length, step)) });
  return h("div", { class: "actions", role: "group", "aria-label": "Replay" },
    h("button", { type: "button", "data-key": "r-first", onclick: () => go(0) }, "⏮ Start"),
    h("button", { type: "button", "data-key": "r-prev", onclick: () => go(r.step - 1) }, "◀ Back"),
    h("span", { class: "badge" }, `step ${r.step} of ${r.replay_length}`),
    h("button", { type: "button", "data-key": "r-next", onclick: () => go(r.step + 1) }, "Next ▶"),
    h("button", { type: "button", "data-key": "r-last", onclick: () => go(r.replay_length) }, "End ⏭"),
    h("button", { type: "button", "data-key": "r-close", onclick: () => { s.replay = null; render(s); } }, "Leave replay"));
}

function logPanel(v) {
  const entries = v.log.slice().reverse();
  return h("section", { class: "sheet", "aria-labelledby": "log-h" }, h("h3", { id: "log-h" }, "Log (newest first)"),
    h("ol", { class: "log", reversed: true },
      ...entries.map((e) => h("li", {},
        e.player === null ? "" : e.player < 0 ? "Chance: " : `${seatName(v, e.player)}: `,
        e.text, e.rule ? h("span", { class: "rule" }, ` ${e.rule}`) : ""))));
}
