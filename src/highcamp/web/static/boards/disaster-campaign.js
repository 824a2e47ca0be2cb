// The Disaster-series campaign: a campaign panel (mountain k of n, the team with its Summit
// markers, the dead, the results of the mountains climbed, the score so far) above the
// mountain being climbed, drawn by the series board from the campaign's observation
// ("mountain") and the static view of that mountain. Between two mountains the panel offers
// the choice [16.1] as buttons. Clicks send the id of a legal action (the server decides).
import { h } from "../dom.js";
import { needObservation } from "./kit.js";
import * as series from "./disaster-on-everest.js";

function member(m) {
  if (m.kind === "guide") return `${m.name.toUpperCase()} (move ${m.movement}; ${m.skills.map((k) => k.replace(/_/g, " ")).join(", ")})`;
  const marks = m.summits.length ? ` ${"★".repeat(m.summits.length)} ${m.summits.join(", ")}` : "";
  return `${m.name} (move ${m.movement}${m.traits ? `, ${m.traits}` : ""}, ${m.points} pts)${marks}`;
}

function panel(ctx, c) {
  const order = c.order.map((name, k) => (k + 1 === c.mountain ? h("strong", {}, name) : name));
  const path = order.flatMap((x, k) => (k ? [" → ", x] : [x]));
  const rows = [
    h("p", {}, `Campaign: mountain ${c.mountain} of ${c.mountains} (`, ...path, `) · campaign score so far ${c.score} (${c.band})`),
    h("h4", {}, "Team (★ one Summit marker per peak [16.2])"),
    h("ul", {}, ...c.team.map((m) => h("li", {}, member(m)))),
  ];
  if (c.dead.length) rows.push(h("p", {}, "Died: " + c.dead.map((d) => `${d.name} on ${d.mountain}`).join(", ")));
  if (c.left_behind.length) rows.push(h("p", {}, "Stayed behind: " + c.left_behind.join(", ")));
  if (c.results.length) {
    rows.push(h("table", { class: "scores" },
      h("thead", {}, h("tr", {}, ...["mountain", "score", "result", "summited", "died"].map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", {}, ...c.results.map((r) => h("tr", {}, ...[r.mountain, String(r.score), r.band, r.summits.join(", ") || "nobody", r.deaths.join(", ") || "nobody"].map((t) => h("td", {}, t)))))));
  }
  if (c.phase !== "climb" && c.phase !== "over") {
    rows.push(h("h4", {}, `Between two mountains [16.1]: ${c.phase}`));
    rows.push(h("p", {}, `${c.order[c.mountain - 1]} takes ${c.takes.guides} guide(s) and ${c.takes.clients} client(s).`));
    rows.push(h("div", { class: "actions", role: "group", "aria-label": "Campaign choices" },
      ...ctx.legal.map((a, k) => h("button", { type: "button", "data-key": `camp-${k}`, onclick: () => ctx.act(a.id) }, a.text))));
  }
  if (c.phase === "over") rows.push(h("p", {}, h("strong", {}, `The campaign is over: ${c.band}`)));
  return h("section", { class: "status-card", "aria-label": "Campaign" }, h("h3", {}, "Campaign"), ...rows);
}

export function render(el, ctx) {
  if (!needObservation(el, ctx, "This seat has no observation to draw: the log shows the game.")) return;
  const o = ctx.view.observation;
  const c = o.campaign;
  el.append(panel(ctx, c));
  const mountain = ctx.static.mountains[c.shown - 1];
  const inner = { ...ctx, view: { ...ctx.view, observation: o.mountain }, static: mountain };
  if (c.phase !== "climb") inner.legal = [];
  series.render(el, inner);
}
