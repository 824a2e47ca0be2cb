// Short animations between two renders of a table: a piece that changed place slides from
// where it was, a die that shows a new face tumbles. Boards mark pieces with data-piece (a
// key that stays the same while the piece moves) and dice with data-die; a dice tray
// (.dice) is read as it is. Nothing moves for those who ask for less motion.

const SLIDE = 320; // ms
const TUMBLE = 420;

function reduced() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

function dice(root) {
  const out = new Map();
  root.querySelectorAll("[data-die]").forEach((el) => out.set(`d:${el.dataset.die}`, el));
  root.querySelectorAll(".dice svg > g").forEach((el, i) => out.set(`t:${i}`, el));
  return out;
}

/** Where the pieces and dice are now (before the board is drawn again). */
export function snapshot(root) {
  const pieces = new Map();
  root.querySelectorAll("[data-piece]").forEach((el) => pieces.set(el.dataset.piece, el.getBoundingClientRect()));
  const faces = new Map();
  for (const [key, el] of dice(root)) faces.set(key, el.textContent);
  return { pieces, faces };
}

/** Animate what changed since `before` (a snapshot of the same table). */
export function animate(root, before) {
  if (!before || reduced()) return;
  root.querySelectorAll("[data-piece]").forEach((el) => {
    const was = before.pieces.get(el.dataset.piece);
    if (!was) return;
    const now = el.getBoundingClientRect();
    const ctm = el.ownerSVGElement?.getScreenCTM?.();
    const scale = ctm && ctm.a ? ctm.a : 1; // screen pixels per SVG unit
    const dx = (was.left - now.left) / scale;
    const dy = (was.top - now.top) / scale;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
    el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
      { duration: SLIDE, easing: "ease-out" });
  });
  for (const [key, el] of dice(root)) {
    const was = before.faces.get(key);
    if (was === undefined || was === el.textContent) continue;
    el.style.transformBox = "fill-box";
    el.style.transformOrigin = "center";
    el.animate([
      { transform: "rotate(-35deg) scale(0.7)", opacity: 0.4 },
      { transform: "rotate(12deg) scale(1.08)", opacity: 1, offset: 0.6 },
      { transform: "rotate(0) scale(1)" },
    ], { duration: TUMBLE, easing: "ease-out" });
  }
}
