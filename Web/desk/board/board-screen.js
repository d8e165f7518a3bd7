// The board screen: the hotel's rooms by day, or the salon's staff by hour, drawn by the timeline
// engine (../board.js over ../timeline.wasm). Tap a booking for its panel; drag to create, move and
// resize (board-edit.js); arrows move between bookings, Enter opens one, Alt+arrows move it and
// Alt+Shift+arrows change its length; Ctrl+Z / Ctrl+Shift+Z undo and redo. Everyone's changes
// arrive through the live stream.

import { loadTimeline } from "../../timeline.js";
import { Board } from "../../board.js";
import { h, fill } from "../../common/dom.js";
import { bound } from "../../common/limits.js";
import { dayNumber, isoDay } from "../../common/dates.js";
import { HotelBoardData, SalonBoardData, HOTEL_STYLE, HOTEL_STYLE_NAMES, APPOINTMENT_STATES, nextIdle } from "./board-data.js";
import { BoardEditor } from "./board-edit.js";
import { PanelSlot } from "./panel-slot.js";

let timelineModule = null;
/** The engine, by its version as the page's import map names it; asked for again after a failed load. */
function timeline() {
  timelineModule ??= loadTimeline(import.meta.resolve("../../timeline.wasm")).catch((error) => {
    timelineModule = null;
    throw error;
  });
  return timelineModule;
}
// The engine is compiled as soon as this module runs (the desk runs it while a member of staff signs in, or
// with the page), not when the board mounts.
timeline().catch(() => {});

const HOTEL_METRICS = { rowHeaderWidth: 150, columnHeaderHeight: 52, laneHeight: 34, groupHeaderHeight: 28, barInset: 3 };
const SALON_METRICS = { rowHeaderWidth: 150, columnHeaderHeight: 56, laneHeight: 44, groupHeaderHeight: 30, barInset: 3 };
const DAY_WIDTHS = [28, 40, 56, 80, 120];
/** Days read at a time, and how far the board may reach (the server sends at most three years). */
const CHUNK_DAYS = 120;
/** Runs put into the engine in one step while more days load: a fraction of a millisecond's work. */
const SYNC_SLICE = 256;

/** The minute of the day it is now in a time zone (the hotel's, not the browser's). */
function minuteOfDayIn(timeZone) {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(new Date());
  const part = (type) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part("hour") * 60 + part("minute");
}

export async function mount(main, desk, route) {
  const screen = new BoardScreen(main, desk, route);
  await screen.start();
  return screen;
}

class BoardScreen {
  constructor(main, desk, route) {
    this.main = main;
    this.desk = desk;
    this.route = route;
    this.t = desk.i18n.t;
    this.hotel = desk.hotel;
    this.data = this.hotel ? new HotelBoardData(desk.property) : new SalonBoardData(desk.property);
    this.dayWidth = DAY_WIDTHS[2];
    this.pending = [];
    this.loaded = false;
    this.extending = false;
  }

  async start() {
    const { t } = this;
    const i18n = this.desk.i18n;
    this.container = h("div", { id: "board", class: "board-surface" });
    this.status = h("p", { class: "board-message", role: "status", "aria-live": "polite" });
    this.panel = new PanelSlot(this);
    this.dateInput = h("input", { type: "date", id: "board-date", "aria-label": t("board.goTo") });
    this.undoButton = h("button", { type: "button", class: "desk-button", text: "↶", "aria-label": t("board.undo"), disabled: true, onclick: () => this.editor.undo() });
    this.redoButton = h("button", { type: "button", class: "desk-button", text: "↷", "aria-label": t("board.redo"), disabled: true, onclick: () => this.editor.redo() });
    const toolbar = h(
      "div",
      { class: "desk-toolbar" },
      h("h1", { text: t(this.hotel ? "board.hotel" : "board.salon") }),
      this.hotel ? null : h("button", { type: "button", class: "desk-button", "aria-label": t("board.previousDay"), text: "‹", onclick: () => this.showDay(this.data.day - 1) }),
      this.dateInput,
      this.hotel ? null : h("button", { type: "button", class: "desk-button", "aria-label": t("board.nextDay"), text: "›", onclick: () => this.showDay(this.data.day + 1) }),
      h("button", { type: "button", class: "desk-button", text: t("board.today"), onclick: () => this.goTo(this.data.today) }),
      this.hotel
        ? h(
            "span",
            { class: "desk-row", role: "group", "aria-label": t("board.zoom") },
            h("button", { type: "button", class: "desk-button", text: "−", "aria-label": t("board.zoomOut"), onclick: () => this.zoom(-1) }),
            h("button", { type: "button", class: "desk-button", text: "+", "aria-label": t("board.zoomIn"), onclick: () => this.zoom(1) }),
          )
        : null,
      this.undoButton,
      this.redoButton,
      h("span", { class: "desk-spacer" }),
      // The legend and the keys fold into one button, so that the rows get the height (an iPad shows
      // 15 rooms or more).
      h(
        "details",
        { class: "board-help" },
        h("summary", { class: "desk-button", text: t("board.legend") }),
        h("div", { class: "board-help-body" }, this.legend(), h("p", { id: "board-keys", class: "board-keys", text: t("board.keys") })),
      ),
    );
    fill(
      this.main,
      h(
        "div",
        { class: `board-screen is-${this.data.kind}` },
        toolbar,
        h("div", { class: "board-screen-body" }, this.status, this.container, this.panel.element),
      ),
    );
    this.dateInput.addEventListener("change", () => {
      if (this.dateInput.value) this.goTo(dayNumber(this.dateInput.value));
    });

    // Live changes that arrive while the board loads are applied once it has. A stay's that arrives while
    // more days are read goes on the board at once, and is applied again over the answer; any other
    // (one that reads the board again) waits for the days.
    this.unsubscribe = this.desk.live.subscribe({
      event: (event) => {
        if (!this.loaded || (this.extending && this.data.entityOf(event) === undefined)) return this.pending.push(event);
        this.whileExtending?.push(event);
        return this.applyEvent(event);
      },
      reload: () => this.reload(),
    });
    const asked = this.route.params.get("date");
    performance.mark("frontdesk:board-request");
    // The data is read while the engine compiles.
    const day = dayNumber(asked) ?? undefined;
    [this.timeline] = await Promise.all([timeline(), this.hotel ? this.readHotel(day) : this.data.load(day)]);
    if (this.hotel) this.configureHotel();
    else this.configureSalon();
    // A board read before the live stream started (the page starts its first read early) lacks the
    // changes between: it is read again.
    this.desk.live.started.then((since) => {
      if (!this.unmounted && this.data.seq < since) this.reload();
    });
    // The data has arrived and sits in the engine; "board-painted" follows the first frame drawn.
    performance.mark("frontdesk:board-data");
    this.board = new Board(this.container, this.timeline, {
      label: t(this.hotel ? "board.hotel" : "board.salon"),
      cornerLabel: t(this.hotel ? "board.rooms" : "board.staff"),
      rowLabel: (rowId) => this.data.rowName(rowId),
      rowDecorate: (header, rowId, kind) => this.decorateRow(header, rowId, kind),
      itemLabel: (engineItem) => this.itemLabel(engineItem),
      columnLabel: (value) => this.columnLabel(value),
      spanLabel: (a, b) => (this.hotel ? i18n.month(a, b) : i18n.dateLong(this.data.day)),
      // A salon's members' hours off, from the shifts the server sends with the board.
      offHours: this.hotel ? null : { valuesPerColumn: this.data.axis(0).minutesPerColumn, of: (rowId) => this.data.offHours(rowId) },
      onSelect: (selection) => this.select(selection),
    });
    this.container.setAttribute("aria-describedby", "board-keys");
    this.editor = new BoardEditor(this);
    this.container.addEventListener("keydown", (event) => this.key(event));
    this.container.addEventListener("scroll", () => this.maybeExtend(), { passive: true });
    this.loaded = true;
    for (const event of this.pending.splice(0)) this.applyEvent(event);
    this.scrollToStart();
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        performance.mark("frontdesk:board-painted");
        // The panel's code, ahead of the first tap.
        setTimeout(() => this.panel.preload());
      }),
    );
    window.deskBoard = this;
  }

  // MARK: loading

  /** Reads the hotel's board around a day, or over the server's days around its today. */
  async readHotel(around) {
    if (around === undefined) await this.data.load();
    else await this.data.load(around - 30, around + CHUNK_DAYS - 30);
    this.focusDay = around ?? this.data.today;
  }

  configureHotel() {
    this.timeline.setDayAxis(this.data.axis(this.dayWidth));
    this.timeline.setMetrics(HOTEL_METRICS);
    this.timeline.setNow(this.data.today, minuteOfDayIn(this.desk.property.timeZone));
    this.loadEngine();
    this.dateInput.value = isoDay(this.focusDay ?? this.data.today);
  }

  configureSalon() {
    const width = 120;
    this.timeline.setMinuteAxis(this.data.axis(width));
    this.timeline.setMetrics(SALON_METRICS);
    this.timeline.setBusinessHours(this.data.open, this.data.close);
    const nowMinute = Math.floor(Date.now() / 60_000) - this.data.fromMinute;
    this.timeline.setNow(nowMinute >= 0 && nowMinute < this.data.length ? nowMinute : -1, 0);
    this.loadEngine();
    this.dateInput.value = isoDay(this.data.day);
  }

  loadEngine() {
    this.timeline.loadRows(this.data.rows);
    const items = [];
    for (const item of this.data.items.values()) items.push(item);
    this.timeline.loadItems(items);
  }

  /** Everything read again (after a gap in the live stream): the scroll position stays. */
  async reload() {
    if (!this.loaded) return;
    const { scrollLeft, scrollTop } = this.container;
    if (this.hotel) {
      await this.data.load(this.data.from, this.data.to);
      this.configureHotel();
    } else {
      await this.data.load(this.data.day);
      this.configureSalon();
    }
    this.board.layoutChanged();
    this.container.scrollLeft = scrollLeft;
    this.container.scrollTop = scrollTop;
    this.panel.refresh();
  }

  /**
   * Makes the engine hold these runs as the data now has them, in one step: each is taken out if the
   * engine holds it and put in if the data still does. It reads what is, not what changed, so changes
   * that cross (a live change landing while more days are merged) cannot leave the two apart.
   * @param {Iterable<number>} ids
   */
  syncEngine(ids) {
    const removing = [];
    const adding = [];
    for (const id of new Set(ids)) {
      if (this.timeline.has(id)) removing.push(id);
      const item = this.data.items.get(id);
      if (item) adding.push(item);
    }
    this.timeline.replace(removing, adding);
  }

  /** `syncEngine` over many runs, in slices in the browser's idle time, each idle period's slices shown at its end. */
  async syncInIdle(ids) {
    let idle = await nextIdle();
    let syncing = performance.now();
    for (let at = 0; at < ids.length && !this.unmounted; at += SYNC_SLICE) {
      if (at > 0 && idle.timeRemaining() < 2) {
        this.board.layoutChanged();
        performance.measure("frontdesk:extend-load", { start: syncing });
        idle = await nextIdle();
        syncing = performance.now();
      }
      this.syncEngine(ids.slice(at, at + SYNC_SLICE));
    }
    this.board.layoutChanged();
    performance.measure("frontdesk:extend-load", { start: syncing });
  }

  /** Continuous scrolling: near either end, more days are read and the board grows. */
  async maybeExtend() {
    if (!this.hotel || this.extending || !this.loaded) return;
    const c = this.container;
    const margin = c.clientWidth * 1.5;
    // The most days the server sends at once; the board reaches no further from today either way.
    const most = bound("board.days").max;
    const nearLeft = c.scrollLeft < margin && this.data.from > this.data.today - most;
    const nearRight = c.scrollLeft + c.clientWidth > c.scrollWidth - margin && this.data.to < this.data.today + most;
    if (!nearLeft && !nearRight) return;
    this.extending = true;
    this.whileExtending = [];
    try {
      let from = this.data.from;
      let to = this.data.to;
      if (nearLeft) from -= CHUNK_DAYS;
      if (nearRight) to += CHUNK_DAYS;
      // Keep within what the server sends at once, dropping the far side.
      if (to - from > most) {
        if (nearLeft) to = from + most;
        else from = to - most;
      }
      const shift = (this.data.from - from) * this.dayWidth;
      const change = await this.data.extend(from, to);
      const growing = performance.now();
      if (change) this.timeline.setDayAxis(this.data.axis(this.dayWidth));
      else this.configureHotel();
      this.board.layoutChanged();
      if (shift) c.scrollLeft += shift;
      performance.measure("frontdesk:extend-axis", { start: growing });
      // The new days' runs go into the engine in idle time too, a slice at a time: the days read lie
      // beyond the viewport's edge, and loading every run at once took a frame of 20 to 40 ms.
      if (change) await this.syncInIdle([...change.added.map((item) => item.id), ...change.moved.map((item) => item.id), ...change.removed]);
    } catch (error) {
      this.say(error.message);
    } finally {
      this.extending = false;
      // The days read are as of the answer's event number: a change after it, already drawn but perhaps
      // replaced by the answer or left out of the days it did not hold then, is applied again.
      const events = this.whileExtending;
      this.whileExtending = null;
      for (const event of events) if (event.seq > this.data.answeredSeq) this.applyEvent(event);
      for (const event of this.pending.splice(0)) this.applyEvent(event);
    }
  }

  // MARK: navigation

  xOfDay(day) {
    return HOTEL_METRICS.rowHeaderWidth + (day - this.data.from) * this.dayWidth;
  }

  scrollToStart() {
    if (this.hotel) {
      this.scrollToDay(this.focusDay ?? this.data.today);
    } else {
      // Opening time in view (an hour before it, so the first bookings are not at the edge).
      this.container.scrollLeft = Math.max(0, ((this.data.open - 60) / 60) * 120);
    }
    this.board.render(true);
  }

  scrollToDay(day) {
    const x = this.xOfDay(day) - HOTEL_METRICS.rowHeaderWidth - this.dayWidth * 2;
    this.container.scrollLeft = Math.max(0, x);
  }

  async goTo(day) {
    if (this.hotel) {
      this.focusDay = day;
      if (day < this.data.from + 7 || day > this.data.to - 14) {
        await this.data.load(day - 30, day + CHUNK_DAYS - 30);
        this.configureHotel();
        this.board.layoutChanged();
      }
      this.dateInput.value = isoDay(day);
      this.scrollToDay(day);
    } else {
      await this.showDay(day);
    }
  }

  async showDay(day) {
    await this.data.load(day);
    this.configureSalon();
    this.board.layoutChanged();
    this.editor?.clearHistory();
    this.panel.close();
  }

  zoom(direction) {
    const index = DAY_WIDTHS.indexOf(this.dayWidth);
    const next = DAY_WIDTHS[Math.min(DAY_WIDTHS.length - 1, Math.max(0, index + direction))];
    if (next === this.dayWidth) return;
    const c = this.container;
    const centre = this.data.from + (c.scrollLeft + c.clientWidth / 2 - HOTEL_METRICS.rowHeaderWidth) / this.dayWidth;
    this.dayWidth = next;
    this.timeline.setDayAxis(this.data.axis(next));
    this.board.layoutChanged();
    c.scrollLeft = Math.max(0, HOTEL_METRICS.rowHeaderWidth + (centre - this.data.from) * next - c.clientWidth / 2);
  }

  // MARK: labels

  legend() {
    const names = this.hotel ? HOTEL_STYLE_NAMES : APPOINTMENT_STATES.slice(0, 3);
    return h(
      "span",
      { class: "board-legend", role: "list", "aria-label": this.t("board.legend") },
      names.map((name, style) => h("span", { role: "listitem", class: `is-style-${style}`, text: this.desk.stateWord(name) })),
      this.hotel
        ? ["clean", "dirty", "inspected"].map((status) =>
            h("span", { role: "listitem", class: "is-housekeeping", dataset: { housekeeping: status }, text: this.t(`housekeeping.${status}`) }),
          )
        : null,
    );
  }

  styleName(style) {
    return this.hotel ? HOTEL_STYLE_NAMES[style] : APPOINTMENT_STATES[style];
  }

  decorateRow(header, rowId, kind) {
    if (kind !== 0 || !this.hotel) {
      header.removeAttribute("data-housekeeping");
      return;
    }
    const room = this.data.rooms.get(rowId);
    if (!room) return;
    header.dataset.housekeeping = room.housekeeping;
    header.setAttribute(
      "aria-label",
      this.t("board.roomHeader", { number: room.number, housekeeping: this.t(`housekeeping.${room.housekeeping}`) }),
    );
    header.title = this.t(`housekeeping.${room.housekeeping}`);
  }

  itemLabel(engineItem) {
    const item = this.data.items.get(engineItem.id);
    const i18n = this.desk.i18n;
    const name = item?.name ?? "";
    const state = this.desk.stateWord(this.styleName(engineItem.style));
    const conflict = engineItem.inConflict ? `, ${this.t("board.inConflict")}` : "";
    if (this.hotel && engineItem.style === HOTEL_STYLE.outOfService) {
      const room = this.data.rowName(engineItem.rowId);
      return {
        text: `${state} · ${name}`,
        label: this.t("board.blockLabel", { room, from: i18n.date(engineItem.start), to: i18n.date(engineItem.end), reason: name }),
      };
    }
    if (this.hotel) {
      const nights = engineItem.end - engineItem.start;
      // A room booked with others names their group on its bar: the bars that belong together say so.
      const group = this.data.groupName(item?.stayId);
      return {
        text: group ? `${name} · ${i18n.nights(nights)} · ${this.t("board.groupMark", { group })}` : `${name} · ${i18n.nights(nights)}`,
        label:
          this.t("board.stayLabel", {
            guest: name, room: this.data.rowName(engineItem.rowId), from: i18n.date(engineItem.start),
            to: i18n.date(engineItem.end), nights: i18n.nights(nights), state,
          }) + (group ? `, ${this.t("board.groupMark", { group })}` : "") + conflict,
        grouped: group !== "",
      };
    }
    const service = this.data.services.get(item?.serviceId)?.name ?? "";
    const from = this.clock(engineItem.start);
    const to = this.clock(engineItem.end);
    return {
      text: `${from} ${name}${service ? ` · ${service}` : ""}`,
      label: this.t("board.appointmentLabel", { customer: name, staff: this.data.rowName(engineItem.rowId), from, to, state }) + conflict,
    };
  }

  /** A minute of the shown salon day as a clock time in the salon's zone. */
  clock(minute) {
    this._clock ??= new Intl.DateTimeFormat(this.desk.i18n.locale, {
      hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: this.data.timeZone,
    });
    return this._clock.format(new Date((this.data.fromMinute + minute) * 60_000));
  }

  columnLabel(value) {
    const i18n = this.desk.i18n;
    if (!this.hotel) {
      const text = this.clock(value);
      return { text, label: text };
    }
    return { text: `${i18n.weekday(value)}\n${i18n.dayOfMonth(value)}`, label: i18n.dateLong(value) };
  }

  // MARK: selection and keys

  select({ kind, hit, itemId }) {
    if (this.editor?.consumeClick()) return;
    if (kind === "item") {
      const item = this.data.items.get(itemId);
      if (item) this.panel.show(item);
    } else if (kind === "cell" && hit) {
      this.panel.close();
      const row = this.data.rowName(hit.rowId);
      this.say(this.t("board.emptyCell", { row, date: this.hotel ? this.desk.i18n.date(hit.cell) : this.clock(hit.cell) }));
    }
  }

  key(event) {
    const bar = event.target.closest?.(".board-bar");
    const mod = event.ctrlKey || event.metaKey;
    if (mod && event.key.toLowerCase() === "z") {
      event.preventDefault();
      if (event.shiftKey) this.editor.redo();
      else this.editor.undo();
      return;
    }
    if (mod && event.key.toLowerCase() === "y") {
      event.preventDefault();
      this.editor.redo();
      return;
    }
    if (event.key === "Escape") {
      this.editor.cancel();
      this.panel.close();
      return;
    }
    const arrow = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    if (!arrow) return;
    event.preventDefault();
    // From the bar in focus; or, with the board itself in focus, from the booking last chosen.
    const current = this.data.items.get(bar ? Number(bar.dataset.id) : this.board.selectedId) ?? null;
    if (!current) {
      this.focusItem(this.firstVisibleItem());
      return;
    }
    if (event.altKey) {
      this.editor.nudge(current, arrow[0], arrow[1], event.shiftKey);
      return;
    }
    this.focusItem(this.neighbour(current, arrow[0], arrow[1]));
  }

  /**
   * Where the keyboard starts: the booking in view nearest the view's top left corner (one already
   * under way counts as at the left edge), where reading starts and where the board stays in view
   * when the panel opens beside it; never one far along a row.
   */
  firstVisibleItem() {
    const [x, y, w, height] = this.board.bodyRect();
    let best = null;
    let bestDistance = Infinity;
    for (const id of this.timeline.queryItemIds(x, y, w, height)) {
      if (!this.data.items.has(id)) continue;
      const item = this.timeline.item(id);
      const distance = Math.max(0, item.x - x) + Math.max(0, item.y - y);
      if (distance < bestDistance) {
        best = item;
        bestDistance = distance;
      }
    }
    return best ? this.data.items.get(best.id) : null;
  }

  /** The booking next to `item`: in its row along time, or in the row above or below nearest in time. */
  neighbour(item, dx, dy) {
    const rows = this.data.rows.map((r) => r.id);
    const byRow = (rowId) => [...this.data.items.values()].filter((i) => i.rowId === rowId).sort((a, b) => a.start - b.start || a.id - b.id);
    if (dx) {
      const list = byRow(item.rowId);
      const index = list.findIndex((i) => i.id === item.id);
      return list[index + dx] ?? item;
    }
    let index = rows.indexOf(item.rowId);
    for (index += dy; index >= 0 && index < rows.length; index += dy) {
      const list = byRow(rows[index]);
      if (list.length === 0) continue;
      return list.reduce((best, i) => (Math.abs(i.start - item.start) < Math.abs(best.start - item.start) ? i : best));
    }
    return item;
  }

  /**
   * Gives a booking's bar the keyboard focus and shows it in the panel. Opening the panel narrows
   * the board, which may redraw it without that bar: once the board has settled, the bar is brought
   * back into view and focused again, so that the next arrow goes on from it.
   */
  focusItem(item) {
    if (!item) return;
    this.board.selectedId = item.id;
    this.revealAndFocus(item);
    this.panel.show(item, { quiet: true });
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if (this.board.selectedId === item.id && !this.panel.element.contains(document.activeElement)) this.revealAndFocus(item);
      }),
    );
  }

  /** Scrolls a booking's bar into view only as far as needed (a long stay half in view stays put). */
  revealAndFocus(item) {
    const placed = this.timeline.item(item.id);
    if (!placed) return;
    const c = this.container;
    const [bx, by, bw, bh] = this.board.bodyRect();
    if (placed.x + placed.width <= bx + 8 || placed.x >= bx + bw - 8) c.scrollLeft += placed.x - bx - 40;
    if (placed.y < by || placed.y + placed.height > by + bh) c.scrollTop += placed.y - by - 40;
    this.board.render(true);
    const bar = this.board.bars.bound.get(item.id);
    if (bar) {
      bar.tabIndex = 0;
      if (document.activeElement !== bar) bar.focus({ preventScroll: true });
    } else {
      this.container.focus({ preventScroll: true });
    }
  }

  // MARK: changes

  /**
   * Draws an entity (a stay or an appointment, as the API returns it) as it now is: its old runs
   * go, its new runs come. Ids of runs are kept where the count of runs stays the same.
   */
  applyEntity(entity, name) {
    const old = this.data.itemsOfEntity(entity.id);
    const runs = this.data.runsOf(entity);
    const ids = old.map((item) => item.id);
    for (const item of old) this.data.drop(item.id);
    runs.forEach((run, index) => {
      const id = this.hotel ? old[index]?.id ?? this.data.nextLocalId++ : entity.id;
      const item = { ...run, id, stayId: entity.id, name: name ?? old[0]?.name ?? "" };
      if (this.hotel && (run.end <= this.data.from || run.start >= this.data.to)) return;
      if (!this.timeline.rowCount() || !this.data.rows.some((r) => r.id === run.rowId)) return;
      this.data.put(item);
      ids.push(id);
    });
    this.syncEngine(ids);
    this.board.layoutChanged();
    this.panel.refresh(entity.id);
  }

  async applyEvent(event) {
    const id = this.data.entityOf(event);
    if (id === undefined) {
      if (event.kind === "room.housekeeping" && this.hotel) return this.housekeepingChanged(this.data.entityFromEvent(event));
      // Rooms out of service, rooms, stays imported in bulk, rooms booked together (their bars name the
      // group), a salon's hours, staff, shifts and menu and the like: read the board again.
      const reread = ["room", "block", "property", "stays.", "group.", "salon.", "staff_member.", "service."];
      if (reread.some((prefix) => event.kind.startsWith(prefix))) this.reload();
      return;
    }
    const entity = this.data.entityFromEvent(event);
    if (!entity) return;
    const known = this.data.itemsOfEntity(entity.id).length > 0;
    this.applyEntity(entity, known ? undefined : "");
    if (known || this.data.itemsOfEntity(entity.id).length === 0) return;
    // A booking new to this board is drawn at once; its guest's name follows when read.
    const name = await this.data.readName(entity).catch(() => "");
    const drawn = this.data.itemsOfEntity(entity.id);
    if (!name || drawn.length === 0) return;
    for (const item of drawn) item.name = name;
    this.board.layoutChanged();
  }

  /** A room's status changed at another desk (or a check-out): its header's dot follows. */
  housekeepingChanged(change) {
    const room = change && this.data.rooms.get(change.id);
    if (!room) return;
    room.housekeeping = change.housekeeping;
    for (const header of this.container.querySelectorAll(`.board-row-header[data-row-id="${room.rowId}"]`)) {
      this.decorateRow(header, room.rowId, 0);
    }
  }

  say(message) {
    this.status.textContent = message;
  }

  unmount() {
    this.unmounted = true;
    this.unsubscribe?.();
    this.board?.destroy();
    this.editor?.destroy();
    if (window.deskBoard === this) delete window.deskBoard;
  }
}
