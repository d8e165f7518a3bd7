// The reservation board: one native scroll container drawn from the timeline engine's answers.
//
// The container's only child is a sizer as large as the engine's content. In it, in one grid cell:
// a sticky <canvas> the size of the body viewport (grid lines, weekend and group bands, today's
// line: no element per cell), a layer of booking bars, and sticky top, left and corner panes for
// the column headers, row headers and the corner. Bars and headers sit in content coordinates
// (`transform`), so native scrolling (momentum on iPad) moves them without JavaScript; on an
// animation frame after the scroll offset or size changed, the board asks the engine what
// intersects the viewport and binds recycled nodes to exactly that. Nodes no longer visible are
// detached and kept in a pool, so the DOM holds only what intersects the viewport.

import { COLUMN_FLAG, ROW_FLAG, ROW_KIND } from "./timeline.js";

/**
 * A recycled set of nodes keyed by an engine id: `begin()`, then `bind(key)` for each visible
 * thing, then `end()` detaches what was not bound this frame and keeps it for reuse.
 */
class NodePool {
  /**
   * @param {HTMLElement} parent where bound nodes live
   * @param {() => HTMLElement} create makes a fresh node
   */
  constructor(parent, create) {
    this.parent = parent;
    this.create = create;
    /** @type {Map<number, HTMLElement>} */
    this.bound = new Map();
    /** @type {HTMLElement[]} */
    this.free = [];
    this.frame = 0;
  }

  begin() {
    this.frame++;
  }

  /**
   * The node for a key, and whether it is newly bound (its content must be filled in).
   * @param {number} key
   * @returns {HTMLElement}
   */
  bind(key) {
    let node = this.bound.get(key);
    if (node) {
      node._frame = this.frame;
      node._fresh = false;
      return node;
    }
    node = this.free.pop() ?? this.create();
    node._key = key;
    node._frame = this.frame;
    node._fresh = true;
    node._content = undefined;
    this.bound.set(key, node);
    this.parent.appendChild(node);
    return node;
  }

  end() {
    for (const [key, node] of this.bound) {
      if (node._frame !== this.frame) {
        this.bound.delete(key);
        node.remove();
        this.free.push(node);
      }
    }
  }

  /** Forgets every node's content, so the next frame fills them in again (after edits). */
  invalidate() {
    for (const node of this.bound.values()) node._content = undefined;
  }
}

/** Writes a node's box only when it moved or changed size (style writes are not free). */
function place(node, x, y, width, height) {
  if (node._x !== x || node._y !== y) {
    node._x = x;
    node._y = y;
    node.style.transform = `translate(${x}px, ${y}px)`;
  }
  if (width !== undefined && node._w !== width) {
    node._w = width;
    node.style.width = `${width}px`;
  }
  if (height !== undefined && node._h !== height) {
    node._h = height;
    node.style.height = `${height}px`;
  }
}

function toggleClass(node, name, on) {
  if (node.classList.contains(name) !== on) node.classList.toggle(name, on);
}

/**
 * @typedef {object} BoardOptions
 * @property {string} [label] the grid's accessible name
 * @property {string} [cornerLabel] the corner's text
 * @property {(rowId: number, kind: number) => string} rowLabel a row header's text
 * @property {(header: HTMLElement, rowId: number, kind: number) => void} [rowDecorate] adds to a row
 *   header after its text is set (a status, an accessible name)
 * @property {(stay: { id: number, rowId: number, start: number, end: number, style: number,
 *   inConflict: boolean }) => { text: string, label: string, grouped?: boolean }} itemLabel a bar's text and accessible name, and whether it belongs with others (`grouped`, marked alike)
 * @property {(day: number) => { text: string, label: string }} columnLabel a column header's text
 *   (may contain a line break) and accessible name
 * @property {(a: number, b: number) => string} spanLabel a span's text (year and month on a day axis)
 * @property {(event: { kind: "item" | "cell" | "rowHeader" | "columnHeader", hit: object,
 *   itemId: number }) => void} [onSelect] called on a click or Enter on the board
 * @property {(frame: { ms: number, elements: number, items: number }) => void} [onFrame] after each render
 */

export class Board {
  /**
   * @param {HTMLElement} container the scroll container (sized by the page's CSS)
   * @param {import("./timeline.js").Timeline} timeline an engine with axis, metrics and data set
   * @param {BoardOptions} options
   */
  constructor(container, timeline, options) {
    this.container = container;
    this.timeline = timeline;
    this.options = options;
    this.selectedId = -1;
    this.frames = 0;
    this._scheduled = false;
    this._dirty = true;
    this._last = { sx: NaN, sy: NaN, vw: NaN, vh: NaN };
    this._panes = new Float64Array(16);
    // per-frame scratch for item records, grown as needed (the engine's output is copied here so
    // the bars can call the engine for new labels while binding)
    this._itemInts = new Int32Array(1024);
    this._itemFloats = new Float64Array(1024);
    this._itemCount = 0;
    this._collectItem = this._collectItem.bind(this);
    this._placeRowHeader = this._placeRowHeader.bind(this);
    this._placeColumnHeader = this._placeColumnHeader.bind(this);
    this._placeSpan = this._placeSpan.bind(this);
    this._paintColumn = this._paintColumn.bind(this);
    this._paintRow = this._paintRow.bind(this);
    this._collectColumn = this._collectColumn.bind(this);
    this._paintOffHours = this._paintOffHours.bind(this);
    this._columns = [];
    this._build();
    this.layoutChanged();
  }

  _build() {
    const c = this.container;
    c.classList.add("board");
    c.setAttribute("role", "grid");
    c.setAttribute("aria-label", this.options.label ?? "Board");
    c.tabIndex = 0;
    c.replaceChildren();

    const el = (tag, className, attributes = {}) => {
      const node = document.createElement(tag);
      node.className = className;
      for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
      return node;
    };
    this.sizer = el("div", "board-sizer", { role: "presentation" });
    this.canvas = el("canvas", "board-grid", { "aria-hidden": "true" });
    this.barLayer = el("div", "board-bars", { role: "rowgroup", "aria-label": "Bookings" });
    this.topPane = el("div", "board-top", { role: "row", "aria-rowindex": "1" });
    this.leftPane = el("div", "board-left", { role: "rowgroup", "aria-label": "Rows" });
    this.corner = el("div", "board-corner", { role: "columnheader", "aria-colindex": "1" });
    this.corner.textContent = this.options.cornerLabel ?? "";
    this.sizer.append(this.canvas, this.barLayer, this.leftPane, this.topPane, this.corner);
    c.append(this.sizer);
    this.context = this.canvas.getContext("2d", { alpha: false });

    this.bars = new NodePool(this.barLayer, () => {
      const bar = el("div", "board-bar", { role: "gridcell", tabindex: "-1" });
      bar.append(document.createTextNode(""));
      return bar;
    });
    this.memberHeaders = new NodePool(this.leftPane, () => {
      const header = el("div", "board-row-header", { role: "rowheader" });
      header.append(document.createTextNode(""));
      return header;
    });
    this.groupHeaders = new NodePool(this.leftPane, () => {
      const header = el("div", "board-row-header board-group-header", { role: "rowheader" });
      const toggle = el("button", "board-group-toggle", { type: "button", "aria-expanded": "true" });
      toggle.append(document.createTextNode(""));
      header.append(toggle);
      return header;
    });
    this.columnHeaders = new NodePool(this.topPane, () => {
      const header = el("div", "board-column-header", { role: "columnheader" });
      header.append(document.createTextNode(""));
      return header;
    });
    this.spanLabels = new NodePool(this.topPane, () => {
      const span = el("div", "board-span", { "aria-hidden": "true" });
      span.append(document.createTextNode(""));
      return span;
    });

    this._onScroll = () => this.schedule();
    c.addEventListener("scroll", this._onScroll, { passive: true });
    this._resizeObserver = new ResizeObserver(() => this.layoutChanged());
    this._resizeObserver.observe(c);
    c.addEventListener("click", (event) => this._click(event));
    c.addEventListener("keydown", (event) => this._key(event));
  }

  /** Asks for a render on the next animation frame (at most one is pending). */
  schedule() {
    if (this._scheduled) return;
    this._scheduled = true;
    requestAnimationFrame(() => {
      this._scheduled = false;
      this.render();
    });
  }

  /**
   * Call after the data, axis or metrics changed, or the container resized: refits the rows to the
   * viewport, resizes the sizer and redraws every visible node.
   */
  layoutChanged() {
    this.timeline.setFillHeight(this.container.clientHeight);
    const { width, height } = this.timeline.contentSize();
    if (this._contentWidth !== width || this._contentHeight !== height) {
      this._contentWidth = width;
      this._contentHeight = height;
      const s = this.sizer.style;
      s.width = `${width}px`;
      s.height = `${height}px`;
      s.gridTemplateColumns = `${width}px`;
      s.gridTemplateRows = `${height}px`;
      this.topPane.style.width = `${width}px`;
      this.leftPane.style.height = `${height}px`;
      // bars may run past the axis (a departure after its last day): clip them to the content
      this.barLayer.style.width = `${width}px`;
      this.barLayer.style.height = `${height}px`;
    }
    this.container.setAttribute("aria-rowcount", String(this.timeline.rowCount() + 1));
    this.bars.invalidate();
    this.memberHeaders.invalidate();
    this.groupHeaders.invalidate();
    this._dirty = true;
    this.schedule();
  }

  /**
   * Where the viewport is, as the engine's body pane: `[x, y, width, height]` in content space.
   * @returns {number[]}
   */
  bodyRect() {
    const c = this.container;
    const p = this.timeline.panes(c.scrollLeft, c.scrollTop, c.clientWidth, c.clientHeight, this._panes);
    return [p[12], p[13], p[14], p[15]];
  }

  /**
   * Renders the viewport if the scroll offset or size changed since the last render (or `force`).
   * @param {boolean} [force]
   * @returns {boolean} whether it rendered
   */
  render(force = false) {
    const c = this.container;
    const sx = c.scrollLeft;
    const sy = c.scrollTop;
    const vw = c.clientWidth;
    const vh = c.clientHeight;
    const last = this._last;
    if (!force && !this._dirty && sx === last.sx && sy === last.sy && vw === last.vw && vh === last.vh) return false;
    const started = performance.now();
    this._dirty = false;
    last.sx = sx;
    last.sy = sy;
    last.vw = vw;
    last.vh = vh;

    const p = this.timeline.panes(sx, sy, vw, vh, this._panes);
    const bodyX = p[12];
    const bodyY = p[13];
    const bodyW = p[14];
    const bodyH = p[15];
    this._sizePanes(p);
    this._renderBars(bodyX, bodyY, bodyW, bodyH);
    this._renderRowHeaders(bodyY, bodyH);
    this._renderColumnHeaders(bodyX, bodyW);
    this._paintGrid(bodyX, bodyY, bodyW, bodyH);

    this.frames++;
    this.lastFrameMs = performance.now() - started;
    this.renderedScroll = { x: sx, y: sy };
    this.options.onFrame?.({ ms: this.lastFrameMs, elements: this.elementCount(), items: this.bars.bound.size });
    return true;
  }

  /** Every element inside the board container: nothing is hidden, unused nodes are detached. */
  elementCount() {
    return this.container.querySelectorAll("*").length;
  }

  /** @returns {number[]} the ids of the bars in the DOM, ascending */
  renderedItemIds() {
    return [...this.bars.bound.keys()].sort((a, b) => a - b);
  }

  // MARK: panes

  _sizePanes(p) {
    // corner, top, left and body from the engine; the canvas never reaches past the content, or
    // sticky positioning (confined to the sizer) would shift it
    const cornerW = p[2];
    const cornerH = p[3];
    const topH = p[7];
    const leftW = p[10];
    const canvasW = Math.max(0, Math.min(p[14], this._contentWidth - leftW));
    const canvasH = Math.max(0, Math.min(p[15], this._contentHeight - topH));
    const key = `${cornerW},${cornerH},${topH},${leftW},${canvasW},${canvasH}`;
    if (key === this._paneKey) return;
    this._paneKey = key;
    Object.assign(this.corner.style, { width: `${cornerW}px`, height: `${cornerH}px` });
    this.topPane.style.height = `${topH}px`;
    this.leftPane.style.width = `${leftW}px`;
    const dpr = window.devicePixelRatio || 1;
    Object.assign(this.canvas.style, { width: `${canvasW}px`, height: `${canvasH}px`, top: `${topH}px`, left: `${leftW}px` });
    this.canvas.width = Math.round(canvasW * dpr);
    this.canvas.height = Math.round(canvasH * dpr);
    this._canvasW = canvasW;
    this._canvasH = canvasH;
    this._dpr = dpr;
  }

  // MARK: bars

  _collectItem(id, rowId, style, flags, x, y, width, height) {
    const n = this._itemCount++;
    if ((n + 1) * 4 > this._itemInts.length) {
      const ints = new Int32Array(this._itemInts.length * 2);
      ints.set(this._itemInts);
      this._itemInts = ints;
      const floats = new Float64Array(this._itemFloats.length * 2);
      floats.set(this._itemFloats);
      this._itemFloats = floats;
    }
    const i = n * 4;
    this._itemInts[i] = id;
    this._itemInts[i + 1] = rowId;
    this._itemInts[i + 2] = style;
    this._itemInts[i + 3] = flags;
    this._itemFloats[i] = x;
    this._itemFloats[i + 1] = y;
    this._itemFloats[i + 2] = width;
    this._itemFloats[i + 3] = height;
  }

  _renderBars(x, y, width, height) {
    this._itemCount = 0;
    this.timeline.forEachItem(x, y, width, height, this._collectItem);
    const ints = this._itemInts;
    const floats = this._itemFloats;
    const pool = this.bars;
    pool.begin();
    for (let n = 0; n < this._itemCount; n++) {
      const i = n * 4;
      const id = ints[i];
      const bar = pool.bind(id);
      const style = ints[i + 2];
      const flags = ints[i + 3];
      const contentKey = style * 2 + (flags & 1);
      if (bar._content !== contentKey) {
        bar._content = contentKey;
        this._fillBar(bar, id, flags);
      }
      toggleClass(bar, "is-selected", id === this.selectedId);
      const barX = floats[i];
      place(bar, barX, floats[i + 1], floats[i + 2], floats[i + 3]);
      // a bar running in from the left keeps its label in view
      const hidden = barX < x ? Math.round(x - barX) : 0;
      if (bar._hidden !== hidden) {
        bar._hidden = hidden;
        bar.style.paddingLeft = hidden ? `${hidden + 6}px` : "";
      }
    }
    pool.end();
  }

  _fillBar(bar, id, flags) {
    const stay = this.timeline.item(id);
    const { text, label, grouped = false } = this.options.itemLabel(stay);
    bar.dataset.id = String(id);
    bar.dataset.style = String(stay.style);
    bar.firstChild.data = text;
    bar.setAttribute("aria-label", label);
    // Bars that belong together (a booking of several rooms) are marked alike.
    toggleClass(bar, "is-grouped", grouped);
    toggleClass(bar, "is-conflict", (flags & 1) !== 0);
  }

  // MARK: row headers

  _renderRowHeaders(y, height) {
    this.memberHeaders.begin();
    this.groupHeaders.begin();
    this.timeline.forEachRow(y, height, this._placeRowHeader);
    this.memberHeaders.end();
    this.groupHeaders.end();
  }

  _placeRowHeader(rowId, rowIndex, kind, flags, y, height) {
    const group = kind === ROW_KIND.group;
    const header = (group ? this.groupHeaders : this.memberHeaders).bind(rowId);
    const collapsed = (flags & ROW_FLAG.collapsed) !== 0;
    const contentKey = rowIndex * 4 + (collapsed ? 1 : 0) + ((flags & ROW_FLAG.hasConflict) !== 0 ? 2 : 0);
    if (header._content !== contentKey) {
      header._content = contentKey;
      const text = this.options.rowLabel(rowId, kind);
      header.dataset.rowId = String(rowId);
      header.setAttribute("aria-rowindex", String(rowIndex + 2));
      if (group) {
        const toggle = header.firstChild;
        toggle.firstChild.data = text;
        toggle.setAttribute("aria-expanded", String(!collapsed));
      } else {
        header.firstChild.data = text;
      }
      toggleClass(header, "has-conflict", (flags & ROW_FLAG.hasConflict) !== 0);
      this.options.rowDecorate?.(header, rowId, kind);
    }
    place(header, 0, y, undefined, height);
  }

  // MARK: column headers and spans

  _renderColumnHeaders(x, width) {
    this.columnHeaders.begin();
    this.timeline.forEachColumn(x, width, this._placeColumnHeader);
    this.columnHeaders.end();
    this.spanLabels.begin();
    this._visibleLeft = x;
    this._visibleRight = x + width;
    this.timeline.forEachSpan(x, width, this._placeSpan);
    this.spanLabels.end();
  }

  _placeColumnHeader(value, flags, x, width) {
    const header = this.columnHeaders.bind(value);
    if (header._content !== flags) {
      header._content = flags;
      const { text, label } = this.options.columnLabel(value);
      header.firstChild.data = text;
      header.setAttribute("aria-label", label);
      toggleClass(header, "is-weekend", (flags & COLUMN_FLAG.weekend) !== 0);
      toggleClass(header, "is-today", (flags & COLUMN_FLAG.containsNow) !== 0);
      toggleClass(header, "is-month-start", (flags & COLUMN_FLAG.monthStart) !== 0);
    }
    place(header, x, 0, width);
  }

  _placeSpan(a, b, x, width) {
    // the label keeps to the visible part of its span, so a month's name stays in view
    const label = this.spanLabels.bind(a * 16 + b);
    if (label._fresh) label.firstChild.data = this.options.spanLabel(a, b);
    const left = Math.max(x, this._visibleLeft);
    const right = Math.min(x + width, this._visibleRight);
    place(label, left, 0, Math.max(0, right - left));
  }

  // MARK: the grid, painted

  _paintGrid(x, y, width, height) {
    const ctx = this.context;
    const dpr = this._dpr;
    const w = this._canvasW;
    const h = this._canvasH;
    if (w <= 0 || h <= 0) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, w, h);
    // content coordinates from here on
    ctx.setTransform(dpr, 0, 0, dpr, -x * dpr, -y * dpr);
    this._paintX = x;
    this._paintY = y;
    this._paintW = w;
    this._paintH = h;
    this._pass = 0;
    this.timeline.forEachRow(y, height, this._paintRow); // group bands
    this.timeline.forEachColumn(x, width, this._paintColumn); // weekend and today bands
    if (this.options.offHours) {
      // Each row's own hours off (a stylist's break, their day off), shaded across its row.
      this._columns.length = 0;
      this.timeline.forEachColumn(x, width, this._collectColumn);
      if (this._columns.length > 0) this.timeline.forEachRow(y, height, this._paintOffHours);
    }
    this._pass = 1;
    ctx.beginPath();
    this.timeline.forEachRow(y, height, this._paintRow); // row lines
    this.timeline.forEachColumn(x, width, this._paintColumn); // column lines
    ctx.strokeStyle = "#d9dde3";
    ctx.lineWidth = 1;
    ctx.stroke();
    const nowX = this.timeline.nowX();
    if (nowX >= x && nowX <= x + w) {
      ctx.fillStyle = "#d93025";
      ctx.fillRect(nowX - 1, y, 2, h);
    }
  }

  _paintRow(rowId, rowIndex, kind, flags, rowY, rowHeight) {
    const ctx = this.context;
    if (this._pass === 0) {
      if (kind === ROW_KIND.group) {
        ctx.fillStyle = "#eef1f5";
        ctx.fillRect(this._paintX, rowY, this._paintW, rowHeight);
      }
      return;
    }
    const lineY = Math.round(rowY + rowHeight) - 0.5;
    ctx.moveTo(this._paintX, lineY);
    ctx.lineTo(this._paintX + this._paintW, lineY);
  }

  _collectColumn(value, flags, columnX, columnWidth) {
    this._columns.push(value, columnX, columnWidth);
  }

  /** Shades the minutes `options.offHours.of(rowId)` gives ([start, end) pairs of axis values) on a row. */
  _paintOffHours(rowId, rowIndex, kind, flags, rowY, rowHeight) {
    if (kind === ROW_KIND.group) return;
    const ranges = this.options.offHours.of(rowId);
    if (!ranges?.length) return;
    const [value, columnX, columnWidth] = this._columns;
    const perValue = columnWidth / this.options.offHours.valuesPerColumn;
    const ctx = this.context;
    ctx.fillStyle = "rgba(60, 80, 120, 0.10)";
    for (const [start, end] of ranges) {
      const left = columnX + (start - value) * perValue;
      const right = columnX + (end - value) * perValue;
      ctx.fillRect(left, rowY, right - left, rowHeight);
    }
  }

  _paintColumn(value, flags, columnX, columnWidth) {
    const ctx = this.context;
    if (this._pass === 0) {
      if (flags & COLUMN_FLAG.containsNow) {
        ctx.fillStyle = "rgba(217, 48, 37, 0.06)";
        ctx.fillRect(columnX, this._paintY, columnWidth, this._paintH);
      } else if (flags & (COLUMN_FLAG.weekend | COLUMN_FLAG.outsideBusinessHours)) {
        ctx.fillStyle = "rgba(60, 80, 120, 0.07)";
        ctx.fillRect(columnX, this._paintY, columnWidth, this._paintH);
      }
      return;
    }
    const lineX = Math.round(columnX) - 0.5;
    ctx.moveTo(lineX, this._paintY);
    ctx.lineTo(lineX, this._paintY + this._paintH);
  }

  // MARK: input

  /** The content-space point under a client point. */
  contentPoint(clientX, clientY) {
    const c = this.container;
    const box = c.getBoundingClientRect();
    return { x: clientX - box.left - c.clientLeft + c.scrollLeft, y: clientY - box.top - c.clientTop + c.scrollTop };
  }

  _click(event) {
    const toggle = event.target.closest?.(".board-group-toggle");
    if (toggle) {
      const rowId = Number(toggle.parentElement.dataset.rowId);
      const expanded = toggle.getAttribute("aria-expanded") === "true";
      this.timeline.setCollapsed(rowId, expanded);
      this.layoutChanged();
      return;
    }
    const point = this.contentPoint(event.clientX, event.clientY);
    const hit = this.timeline.hitTest(point.x, point.y, {
      scrollX: this.container.scrollLeft, scrollY: this.container.scrollTop, step: 1,
    });
    // the bar the user pressed wins over the engine's point (they agree but for sub-pixel edges)
    const bar = event.target.closest?.(".board-bar");
    const itemId = bar ? Number(bar.dataset.id) : hit.itemId;
    this._select(itemId, hit);
  }

  _key(event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    const bar = event.target.closest?.(".board-bar");
    if (!bar) return;
    event.preventDefault();
    this._select(Number(bar.dataset.id), null);
  }

  _select(itemId, hit) {
    this.selectedId = itemId;
    for (const [id, bar] of this.bars.bound) toggleClass(bar, "is-selected", id === itemId);
    const kind = itemId >= 0 ? "item" : hit?.regionName === "body" ? "cell" : hit?.regionName ?? "outside";
    this.options.onSelect?.({ kind, hit, itemId });
  }

  /** Stops listening (the nodes stay). */
  destroy() {
    this._resizeObserver.disconnect();
    this.container.removeEventListener("scroll", this._onScroll);
  }
}
