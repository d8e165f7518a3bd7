// Building DOM without strings of HTML: text is always text, never markup.

/**
 * An element with attributes, properties and children. Keys starting with `on` add listeners;
 * `class`, `text`, `dataset` and `style` are handled; `false`, `null` and `undefined` are skipped.
 * @param {string} tag
 * @param {Record<string, any>} [attributes]
 * @param {...(Node | string | number | null | undefined | false | Array)} children
 * @returns {HTMLElement}
 */
export function h(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (name === "dataset") Object.assign(node.dataset, value);
    else if (name === "style") Object.assign(node.style, value);
    else if (name.startsWith("on") && typeof value === "function") node.addEventListener(name.slice(2), value);
    else if (name in node && typeof value !== "string") node[name] = value;
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  append(node, children);
  return node;
}

/** An SVG element with attributes and children (drawings the page makes: charts, icons). */
export function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  for (const child of children) node.append(child);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(child instanceof Node ? child : String(child));
  }
}

/** Replaces a node's children. */
export function fill(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

/**
 * What someone types into a container's forms, kept across its redraws: a change made elsewhere redraws
 * a page while someone is typing on it, and their typing must outlive that. Returns `redraw(draw)`,
 * which runs `draw()` (which refills the container) and then puts each value typed since the last
 * draw, and the focus, back into the control of the same form and field, as soon as that control is
 * drawn (forms may arrive after their declaration loads). A page redraws without it after its own form
 * was sent, so that form shows what the server kept.
 */
export function typingKept(container) {
  const typed = new Set();
  const mark = (event) => typed.add(event.target);
  container.addEventListener("input", mark, true);
  container.addEventListener("change", mark, true);
  // Forms number their controls' ids as they are drawn (`ff12-stay-…`): the field is what follows.
  const keyOf = (control) => {
    const field = (control.id || control.name || "").replace(/^ff\d+-/, "");
    return field ? `${control.closest("form")?.dataset.form ?? ""}|${field}` : null;
  };
  let waiting = null;
  return {
    redraw(draw) {
      waiting?.disconnect();
      const kept = new Map();
      for (const control of typed) {
        const key = control.isConnected ? keyOf(control) : null;
        if (key) kept.set(key, control.type === "checkbox" || control.type === "radio" ? { checked: control.checked } : { value: control.value });
      }
      const active = document.activeElement;
      let focused = active && container.contains(active) ? keyOf(active) : null;
      typed.clear();
      const putBack = () => {
        for (const control of container.querySelectorAll("input, select, textarea")) {
          const key = keyOf(control);
          if (key && kept.has(key)) {
            Object.assign(control, kept.get(key));
            kept.delete(key);
            typed.add(control);
          }
          if (key && key === focused) {
            control.focus();
            focused = null;
          }
        }
        if (kept.size === 0 && !focused) waiting?.disconnect();
      };
      draw();
      if (kept.size === 0 && !focused) return;
      const observer = new MutationObserver(putBack);
      waiting = observer;
      observer.observe(container, { childList: true, subtree: true });
      // A form that never comes back (the stay changed so that it no longer shows) is not waited for.
      setTimeout(() => observer.disconnect(), 10_000);
      putBack();
    },
  };
}
