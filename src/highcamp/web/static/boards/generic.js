// The generic board: the seat's observation shown readably, legal actions as buttons.
import { h } from "../dom.js";

function label(key) {
  const text = String(key).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function show(value, depth = 0) {
  if (value === null || value === undefined) return h("span", { class: "rule" }, "—");
  if (Array.isArray(value)) {
    if (!value.length) return h("span", { class: "rule" }, "none");
    if (value.every((x) => x === null || typeof x !== "object")) return value.map((x) => (x === null ? "—" : String(x))).join(", ");
    const keys = Object.keys(value[0] || {});
    const flat = (x) => x && typeof x === "object" && !Array.isArray(x) && Object.values(x).every((y) => y === null || typeof y !== "object");
    if (keys.length && value.every((x) => flat(x) && Object.keys(x).join() === keys.join())) {
      // rows of the same fields: a table
      return h("table", { class: "scores" },
        h("thead", {}, h("tr", {}, ...keys.map((k) => h("th", { scope: "col" }, label(k))))),
        h("tbody", {}, ...value.map((x) => h("tr", {}, ...keys.map((k) => h("td", {}, show(x[k], depth + 1)))))));
    }
    return h("ol", {}, ...value.map((x) => h("li", {}, show(x, depth + 1))));
  }
  if (typeof value === "object") {
    const keys = Object.keys(value);
    if (!keys.length) return h("span", { class: "rule" }, "nothing");
    return h("dl", {}, ...keys.flatMap((k) => [h("dt", {}, label(k)), h("dd", {}, show(value[k], depth + 1))]));
  }
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number" && !Number.isInteger(value)) return value.toFixed(3);
  return String(value);
}

export function render(el, ctx) {
  const { view } = ctx;
  const who = view.viewing === null ? "What everyone sees" : `What ${view.seats[view.viewing]?.name ?? "this seat"} sees`;
  el.append(h("h3", {}, who), h("div", { class: "obs" }, show(view.observation ?? { note: "this game shows spectators only its log" })));
  if (ctx.legal.length) {
    el.append(h("h3", {}, "Choose"), h("div", { class: "actions", role: "group", "aria-label": "Actions on the board" },
      ...ctx.legal.map((a) => h("button", { type: "button", "data-key": `b${a.id}`, onclick: () => ctx.act(a.id) }, a.text))));
  }
}
