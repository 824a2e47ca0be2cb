// Small SVG icons (drawn here: no font glyphs that may be missing), each with a text label.
import { s } from "./dom.js";

const PATHS = {
  first: "M5 4h2v16H5zM19 4v16L8 12z",
  last: "M17 4h2v16h-2zM5 4v16l11-8z",
  prev: "M17 4v16L6 12z",
  next: "M7 4v16l11-8z",
  prevTurn: "M12 4v16L3 12zM21 4v16l-9-8z",
  nextTurn: "M3 4v16l9-8zM12 4v16l9-8z",
  play: "M7 4v16l13-8z",
  pause: "M6 4h4v16H6zM14 4h4v16h-4z",
  trophy: "M6 3h12v3h3v2a5 5 0 0 1-5 5 5 5 0 0 1-3 2v3h3v3H8v-3h3v-3a5 5 0 0 1-3-2 5 5 0 0 1-5-5V6h3zM3 8a3 3 0 0 0 3 3V8zm18 0h-3v3a3 3 0 0 0 3-3z",
  thinking: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-5 9h2v2H7zm4 0h2v2h-2zm4 0h2v2h-2z",
};

/** An icon as an inline SVG (aria-hidden: the button or text beside it names it). */
export function icon(name, size = 20) {
  return s("svg", { class: `icon icon-${name}`, viewBox: "0 0 24 24", width: size, height: size, "aria-hidden": "true", focusable: "false" },
    s("path", { d: PATHS[name], fill: "currentColor" }));
}
