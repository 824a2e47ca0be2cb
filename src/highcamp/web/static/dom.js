// Tiny DOM helpers shared by the app and the boards.
const SVG = "http://www.w3.org/2000/svg";
const SVG_TAGS = new Set(["svg", "g", "rect", "circle", "line", "polyline", "polygon", "path", "text", "title", "tspan", "defs", "pattern"]);

function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "checked" || k === "selected" || k === "readonly" || k === "value") {
      if (k === "value") el.value = v; else el[k === "readonly" ? "readOnly" : k] = !!v;
      if (k !== "value") el.setAttribute(k, "");
    } else el.setAttribute(k, v === true ? "" : String(v));
  }
}

/** An HTML element (or an SVG one for SVG tag names): h(tag, attrs, ...children). */
export function h(tag, attrs, ...children) {
  const el = SVG_TAGS.has(tag) ? document.createElementNS(SVG, tag) : document.createElement(tag);
  setAttrs(el, attrs);
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === "") continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** An SVG element, whatever its tag. */
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  setAttrs(el, attrs);
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === "") continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function clear(el) { while (el.firstChild) el.removeChild(el.firstChild); }

/** Make an SVG group a keyboard-reachable button that calls fn. */
export function clickable(el, label, fn, key) {
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  el.setAttribute("aria-label", label);
  el.setAttribute("class", `${el.getAttribute("class") || ""} hc-click`.trim());
  if (key) el.dataset.key = key;
  if (el instanceof SVGElement) el.setAttribute("pointer-events", "bounding-box"); // label clicks too
  el.addEventListener("click", fn);
  el.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); fn(); }
  });
  return el;
}
