// highcamp web play: lobby, tables, live updates. Plain ES modules, no build step.
import { boardFor } from "./boards/index.js";
import { h, clear } from "./dom.js";
import { gameCard } from "./lobby.js";
import { endPanel, decisionBar, replayBar, risky } from "./table.js";
import { snapshot, animate } from "./motion.js";

const main = document.getElementById("main");
const toastEl = document.getElementById("toast");
const statusEl = document.getElementById("status");
let toastTimer = null;
let games = null;
let seatChoices = [];
let session = null; // the open table: {token, ws, view, static, ...}
const liveOf = {}; // a new table's live address (several server processes), by token

// ------------------------------------------------------------------ helpers
function toast(message) {
  toastEl.textContent = message;
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
    seatChoices = doc.seat_choices || doc.agents.map((a) => ({ id: a, label: a }));
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
async function startTable(game, spec) {
  try {
    const made = await api("/api/tables", { body: spec });
    afterCreate(game, made);
  } catch (err) { toast(err.message); }
}

function afterCreate(game, made) {
  const label = `${game.title} (${made.mode})`;
  if (made.ws) for (const t of [made.host, made.spectator, ...made.seats.map((x) => x.token)]) if (t) liveOf[t] = made.ws;
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
  main.append(mine, h("div", { class: "grid" }, ...list.map((g) => gameCard(g, g.seat_choices || seatChoices, startTable))));
  const links = myLinks.all();
  if (!links.length) { mine.lastChild.textContent = "None yet: start one below."; return; }
  try {
    const doc = await api("/api/mine", { body: { tokens: links.map((l) => l.token) } });
    const row = (t) => h("li", {}, h("a", { href: `#/t/${t.token}` },
      `${t.game} — ${t.mode}, ${t.role === "seat" ? `seat ${t.seat + 1}` : t.role === "host" ? "at the table" : "watching"}, move ${t.step}`),
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
  const body = h("div", { class: "rules" });
  body.innerHTML = game.rules_html; // rendered on the server by markdown-it, raw HTML escaped
  main.append(h("section", { class: "sheet" }, h("h2", {}, `${game.title}: how to play`), body));
}

// ------------------------------------------------------------------ a table
function closeSession() {
  if (session) {
    session.closed = true;
    clearInterval(session.timer);
    clearInterval(session.player);
    session.ws?.close();
    session = null;
  }
}

function showTable(token) {
  clear(main);
  main.append(h("p", { class: "sheet" }, "Joining the table…"));
  session = { token, live: liveOf[token] || null, ws: null, view: null, static: null, closed: false, retry: 0, selected: new Set(), shownSeat: null, replay: null, hint: null, inFlight: false, confirm: null, skipChance: true, player: null };
  myLinks.add(token, myLinks.all().find((l) => l.token === token)?.label || "table");
  session.timer = setInterval(tickClock, 1000);
  connect(session);
}

function connect(s) {
  // several server processes: a table's live connection goes to its owner (s.live, from
  // the table's JSON or from a "served by" answer); else to the page's own server
  const ws = new WebSocket(s.live || `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
  s.ws = ws;
  ws.onopen = () => { s.retry = 0; status(""); ws.send(JSON.stringify({ type: "hello", token: s.token })); };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "view") {
      s.moved = 0;
      if (msg.static) s.static = msg.static;
      if (msg.replay) { s.replay = msg; s.replayPending = false; } else {
        if (msg.step !== s.lastStep) { s.hint = null; s.selected.clear(); s.confirm = null; s.inFlight = false; }
        // after the first view the server sends only the log entries this page lacks
        if (msg.log_delta) msg.log = (s.view?.log || []).concat(msg.log).slice(-msg.log_tail);
        s.view = msg; s.lastStep = msg.step;
      }
      render(s);
    } else if (msg.type === "error" && msg.ws && msg.owner !== undefined) {
      // another server process owns this table: connect to it instead
      s.live = msg.ws; s.moved = (s.moved || 0) + 1;
      if (s.moved <= 3) { s.retry = -1; ws.close(); }
      else toast(msg.error);
    } else if (msg.type === "error") {
      s.inFlight = false; s.replayPending = false;
      toast(msg.error);
      if (/token|link/.test(msg.error) && !s.view) { s.closed = true; clear(main); main.append(h("p", { class: "sheet" }, msg.error)); }
      else if (s.view) render(s);
    } else if (msg.type === "hint") { s.hint = msg; s.inFlight = false; render(s); }
    else if (msg.type === "review") { s.review = msg; s.inFlight = false; render(s); }
  };
  ws.onclose = () => {
    if (s.closed) return;
    if (s.retry < 0) { s.retry = 0; connect(s); return; } // sent to the table's owner
    s.retry = Math.min(s.retry + 1, 5);
    if (s.retry >= 3) s.live = null; // the owner is not answering: ask the page's server again
    s.inFlight = false;
    status(`Connection lost: reconnecting in ${s.retry} s…`);
    setTimeout(() => { if (!s.closed) connect(s); }, s.retry * 1000);
  };
}

function send(msg) {
  if (session?.ws?.readyState === WebSocket.OPEN) { session.ws.send(JSON.stringify(msg)); return true; }
  toast("Not connected: reconnecting…");
  return false;
}

/** Play action ``id``; a game-ending or irreversible one asks first (see table.js). */
function act(id) {
  const s = session;
  if (!s || s.inFlight || s.replay) return;
  const a = s.view.legal.find((x) => x.id === id);
  if (a && risky(a.text) && s.confirm !== id) { s.confirm = id; render(s); return; }
  s.confirm = null;
  if (send({ type: "act", action: id, step: s.view.step })) { s.inFlight = true; render(s); }
}

function tool(type) {
  if (session.inFlight) return;
  if (send({ type })) { session.inFlight = true; render(session); }
}

function tickClock() {
  const el = document.getElementById("clock");
  const c = session?.view?.clock;
  if (!el || !c || !c.deadline) return;
  const left = Math.max(0, Math.round(c.deadline - Date.now() / 1000));
  el.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}

function seatName(v, p) { return p === null || p === undefined ? "" : v.seats[p]?.name ?? `Seat ${p + 1}`; }

function replayGo(s, step) {
  const r = s.replay;
  const n = r ? r.replay_length : s.view.step;
  if (s.replayPending) return;
  s.replayPending = send({ type: "replay", step: Math.max(0, Math.min(n, step)) });
}

function togglePlay(s) {
  if (s.player) { clearInterval(s.player); s.player = null; render(s); return; }
  if (s.replay && s.replay.step >= s.replay.replay_length) replayGo(s, 0); // from the start again
  s.player = setInterval(() => {
    const r = s.replay;
    if (!r || r.step >= r.replay_length) { clearInterval(s.player); s.player = null; if (r) render(s); return; }
    replayGo(s, nextStep(r, r.step, s.skipChance));
  }, 700);
  render(s);
}

/** The next step to show after ``step`` (past chance steps when ``skip``). */
function nextStep(r, step, skip) {
  let k = step + 1;
  while (skip && k < r.replay_length && r.timeline[k] < 0) k++;
  return Math.min(k, r.replay_length);
}

function render(s) {
  const v = s.replay || s.view;
  if (!v) return;
  const focusedKey = document.activeElement?.dataset?.key;
  const before = main.dataset.table === v.table ? snapshot(main) : null; // pieces slide from there
  clear(main);
  main.dataset.table = v.table;
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
  const header = h("section", { class: "sheet table-head" },
    h("h2", {}, `${v.game.title} `, h("span", { class: "badge" }, v.mode), " ",
      h("span", { class: "badge" }, v.role === "spectator" ? "watching" : v.role === "host" ? "at the table" : `seat ${v.seat + 1}`)),
    h("ul", { class: "seats", "aria-label": "Seats" }, ...v.seats.map((x) => h("li", { class: `${x.seat === v.current_player ? "turn" : ""} ${x.seat === v.thinking ? "thinking" : ""}` },
      `${x.name}${x.kind === "agent" && !/\(/.test(x.name) ? " (AI)" : ""}`,
      x.seat === v.thinking ? h("span", { class: "think" }, " thinking…") : x.seat === v.current_player && !v.terminal ? " — to play" : ""))),
    v.notice ? h("p", { class: "notice" }, v.notice) : "",
    s.replay ? replayBar(s, { go: (k) => replayGo(s, k), toggle: () => togglePlay(s), next: (k) => nextStep(s.replay, k, s.skipChance), close: () => { clearInterval(s.player); s.player = null; s.replay = null; render(s); } }) : "");
  const boardEl = h("section", { class: "sheet board", "aria-label": "Board" });
  // while a move is on its way (or in a replay) nothing is clickable: one source, ctx.legal
  const legal = s.replay || s.inFlight ? [] : v.legal;
  main.dataset.ready = String(legal.length > 0);
  const ctx = {
    view: v,
    static: s.static || {},
    legal,
    act: (id) => act(id),
    byText: (text) => legal.find((a) => a.text === text),
    selected: s.selected,
    rerender: () => render(s),
    hint: s.hint, // the last hint asked (a board may show it), and the post-game review
    review: s.review,
    tool: (type) => tool(type), // ask the server: "hint", "review"
  };
  try { boardFor(v.game.id).render(boardEl, ctx); } catch (err) {
    console.error(err);
    boardFor(null).render(boardEl, ctx);
  }
  const side = h("div", { class: "side" });
  if (v.terminal) side.append(endPanel(v, { replay: () => replayGo(s, 0), rematch: () => rematch(v), inReplay: !!s.replay }));
  side.append(logPanel(v));
  main.append(header, h("div", { class: "table-layout" }, boardEl, side));
  if (!s.replay) main.append(decisionBar(s, v, { act, tool, seatName, cancel: () => { s.confirm = null; render(s); } }));
  animate(main, before);
  tickClock();
  if (focusedKey) document.querySelector(`[data-key="${CSS.escape(focusedKey)}"]`)?.focus();
}

async function rematch(v) {
  const seats = v.seats.map((x) => (x.kind === "agent" ? { kind: "agent", agent: x.agent } : { kind: "human" }));
  const game = (await loadGames()).find((g) => g.id === v.game.id);
  const web = new Set(game.options.map((o) => o.name)); // options a browser may set
  const options = Object.fromEntries(Object.entries(v.options).filter(([k]) => web.has(k)));
  await startTable(game, { game: v.game.id, options, mode: v.mode, seats, clock: v.clock ? v.clock.seconds : null });
}

function logPanel(v) {
  const entries = v.log.slice().reverse();
  return h("section", { class: "sheet", "aria-labelledby": "log-h" }, h("h3", { id: "log-h" }, "What happened (newest first)"),
    h("ol", { class: "log", reversed: true },
      ...entries.map((e) => h("li", {},
        e.player === null ? "" : e.player < 0 ? "Chance: " : `${seatName(v, e.player)}: `,
        e.text, e.rule ? h("span", { class: "rule" }, ` ${e.rule}`) : ""))));
}
