// The board's layout engine in the browser (and in Node): a plain API over the C ABI of
// Web/timeline.wasm, described in Sources/TimelineWasm/README.md. JavaScript never computes
// layout; it asks the engine. Bulk data goes through the module's input and output buffers.

/** Status codes of the ABI, by number. */
export const STATUS = Object.freeze({
  0: "ok",
  1: "unknown row",
  2: "duplicate item id",
  3: "unknown item",
  4: "end not after start",
  5: "no day axis",
  6: "duplicate row id",
});

/** What `hitTest` found under a point, by region number. */
export const REGION = Object.freeze(["outside", "corner", "columnHeader", "rowHeader", "body"]);

/** Row kinds, as `loadRows` takes them and row queries give them back. */
export const ROW_KIND = Object.freeze({ member: 0, group: 1 });

/** Column flag bits of `tl_query_columns`. */
export const COLUMN_FLAG = Object.freeze({
  weekend: 1 << 0,
  monthStart: 1 << 1,
  monday: 1 << 2,
  containsNow: 1 << 3,
  hourStart: 1 << 4,
  outsideBusinessHours: 1 << 5,
  dayStart: 1 << 6,
});

/** Row flag bits of `tl_query_rows`. */
export const ROW_FLAG = Object.freeze({ collapsed: 1 << 0, forbidsOverlap: 1 << 1, hasConflict: 1 << 2 });

/** Words per record of each kind, as the ABI lays them out. */
export const WORDS = Object.freeze({ row: 3, item: 5, placedItem: 8, placedRow: 8, column: 4, span: 4, pane: 4 });

/** Writes items as 5-word records `id, rowId, start, end, style` from word `at` on. */
function writeItems(words, at, items) {
  for (let i = 0, w = at; i < items.length; i++, w += WORDS.item) {
    const item = items[i];
    words[w] = item.id;
    words[w + 1] = item.rowId;
    words[w + 2] = item.start;
    words[w + 3] = item.end;
    words[w + 4] = item.style ?? 0;
  }
}

/** An engine call that returned a non-zero status. */
export class TimelineError extends Error {
  /**
   * @param {string} call the export and its arguments, for the message
   * @param {number} status the ABI status code
   * @param {number | undefined} id the row or item id the engine named, if it named one
   */
  constructor(call, status, id) {
    const about = id === undefined ? "" : ` ${id}`;
    super(`${call} failed: ${STATUS[status] ?? "unknown status"}${about} (status ${status})`);
    this.name = "TimelineError";
    /** @type {number} */
    this.status = status;
    /** @type {number | undefined} the row or item id in question */
    this.id = id;
  }
}

/**
 * @typedef {{ id: number, kind?: number | "member" | "group", forbidsOverlap?: boolean }} RowRecord
 * @typedef {{ id: number, rowId: number, start: number, end: number, style?: number }} ItemRecord
 * @typedef {{ x: number, y: number, width: number, height: number }} Rect
 * @typedef {{ id: number, rowId: number, style: number, flags: number, inConflict: boolean, lane: number,
 *   x: number, y: number, width: number, height: number }} PlacedItem
 * @typedef {{ rowId: number, rowIndex: number, kind: number, flags: number, collapsed: boolean,
 *   forbidsOverlap: boolean, hasConflict: boolean, y: number, height: number, lanes: number,
 *   groupRowId: number }} PlacedRow
 * @typedef {{ value: number, flags: number, x: number, width: number }} PlacedColumn
 * @typedef {{ a: number, b: number, x: number, width: number }} PlacedSpan
 */

/**
 * Fetches (or takes) the module's bytes and instantiates it.
 *
 * @param {string | URL | ArrayBuffer | ArrayBufferView | Response} source a URL to fetch, the bytes
 *   themselves (Node: `fs.readFileSync(path)`), or a fetch Response
 * @returns {Promise<Timeline>}
 */
export async function loadTimeline(source) {
  let bytes = source;
  if (typeof source === "string" || source instanceof URL) {
    const response = await fetch(source);
    if (!response.ok) throw new Error(`timeline: fetching ${source} gave HTTP ${response.status}`);
    bytes = await response.arrayBuffer();
  } else if (typeof Response !== "undefined" && source instanceof Response) {
    bytes = await source.arrayBuffer();
  }
  if (ArrayBuffer.isView(bytes)) {
    bytes = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  }
  if (!(bytes instanceof ArrayBuffer)) throw new TypeError("timeline: give a URL, an ArrayBuffer or bytes");
  const { instance } = await WebAssembly.instantiate(bytes, {});
  return new Timeline(instance, bytes.byteLength);
}

/**
 * One engine instance, holding one board. Methods that return records copy them into plain objects;
 * the `forEach*` methods are the per-frame path: they call back with numbers and allocate nothing.
 */
export class Timeline {
  /**
   * @param {WebAssembly.Instance} instance an instance of timeline.wasm
   * @param {number} [byteLength] the module's size, for reports
   */
  constructor(instance, byteLength = 0) {
    /** The raw exports (`tl_*` functions and `memory`), for fixtures and benchmarks. */
    this.exports = instance.exports;
    /** The module's size in bytes, when known. */
    this.byteLength = byteLength;
    this._buffer = null;
    /** @type {Int32Array} */
    this._i32 = null;
    /** @type {Float32Array} */
    this._f32 = null;
    this._refresh();
  }

  /** The module's memory. */
  get memory() {
    return this.exports.memory;
  }

  /**
   * Int32 view of the whole memory, current after the last call (memory growth detaches views).
   * @returns {Int32Array}
   */
  get i32() {
    this._refresh();
    return this._i32;
  }

  /**
   * Float32 view of the whole memory over the same bytes as `i32`.
   * @returns {Float32Array}
   */
  get f32() {
    this._refresh();
    return this._f32;
  }

  _refresh() {
    const buffer = this.exports.memory.buffer;
    if (buffer !== this._buffer) {
      this._buffer = buffer;
      this._i32 = new Int32Array(buffer);
      this._f32 = new Float32Array(buffer);
    }
  }

  _check(status, name, args) {
    if (status === 0) return;
    // On a refusal the engine writes the id in question as output word 0.
    const id = this.exports.tl_output_length() > 0 ? this.i32[this.outputWordIndex()] : undefined;
    throw new TimelineError(`${name}(${args.join(", ")})`, status, id);
  }

  // MARK: buffers

  /**
   * Asks for an input buffer of at least `words` words and returns its first word's index into
   * `i32` / `f32` (views fetched after this call, since asking may grow memory).
   * @param {number} words
   * @returns {number}
   */
  inputWordIndex(words) {
    const pointer = this.exports.tl_input(words);
    if (pointer % 4 !== 0) throw new Error(`timeline: input buffer at ${pointer} is not word aligned`);
    this._refresh();
    return pointer >>> 2;
  }

  /**
   * Copies 32-bit words into the input buffer (for a `tl_load_*` call made through `exports`).
   * Prefer this to `timeline.i32.set(words, timeline.inputWordIndex(n))`: there `i32` is read
   * before the call that may grow memory, and the write lands in a detached view.
   * @param {Int32Array | ArrayLike<number>} words
   * @returns {number} the input buffer's first word index
   */
  writeInput(words) {
    const at = this.inputWordIndex(words.length);
    this._i32.set(words, at);
    return at;
  }

  /**
   * The first word of the output buffer, as an index into `i32` / `f32`, after the last call.
   * @returns {number}
   */
  outputWordIndex() {
    const pointer = this.exports.tl_output();
    this._refresh();
    return pointer >>> 2;
  }

  /**
   * A copy of the words the last call wrote to the output buffer.
   * @returns {Int32Array}
   */
  outputWords() {
    const length = this.exports.tl_output_length();
    const start = this.outputWordIndex();
    return this._i32.slice(start, start + length);
  }

  // MARK: set-up

  /**
   * Columns are days (days since 1970-01-01).
   * @param {{ firstDay: number, dayCount: number, columnWidth?: number, checkIn?: number, checkOut?: number }} axis
   *   checkIn / checkOut: where a stay enters its arrival column and leaves its departure column,
   *   as fractions of a column (0.5 and 0.5 by default)
   */
  setDayAxis({ firstDay, dayCount, columnWidth = 48, checkIn = 0.5, checkOut = 0.5 }) {
    this.exports.tl_set_day_axis(firstDay, dayCount, columnWidth, checkIn, checkOut);
  }

  /**
   * Columns are `minutesPerColumn` minutes; items are in minutes.
   * @param {{ startMinute?: number, endMinute?: number, minutesPerColumn?: number, columnWidth?: number }} axis
   */
  setMinuteAxis({ startMinute = 0, endMinute = 1440, minutesPerColumn = 60, columnWidth = 96 } = {}) {
    this.exports.tl_set_minute_axis(startMinute, endMinute, minutesPerColumn, columnWidth);
  }

  /**
   * The board's fixed sizes in CSS pixels (the engine's defaults when left out).
   * @param {{ rowHeaderWidth?: number, columnHeaderHeight?: number, laneHeight?: number,
   *   groupHeaderHeight?: number, barInset?: number }} metrics
   */
  setMetrics({ rowHeaderWidth = 160, columnHeaderHeight = 56, laneHeight = 36, groupHeaderHeight = 28, barInset = 4 } = {}) {
    this.exports.tl_set_metrics(rowHeaderWidth, columnHeaderHeight, laneHeight, groupHeaderHeight, barInset);
  }

  /**
   * Stretches member rows so the rows fill `height` (the viewport's, headers included); 0 turns it off.
   * @param {number} height
   */
  setFillHeight(height) {
    this.exports.tl_set_fill_height(height);
  }

  /**
   * Where now is: a day (day axis) or minute (minute axis), and the minute of that day.
   * @param {number} day
   * @param {number} [minuteOfDay]
   */
  setNow(day, minuteOfDay = 0) {
    this.exports.tl_set_now(day, minuteOfDay);
  }

  /**
   * Business hours as minutes of the day (minute axis): columns outside them are flagged.
   * @param {number} openMinute
   * @param {number} closeMinute
   */
  setBusinessHours(openMinute, closeMinute) {
    this.exports.tl_set_business_hours(openMinute, closeMinute);
  }

  /**
   * Replaces all rows (and drops all items).
   * @param {RowRecord[] | Int32Array} rows objects, or 3-word records `id, kind, flags`
   * @throws {TimelineError} on a duplicate row id (nothing changes)
   */
  loadRows(rows) {
    const count = ArrayBuffer.isView(rows) ? Math.floor(rows.length / WORDS.row) : rows.length;
    const at = this.inputWordIndex(count * WORDS.row);
    const words = this._i32;
    if (ArrayBuffer.isView(rows)) {
      words.set(rows.subarray(0, count * WORDS.row), at);
    } else {
      for (let i = 0, w = at; i < count; i++, w += WORDS.row) {
        const row = rows[i];
        words[w] = row.id;
        words[w + 1] = row.kind === "group" || row.kind === ROW_KIND.group ? 1 : 0;
        words[w + 2] = row.forbidsOverlap ? 1 : 0;
      }
    }
    this._check(this.exports.tl_load_rows(count), "tl_load_rows", [count]);
  }

  /**
   * Replaces all items, all or nothing.
   * @param {ItemRecord[] | Int32Array} items objects, or 5-word records `id, rowId, start, end, style`
   * @throws {TimelineError} on an unknown row, a duplicate id or an empty range (nothing changes)
   */
  loadItems(items) {
    const count = ArrayBuffer.isView(items) ? Math.floor(items.length / WORDS.item) : items.length;
    const at = this.inputWordIndex(count * WORDS.item);
    const words = this._i32;
    if (ArrayBuffer.isView(items)) {
      words.set(items.subarray(0, count * WORDS.item), at);
    } else {
      writeItems(words, at, items);
    }
    this._check(this.exports.tl_load_items(count), "tl_load_items", [count]);
  }

  /**
   * A synthetic hotel board on the day axis (set one first): rooms in room types of about 7, stays
   * spread over the axis' days.
   * @param {number} rooms
   * @param {number} stays
   * @param {number} [seed]
   * @returns {number} the number of stays made
   * @throws {TimelineError} when there is no day axis
   */
  generate(rooms, stays, seed = 42) {
    const result = this.exports.tl_generate(rooms, stays, seed);
    if (result < 0) throw new TimelineError(`tl_generate(${rooms}, ${stays}, ${seed})`, -result);
    return result;
  }

  // MARK: sizes

  /** @returns {number} the content width, headers included */
  contentWidth() {
    return this.exports.tl_content_width();
  }

  /** @returns {number} the content height, headers included */
  contentHeight() {
    return this.exports.tl_content_height();
  }

  /** @returns {{ width: number, height: number }} the scroll container's content size */
  contentSize() {
    return { width: this.exports.tl_content_width(), height: this.exports.tl_content_height() };
  }

  /** @returns {number} */
  itemCount() {
    return this.exports.tl_item_count();
  }

  /** @returns {number} rows, group headers included */
  rowCount() {
    return this.exports.tl_row_count();
  }

  // MARK: queries, per-frame form

  /**
   * Calls `visit` for each item whose bar intersects the rect, with its record's words. Allocates
   * nothing. Do not call the engine from `visit` (it would overwrite the output being read).
   * @param {number} x
   * @param {number} y
   * @param {number} width
   * @param {number} height
   * @param {(id: number, rowId: number, style: number, flags: number, x: number, y: number,
   *   width: number, height: number) => void} visit flags bit 0: in conflict; bits 8..15: lane
   * @returns {number} the number of items
   */
  forEachItem(x, y, width, height, visit) {
    const count = this.exports.tl_query_items(x, y, width, height);
    let w = this.outputWordIndex();
    const i32 = this._i32;
    const f32 = this._f32;
    for (let i = 0; i < count; i++, w += WORDS.placedItem) {
      visit(i32[w], i32[w + 1], i32[w + 2], i32[w + 3], f32[w + 4], f32[w + 5], f32[w + 6], f32[w + 7]);
    }
    return count;
  }

  /**
   * Calls `visit` for each row (group headers included) intersecting `[y, y + height)`.
   * @param {number} y
   * @param {number} height
   * @param {(rowId: number, rowIndex: number, kind: number, flags: number, y: number, height: number,
   *   lanes: number, groupRowId: number) => void} visit flags: see `ROW_FLAG`
   * @returns {number} the number of rows
   */
  forEachRow(y, height, visit) {
    const count = this.exports.tl_query_rows(y, height);
    let w = this.outputWordIndex();
    const i32 = this._i32;
    const f32 = this._f32;
    for (let i = 0; i < count; i++, w += WORDS.placedRow) {
      visit(i32[w], i32[w + 1], i32[w + 2], i32[w + 3], f32[w + 4], f32[w + 5], i32[w + 6], i32[w + 7]);
    }
    return count;
  }

  /**
   * Calls `visit` for each column intersecting `[x, x + width)`.
   * @param {number} x
   * @param {number} width
   * @param {(value: number, flags: number, x: number, width: number) => void} visit value: the
   *   column's first day or minute; flags: see `COLUMN_FLAG`
   * @returns {number} the number of columns
   */
  forEachColumn(x, width, visit) {
    const count = this.exports.tl_query_columns(x, width);
    return this._visitQuad(count, visit);
  }

  /**
   * Calls `visit` for each span (month on a day axis, day on a minute axis) intersecting
   * `[x, x + width)`, whole.
   * @param {number} x
   * @param {number} width
   * @param {(a: number, b: number, x: number, width: number) => void} visit day axis: year, month
   *   1...12; minute axis: day, 0
   * @returns {number} the number of spans
   */
  forEachSpan(x, width, visit) {
    const count = this.exports.tl_query_spans(x, width);
    return this._visitQuad(count, visit);
  }

  _visitQuad(count, visit) {
    let w = this.outputWordIndex();
    const i32 = this._i32;
    const f32 = this._f32;
    for (let i = 0; i < count; i++, w += 4) visit(i32[w], i32[w + 1], f32[w + 2], f32[w + 3]);
    return count;
  }

  /**
   * The raw form: runs the item query and returns the record count; records are then at
   * `outputWordIndex()` in `i32` / `f32`, 8 words each, until the next engine call.
   * @param {number} x
   * @param {number} y
   * @param {number} width
   * @param {number} height
   * @returns {number}
   */
  queryItemsRaw(x, y, width, height) {
    return this.exports.tl_query_items(x, y, width, height);
  }

  // MARK: queries, convenient form

  /**
   * Items whose bar intersects the rect (edges touching do not count), in rows not collapsed.
   * @returns {PlacedItem[]}
   */
  queryItems(x, y, width, height) {
    const found = [];
    this.forEachItem(x, y, width, height, (id, rowId, style, flags, ix, iy, iw, ih) => {
      found.push({
        id, rowId, style, flags, inConflict: (flags & 1) !== 0, lane: (flags >> 8) & 0xff,
        x: ix, y: iy, width: iw, height: ih,
      });
    });
    return found;
  }

  /**
   * Ids of the items whose bar intersects the rect.
   * @returns {Int32Array}
   */
  queryItemIds(x, y, width, height) {
    const count = this.exports.tl_query_items(x, y, width, height);
    const start = this.outputWordIndex();
    const ids = new Int32Array(count);
    for (let i = 0; i < count; i++) ids[i] = this._i32[start + i * WORDS.placedItem];
    return ids;
  }

  /**
   * Rows (group headers included) intersecting `[y, y + height)`.
   * @returns {PlacedRow[]}
   */
  queryRows(y, height) {
    const found = [];
    this.forEachRow(y, height, (rowId, rowIndex, kind, flags, ry, rh, lanes, groupRowId) => {
      found.push({
        rowId, rowIndex, kind, flags,
        collapsed: (flags & ROW_FLAG.collapsed) !== 0,
        forbidsOverlap: (flags & ROW_FLAG.forbidsOverlap) !== 0,
        hasConflict: (flags & ROW_FLAG.hasConflict) !== 0,
        y: ry, height: rh, lanes, groupRowId,
      });
    });
    return found;
  }

  /**
   * Columns intersecting `[x, x + width)`.
   * @returns {PlacedColumn[]}
   */
  queryColumns(x, width) {
    const found = [];
    this.forEachColumn(x, width, (value, flags, cx, cw) => found.push({ value, flags, x: cx, width: cw }));
    return found;
  }

  /**
   * Spans (months, or days on a minute axis) intersecting `[x, x + width)`.
   * @returns {PlacedSpan[]}
   */
  querySpans(x, width) {
    const found = [];
    this.forEachSpan(x, width, (a, b, sx, sw) => found.push({ a, b, x: sx, width: sw }));
    return found;
  }

  /**
   * The frozen panes and the body for a scroll offset and viewport size, in content space.
   * @param {number} scrollX
   * @param {number} scrollY
   * @param {number} viewportWidth
   * @param {number} viewportHeight
   * @param {Float64Array | number[]} [into] 16 numbers to fill (`x, y, w, h` of corner, top, left,
   *   body) instead of allocating objects: the per-frame form
   * @returns {{ corner: Rect, top: Rect, left: Rect, body: Rect } | Float64Array | number[]}
   */
  panes(scrollX, scrollY, viewportWidth, viewportHeight, into) {
    this.exports.tl_panes(scrollX, scrollY, viewportWidth, viewportHeight);
    const w = this.outputWordIndex();
    const f32 = this._f32;
    if (into) {
      for (let i = 0; i < 16; i++) into[i] = f32[w + i];
      return into;
    }
    const rect = (o) => ({ x: f32[w + o], y: f32[w + o + 1], width: f32[w + o + 2], height: f32[w + o + 3] });
    return { corner: rect(0), top: rect(4), left: rect(8), body: rect(12) };
  }

  /** @returns {number} the x of now in content space, or -1 when now is off the axis */
  nowX() {
    return this.exports.tl_now_x();
  }

  /**
   * What is under a point in content space.
   * @param {number} x
   * @param {number} y
   * @param {{ scrollX?: number, scrollY?: number, step?: number }} [options] the scroll offset
   *   (the frozen panes float with it) and the snapping step (days or minutes)
   * @returns {{ region: number, regionName: string, rowId: number, rowIndex: number, lane: number,
   *   itemId: number, cell: number, boundary: number, column: number }} -1 for what is not there
   */
  hitTest(x, y, { scrollX = 0, scrollY = 0, step = 1 } = {}) {
    this.exports.tl_hit_test(x, y, scrollX, scrollY, step);
    const w = this.outputWordIndex();
    const i32 = this._i32;
    return {
      region: i32[w], regionName: REGION[i32[w]] ?? "unknown", rowId: i32[w + 1], rowIndex: i32[w + 2],
      lane: i32[w + 3], itemId: i32[w + 4], cell: i32[w + 5], boundary: i32[w + 6], column: i32[w + 7],
    };
  }

  /**
   * Where item `id` would be drawn if moved or resized, committing nothing.
   * @param {number} id
   * @param {number} rowId
   * @param {number} start
   * @param {number} end
   * @returns {{ lane: number, x: number, y: number, width: number, height: number, conflicts: number[] }}
   *   conflicts: ids of items in the way (in rows that forbid overlap)
   * @throws {TimelineError} on an unknown item or row, or an empty range
   */
  preview(id, rowId, start, end) {
    this._check(this.exports.tl_preview(id, rowId, start, end), "tl_preview", [id, rowId, start, end]);
    const w = this.outputWordIndex();
    const i32 = this._i32;
    const f32 = this._f32;
    const conflictCount = i32[w + 1];
    return {
      lane: i32[w], x: f32[w + 2], y: f32[w + 3], width: f32[w + 4], height: f32[w + 5],
      conflicts: Array.from(i32.subarray(w + 6, w + 6 + conflictCount)),
    };
  }

  /**
   * One item as stored and drawn.
   * @param {number} id
   * @returns {{ id: number, rowId: number, start: number, end: number, style: number, lane: number,
   *   flags: number, inConflict: boolean, x: number, y: number, width: number, height: number }}
   * @throws {TimelineError} on an unknown item
   */
  item(id) {
    this._check(this.exports.tl_item(id), "tl_item", [id]);
    const w = this.outputWordIndex();
    const i32 = this._i32;
    const f32 = this._f32;
    return {
      id, rowId: i32[w], start: i32[w + 1], end: i32[w + 2], style: i32[w + 3], lane: i32[w + 4],
      flags: i32[w + 5], inConflict: (i32[w + 5] & 1) !== 0,
      x: f32[w + 6], y: f32[w + 7], width: f32[w + 8], height: f32[w + 9],
    };
  }

  /**
   * Ids of all items in conflict.
   * @returns {Int32Array}
   */
  conflicts() {
    const count = this.exports.tl_conflicts();
    const start = this.outputWordIndex();
    return this._i32.slice(start, start + count);
  }

  // MARK: edits

  /**
   * Adds one item.
   * @param {ItemRecord} item
   * @throws {TimelineError}
   */
  insert({ id, rowId, start, end, style = 0 }) {
    this._check(this.exports.tl_insert(id, rowId, start, end, style), "tl_insert", [id, rowId, start, end, style]);
  }

  /**
   * Removes one item.
   * @param {number} id
   * @throws {TimelineError}
   */
  remove(id) {
    this._check(this.exports.tl_remove(id), "tl_remove", [id]);
  }

  /**
   * Removes items and adds others in one step: each row touched is packed once and the rows below move
   * once (a chunk of days, or a frame's live changes). An id may be removed and added again. All or nothing.
   * @param {number[]} ids to remove, each on the board
   * @param {ItemRecord[]} items to add, none on the board once `ids` are gone
   * @throws {TimelineError} on an id not on the board, an unknown row, an empty range or a duplicate id
   */
  replace(ids, items) {
    const at = this.inputWordIndex(ids.length + items.length * WORDS.item);
    const words = this._i32;
    words.set(ids, at);
    writeItems(words, at + ids.length, items);
    this._check(this.exports.tl_replace(ids.length, items.length), "tl_replace", [ids.length, items.length]);
  }

  /**
   * Whether the board holds an item.
   * @param {number} id
   * @returns {boolean}
   */
  has(id) {
    return this.exports.tl_has(id) === 1;
  }

  /**
   * Moves and/or resizes one item.
   * @param {number} id
   * @param {number} rowId
   * @param {number} start
   * @param {number} end
   * @throws {TimelineError}
   */
  move(id, rowId, start, end) {
    this._check(this.exports.tl_move(id, rowId, start, end), "tl_move", [id, rowId, start, end]);
  }

  /**
   * Changes an item's style.
   * @param {number} id
   * @param {number} style
   * @throws {TimelineError}
   */
  setStyle(id, style) {
    this._check(this.exports.tl_set_style(id, style), "tl_set_style", [id, style]);
  }

  /**
   * Collapses or expands the group a group header row starts.
   * @param {number} rowId
   * @param {boolean} collapsed
   * @throws {TimelineError}
   */
  setCollapsed(rowId, collapsed) {
    this._check(this.exports.tl_set_collapsed(rowId, collapsed ? 1 : 0), "tl_set_collapsed", [rowId, collapsed]);
  }
}
