// Parts of a table's screen: the decision bar (always in view), the end of a game in words,
// and the replay controls. Each takes what it shows from the view, never from a state.
import { h } from "./dom.js";
import { icon } from "./icons.js";
import { words } from "./lobby.js";

const RISKY = /\b(abandon|give up|resign|concede|retreat|everest!)/i;

/** Whether an action ends the game or cannot be taken back (it asks first). */
export function risky(text) { return RISKY.test(text); }

function seatOf(v, p) { return v.seats[p]?.name ?? `Seat ${p + 1}`; }

/** The decision bar: whose turn, the legal actions (disabled while a move is on its way),
 *  a confirmation for a risky one, hint and undo. */
export function decisionBar(s, v, { act, tool, seatName, cancel }) {
  const who = v.terminal ? "The game is over." :
    v.your_turn ? `Your turn${v.acting !== null && v.mode !== "online" ? ` (${seatName(v, v.acting)})` : ""}` :
    v.thinking !== null && v.thinking !== undefined ? `${seatName(v, v.thinking)} is thinking…` :
    v.role === "spectator" ? `${seatName(v, v.current_player)} to play` : `Waiting for ${seatName(v, v.current_player) || "the table"}…`;
  const bar = h("section", { class: "sheet decision", id: "decision", "aria-label": "Your decision" },
    h("p", { class: "who", "aria-live": "polite" }, h("strong", {}, who),
      v.clock ? h("span", {}, " · turn clock ", h("span", { id: "clock", class: "clock" }, "–")) : "",
      s.inFlight ? h("span", { class: "rule" }, " · sending…") : ""));
  if (!v.your_turn) return bar;
  const pending = s.confirm !== null && v.legal.find((a) => a.id === s.confirm);
  if (pending) {
    bar.append(h("p", { class: "confirm", role: "alertdialog", "aria-label": "Confirm" },
      `“${pending.text}” cannot be taken back${/abandon|give up|resign|concede/i.test(pending.text) ? " and ends your game" : ""}. Sure?`, " ",
      h("button", { type: "button", class: "primary", "data-key": "confirm-yes", onclick: () => act(pending.id) }, `Yes, ${pending.text}`), " ",
      h("button", { type: "button", "data-key": "confirm-no", onclick: cancel }, "No, go back")));
  }
  bar.append(h("div", { class: "actions", role: "group", "aria-label": "Legal actions" },
    ...v.legal.map((a) => h("button", {
      type: "button", "data-key": `a${a.id}`, disabled: s.inFlight, class: risky(a.text) ? "risky" : "",
      onclick: () => act(a.id),
    }, a.text))));
  const tools = h("p", { class: "actions tools" });
  if (v.hint) tools.append(h("button", { type: "button", "data-key": "hint", disabled: s.inFlight, onclick: () => tool("hint") }, "Hint: what would the AI do?"));
  if (v.can_undo) tools.append(h("button", { type: "button", "data-key": "undo", disabled: s.inFlight, onclick: () => tool("undo") }, "Undo"));
  if (tools.childNodes.length) bar.append(tools);
  if (s.hint) {
    const why = typeof s.hint.why === "string" ? s.hint.why : Object.entries(s.hint.why || {}).map(([k, x]) => `${words(k)}: ${x}`).join("; ");
    const who = s.hint.agent === "optimal" ? "Optimal play:" : "The AI would play";
    bar.append(h("div", { class: "hint", role: "note" }, h("strong", {}, `${who} “${s.hint.text}”. `), why,
      s.hint.pending ? h("span", { class: "rule" }, ` ${s.hint.pending}`) : ""));
  }
  return bar;
}

/** Who won and why, in words ("Player 2 wins with 6 chips"). */
export function outcome(v) {
  const ret = v.returns || [];
  const totals = Object.fromEntries((v.scores || []).map((b) => [b.player, b]));
  const why = v.ending ? ` (${words(v.ending)})` : "";
  if (v.seats.length === 1) {
    const b = totals[0];
    return `${seatOf(v, 0)}: ${b ? `${b.total}${b.band ? ` — ${b.band}` : ""}` : ret[0] > 0 ? "a win" : "no win"}${why}`;
  }
  const best = Math.max(...ret);
  const winners = ret.map((r, i) => [r, i]).filter(([r]) => r === best).map(([, i]) => i);
  if (winners.length === ret.length) return `A tie: nobody is ahead${why}`;
  const names = winners.map((i) => seatOf(v, i)).join(" and ");
  const score = winners.length === 1 && totals[winners[0]] ? ` with ${totals[winners[0]].total}` : "";
  const others = ret.map((r, i) => i).filter((i) => !winners.includes(i) && totals[i]).map((i) => `${seatOf(v, i)} ${totals[i].total}`);
  return `${names} ${winners.length > 1 ? "win together" : "wins"}${score}${others.length ? ` (${others.join(", ")})` : ""}${why}`;
}

/** The end of a game: the outcome, the score table with the winner marked, rematch, replay. */
export function endPanel(v, { replay, rematch, inReplay }) {
  const ret = v.returns || [];
  const best = Math.max(...ret);
  const box = h("section", { class: "sheet scores end", "aria-labelledby": "score-h" },
    h("h3", { id: "score-h" }, "Game over"), h("p", { class: "outcome" }, h("strong", {}, outcome(v))));
  for (const b of v.scores || []) {
    const won = v.seats.length > 1 && ret[b.player] === best && ret.some((r) => r !== best);
    box.append(h("table", { class: won ? "winner" : "" },
      h("caption", {}, won ? icon("trophy", 18) : "", `${seatOf(v, b.player)}: ${b.total}${b.band ? ` — ${b.band}` : ""}${won ? " (winner)" : ""}`),
      h("tbody", {}, ...b.lines.map((ln) => h("tr", {}, h("td", {}, ln.label), h("td", {}, String(ln.points)), h("td", { class: "rule" }, ln.rule))))));
  }
  if (!inReplay) {
    const row = h("p", { class: "actions" });
    if (v.role !== "spectator") row.append(h("button", { type: "button", class: "primary", "data-key": "rematch", onclick: rematch }, "Rematch"));
    row.append(h("button", { type: "button", "data-key": "replay", onclick: replay }, "Replay step by step"));
    box.append(row);
  }
  return box;
}

function iconButton(name, label, key, onclick, disabled) {
  return h("button", { type: "button", class: "icon-button", "data-key": key, "aria-label": label, title: label, disabled, onclick }, icon(name), h("span", { class: "sr" }, label));
}

/** Replay controls: first, back a turn, back a step, play or pause, next step, next turn,
 *  last, a slider, and whether chance steps are skipped. */
export function replayBar(s, { go, toggle, next, close }) {
  const r = s.replay;
  const tl = r.timeline || [];
  const n = r.replay_length;
  const turnStart = (k) => { // the step where the turn containing step k began
    let j = Math.min(k, n - 1);
    while (j > 0 && tl[j] < 0) j--;
    const p = tl[j];
    while (j > 0 && (tl[j - 1] === p || tl[j - 1] < 0)) j--;
    return j;
  };
  const nextTurn = () => { let k = r.step; const p = tl[k]; while (k < n && (tl[k] === p || tl[k] < 0)) k++; return k; };
  const prevTurn = () => turnStart(Math.max(0, turnStart(r.step) - 1));
  const back = () => { let k = r.step - 1; while (s.skipChance && k > 0 && tl[k] < 0) k--; return Math.max(0, k); };
  const slider = h("input", { type: "range", min: 0, max: n, value: r.step, "aria-label": "Step of the replay", class: "slider",
    onchange: (e) => go(parseInt(e.target.value, 10)) });
  const acting = r.step < n && tl[r.step] >= 0 ? `${seatOf(r, tl[r.step])} to play` : r.step < n ? "a chance step next" : "the end";
  return h("div", { class: "replay", role: "group", "aria-label": "Replay" },
    h("div", { class: "actions" },
      iconButton("first", "Start", "r-first", () => go(0), r.step === 0),
      iconButton("prevTurn", "Previous turn", "r-prev-turn", () => go(prevTurn()), r.step === 0),
      iconButton("prev", "Back one step", "r-prev", () => go(back()), r.step === 0),
      iconButton(s.player ? "pause" : "play", s.player ? "Pause" : "Play", "r-play", toggle, false),
      iconButton("next", "Next step", "r-next", () => go(next(r.step)), r.step >= n),
      iconButton("nextTurn", "Next turn", "r-next-turn", () => go(nextTurn()), r.step >= n),
      iconButton("last", "End", "r-last", () => go(n), r.step >= n),
      h("button", { type: "button", "data-key": "r-close", onclick: close }, "Leave replay")),
    h("label", { class: "slider-row" }, h("span", { class: "badge" }, `step ${r.step} of ${n}`), " ", slider, " ", h("span", { class: "rule" }, acting)),
    h("label", {}, h("input", { type: "checkbox", checked: s.skipChance, onchange: (e) => { s.skipChance = e.target.checked; } }), " skip chance steps (rolls, draws)"));
}
