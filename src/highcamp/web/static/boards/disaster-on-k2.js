// Disaster on K2: the Disaster-series mountain (disaster-on-everest.js draws K2's Serac
// collapses, ropes and tracks from static.k2), and a K2 panel: where the Avalanche Track
// collapses the Bottleneck, the Flashlight, the Sherpa's Secret Goal, the bivouac table, and
// the K2 decisions (descents, bivouacs, Luck before a roll, the Noble Sacrifice, passing the
// Flashlight) as buttons; with two players the opponent's Flashlight and its Secret Goal,
// face down until shown. Drawn from the seat's observation and static_view() only.
import { h } from "../dom.js";
import * as series from "./disaster-on-everest.js";

export function render(el, ctx) {
  series.render(el, ctx);
  const o = ctx.view.observation;
  if (!o || !o.k2) return;
  const k2 = o.k2;
  const sk = ctx.static.k2;
  const facts = [
    `Serac collapses at Avalanche Track ${sk.collapses.map((c) => `${c.at} (${c.space})`).join(", ")}`,
    `collapsed: ${k2.collapsed.join(", ") || "none yet"}`,
    `ropes: ${k2.ropes.map((r) => `${r.space}${r.frayed ? " (frayed)" : ""}`).join(", ") || "none"}`,
    `Flashlight: ${k2.flashlight || "not in play"}`,
    `bivouac needs ${sk.bivouac.map((n, i) => `${n}+ on Darkness turn ${i + 1}`).join(", ")}`,
  ];
  if (k2.secret_goal === "hidden") {
    facts.unshift("Sherpa's Secret Goal: face down");
  } else if (k2.secret_goal) {
    facts.unshift(`Sherpa's Secret Goal: ${k2.secret_goal.name} (${k2.secret_goal.points} points, ${k2.secret_goal.achieved ? "achieved" : "not yet"})`);
  }
  // two players [15.0]: the opponent's Flashlight and Secret Goal (face down until shown)
  const theirs = o.opponent && o.opponent.k2;
  if (theirs) {
    if (theirs.flashlight) facts.push(`the opponent's Flashlight: ${theirs.flashlight}`);
    if (theirs.secret_goal === "hidden") facts.push("the opponent's Sherpa: Secret Goal face down");
    else if (theirs.secret_goal) facts.push(`the opponent's Secret Goal: ${theirs.secret_goal.name} (${theirs.secret_goal.achieved ? "achieved" : "not met"})`);
  }
  const k2Acts = ctx.legal.filter((a) => / descends | descend together |tries to bivouac|Luck|Noble|gives their life|Flashlight|Secret Goal|recruit /.test(a.text));
  el.append(h("section", { class: "status-card", "aria-label": "K2: avalanche, darkness and goals" },
    h("h3", {}, "K2"),
    h("ul", {}, ...facts.map((f) => h("li", {}, f))),
    k2Acts.length ? h("div", {}, ...k2Acts.map((a) => h("button", { type: "button", class: "mini", "data-key": `k2-${a.id}`, onclick: () => ctx.act(a.id) }, a.text))) : ""));
}
