// What the board screen needs to know of a hotel or a salon: how to read the server's board into
// the engine's rows and items, what to call them, and how an edit on the board becomes an API call.
//
// Hotel: rows are room types (group headers, id -roomTypeId) and rooms (id roomId); items are the
// runs of each stay (id = the run's segment id), in days since 1970; a stay without a room sits on
// its room type's header row. Salon: rows are teams (id -n) and staff (id staffId); items are
// appointments in minutes of the shown day in the salon's zone.

import { call, get, getEarly, newIdempotencyKey } from "../api.js";
import { dayNumber, isoDay } from "../../common/dates.js";
import { appointmentCustomer } from "../salon/customers/booking-customer.js";

/** Item ids from here up are the board's own, for runs that arrived by the live stream. */
const LOCAL_IDS = 1 << 29;

/** Bar styles (the board's `data-style`): the server's BarStyle for hotels. */
export const HOTEL_STYLE = Object.freeze({ booked: 0, checkedIn: 1, checkedOut: 2, unassigned: 3, blocked: 4, outOfService: 5, checkedInOnline: 6 });
export const HOTEL_STYLE_NAMES = ["booked", "checked_in", "checked_out", "unassigned", "blocked", "out_of_service", "checked_in_online"];
/** Appointment states in the server's order (the salon board's `style`). */
export const APPOINTMENT_STATES = ["booked", "checked_in", "completed", "cancelled", "no_show"];

/** A stay's bar style from its JSON. */
export function hotelStyle(stay, roomId) {
  if (stay.source === "ical") return HOTEL_STYLE.blocked;
  if (roomId === null || roomId === undefined) return HOTEL_STYLE.unassigned;
  if (stay.state === "checked_in") return HOTEL_STYLE.checkedIn;
  if (stay.state === "checked_out") return HOTEL_STYLE.checkedOut;
  // The server says whether the guest checked in online (`checkedInOnline`); a booked stay shows it.
  return stay.checkedInOnline ? HOTEL_STYLE.checkedInOnline : HOTEL_STYLE.booked;
}

/** Whether a stay is drawn on the board at all (cancelled and no-show stays are not). */
export function stayIsShown(stay) {
  return stay.state !== "cancelled" && stay.state !== "no_show";
}

/**
 * The bars of a board answer: the runs of stays (`items` as words of six, `guests` by run), then the
 * rooms out of service (`blocks`), each with the id minus its block's (no run has a negative id).
 */
function* runsOfAnswer(board) {
  const words = board.items;
  for (let i = 0, n = 0; i < words.length; i += 6, n++) {
    yield {
      id: words[i], rowId: words[i + 1], start: words[i + 2], end: words[i + 3], style: words[i + 4],
      stayId: words[i + 5], name: board.guests[n],
    };
  }
  for (const block of board.blocks ?? []) {
    yield {
      id: -block.id, rowId: block.roomId, start: dayNumber(block.from), end: dayNumber(block.to),
      style: HOTEL_STYLE.outOfService, stayId: 0, blockId: block.id, name: block.reason,
    };
  }
}

/**
 * The browser's next idle period (after a frame's work, before the next frame): resolves to its
 * deadline, whose `timeRemaining()` says how long work may go on without delaying a frame.
 */
export function nextIdle() {
  return new Promise((resolve) => requestIdleCallback(resolve, { timeout: 500 }));
}

export class HotelBoardData {
  /** @param {object} property the desk's, worded in its language (`word`, from `Desk.wordProperty`) */
  constructor(property) {
    this.kind = "hotel";
    this.property = property;
    this.step = 1;
    /** @type {Map<number, {id, rowId, start, end, style, stayId, name}>} */
    this.items = new Map();
    /** The ids of each stay's runs in `items`: a live change finds what it replaces without a look at every run. */
    this.runsByStay = new Map();
    this.rooms = new Map();
    this.groups = new Map();
    this.rows = [];
    this.nextLocalId = LOCAL_IDS; // ids for runs that arrive by the live stream (no segment id)
  }

  /** Reads the board for `[from, to)` (day numbers; by default the server's range around its today). */
  async load(from, to) {
    const range = from === undefined ? "" : `?from=${isoDay(from)}&to=${isoDay(to)}`;
    // The first read, over the server's days, may have been started by the page (index.html).
    const board = await (range ? get : getEarly)(`/api/v1/properties/${this.property.id}/board${range}`);
    this.seq = board.seq;
    this.answeredSeq = board.seq;
    this.from = board.fromDay;
    this.to = board.toDay;
    this.today = dayNumber(board.today);
    this.rooms = new Map(board.rooms.map((r) => [r.rowId, r]));
    this.groups = new Map(board.groups.map((g) => [g.rowId, g]));
    this.rows = [];
    for (const group of board.groups) {
      this.rows.push({ id: group.rowId, kind: "group", forbidsOverlap: false });
      for (const room of board.rooms) {
        if (room.roomTypeId === group.id) this.rows.push({ id: room.rowId, kind: "member", forbidsOverlap: true });
      }
    }
    this.items = new Map();
    this.runsByStay = new Map();
    this.nextLocalId = LOCAL_IDS;
    this.groupOfStay = new Map();
    this.groupNames = new Map();
    this.noteGroups(board);
    for (const item of runsOfAnswer(board)) this.put(item);
    return this;
  }

  /** The stays an answer says are booked together (`stayGroups`), and their groups' names. */
  noteGroups(board) {
    const pairs = board.stayGroups ?? [];
    for (let i = 0; i < pairs.length; i += 2) this.groupOfStay.set(pairs[i], pairs[i + 1]);
    for (const [id, name] of Object.entries(board.groupNames ?? {})) this.groupNames.set(Number(id), name);
  }

  /** The name of the group `stayId` was booked in with other rooms, or "" when it was booked alone. */
  groupName(stayId) {
    const group = this.groupOfStay.get(stayId);
    return group === undefined ? "" : this.groupNames.get(group) ?? "";
  }

  /** Holds a run (in place of one of the same id). */
  put(item) {
    const old = this.items.get(item.id);
    if (old && old.stayId !== item.stayId) this.runsByStay.get(old.stayId)?.delete(item.id);
    this.items.set(item.id, item);
    if (item.stayId === undefined) return;
    let runs = this.runsByStay.get(item.stayId);
    if (!runs) this.runsByStay.set(item.stayId, (runs = new Set()));
    runs.add(item.id);
  }

  /** Lets a run go. */
  drop(id) {
    const old = this.items.get(id);
    if (!old) return;
    this.items.delete(id);
    const runs = this.runsByStay.get(old.stayId);
    runs?.delete(id);
    if (runs?.size === 0) this.runsByStay.delete(old.stayId);
  }

  /**
   * Grows (or moves) the range read to `[from, to)`, reading only the days not read yet: scrolling
   * on reads a chunk, not the whole range again. Runs that cross the old edge come in both answers
   * with the same id and are kept once; runs wholly outside the new range are dropped. A stay drawn
   * from the live stream holds ids of the board's own (or its runs' ids from before it changed): where
   * an answer has the stay, the answer's runs replace what the board held of it over the days read.
   *
   * Resolves to what changed, for the engine to apply a slice at a time: `{added, moved, removed}`
   * (runs, runs whose dates, room or style differ from the copy held, ids); or to `null` when everything was
   * read again and the engine must load it all.
   */
  async extend(from, to) {
    if (to <= this.from || from >= this.to) {
      await this.load(from, to);
      return null;
    }
    const missing = [];
    if (from < this.from) missing.push([from, Math.min(this.from, to)]);
    if (to > this.to) missing.push([Math.max(this.to, from), to]);
    const answers = await Promise.all(
      missing.map(([a, b]) => get(`/api/v1/properties/${this.property.id}/board?from=${isoDay(a)}&to=${isoDay(b)}`)),
    );
    // The days read are as of this event number (the older answer's).
    this.answeredSeq = Math.min(...answers.map((answer) => answer.seq));
    // Merged in the browser's idle time between frames: a chunk is tens of thousands of runs.
    const change = { added: [], moved: [], removed: [] };
    let idle = await nextIdle();
    let merging = performance.now();
    const pause = async () => {
      if (idle.timeRemaining() > 1) return;
      performance.measure("frontdesk:extend-merge", { start: merging });
      idle = await nextIdle();
      merging = performance.now();
    };
    // The runs each stay has in the answers, by id.
    const answered = new Map();
    for (const answer of answers) {
      this.noteGroups(answer);
      let n = 0;
      for (const item of runsOfAnswer(answer)) {
        if (item.stayId) {
          if (!answered.has(item.stayId)) answered.set(item.stayId, new Set());
          answered.get(item.stayId).add(item.id);
        }
        const known = this.items.get(item.id);
        if (!known) change.added.push(item);
        else if (
          known.rowId !== item.rowId || known.start !== item.start || known.end !== item.end || known.style !== item.style
        ) {
          change.moved.push(item);
        }
        this.put(item);
        if (++n % 128 === 0) await pause();
      }
    }
    const read = (item) => missing.some(([a, b]) => item.end > a && item.start < b);
    let n = 0;
    for (const [id, item] of this.items) {
      const replaced = answered.get(item.stayId);
      if (item.end <= from || item.start >= to || (replaced && !replaced.has(id) && read(item))) {
        this.drop(id);
        change.removed.push(id);
      }
      if (++n % 512 === 0) await pause();
    }
    this.from = from;
    this.to = to;
    performance.measure("frontdesk:extend-merge", { start: merging });
    return change;
  }

  axis(columnWidth) {
    return { firstDay: this.from, dayCount: this.to - this.from, columnWidth, checkIn: 0.5, checkOut: 0.5 };
  }

  rowName(rowId) {
    if (rowId >= 0) return this.rooms.get(rowId)?.number ?? "";
    const name = this.groups.get(rowId)?.name ?? "";
    return this.property.word(name);
  }

  itemsOfEntity(stayId) {
    // The run a drag on empty space draws belongs to no stay yet and is not indexed.
    if (stayId === undefined) return [...this.items.values()].filter((item) => item.stayId === undefined);
    const runs = this.runsByStay.get(stayId);
    return runs ? [...runs].map((id) => this.items.get(id)) : [];
  }

  /**
   * The items a stay (as the API returns it) is drawn as: one per run of nights in one room.
   * @returns {{ rowId, start, end, style }[]}
   */
  runsOf(stay) {
    if (!stayIsShown(stay)) return [];
    return stay.segments.map((segment) => ({
      rowId: segment.roomId ?? -stay.roomTypeId,
      start: dayNumber(segment.arrival),
      end: dayNumber(segment.departure),
      style: hotelStyle(stay, segment.roomId),
    }));
  }

  /** A live event's entity id, if it is a stay this board draws. */
  entityOf(event) {
    return event.kind.startsWith("stay.") ? event.entityId : undefined;
  }

  entityFromEvent(event) {
    return Array.isArray(event.data) ? event.data[0] : event.data;
  }

  /** The guest's name of a stay new to this board, read from the API (the live stream does not carry it). */
  async readName(stay) {
    const detail = await get(`/api/v1/stays/${stay.id}`);
    return detail.guest?.name ?? "";
  }

  /**
   * Whether an item can be dragged: blocks from a channel's calendar, rooms out of service and stays
   * with a room move cannot.
   */
  editable(item) {
    if (item.style === HOTEL_STYLE.blocked || item.style === HOTEL_STYLE.checkedOut) return false;
    if (item.style === HOTEL_STYLE.outOfService) return false;
    return this.itemsOfEntity(item.stayId).length === 1;
  }

  /** Where an item may be dropped: rooms only (a room type's header row holds stays not yet roomed). */
  acceptsRow(rowId, item) {
    return rowId > 0 || (item && rowId === item.rowId);
  }

  /** Sends a move or resize: the stay's dates and room. Resolves to the stay after. */
  async commit(item, target) {
    const stay = await this.fetch(item.stayId);
    const body = { arrival: isoDay(target.start), departure: isoDay(target.end) };
    if (target.rowId > 0) body.roomId = target.rowId;
    const { data } = await call("PATCH", `/api/v1/stays/${item.stayId}`, { body, version: stay.version });
    return data;
  }

  async fetch(stayId) {
    const response = await call("GET", `/api/v1/stays/${stayId}`);
    return { ...response.data, version: response.version ?? response.data.version };
  }

  /** The rate plans the property offers now (read once; none when they cannot be read). */
  ratePlans() {
    this.plans ??= get(`/api/v1/properties/${this.property.id}/rate-plans`)
      .then(({ plans }) => plans.filter((plan) => plan.active !== false))
      .catch(() => []);
    return this.plans;
  }

  /** Books a stay in a room for `[start, end)`, on a rate plan when one was chosen. Resolves to the stay. */
  async create(target, details) {
    const body = {
      roomId: target.rowId, arrival: isoDay(target.start), departure: isoDay(target.end),
      adults: details.adults ?? 1, children: details.children ?? 0,
      guest: { name: details.name, email: details.email || undefined, phone: details.phone || undefined },
      ratePlanId: details.ratePlanId || undefined, language: details.language || undefined,
    };
    const { data } = await call("POST", `/api/v1/properties/${this.property.id}/stays`, {
      body, idempotencyKey: newIdempotencyKey(),
    });
    return data;
  }

  detailHash(item) {
    return `#/stays/${item.stayId}`;
  }
}

export class SalonBoardData {
  /** @param {object} property the desk's, worded in its language (`word`, from `Desk.wordProperty`) */
  constructor(property) {
    this.kind = "salon";
    this.property = property;
    this.step = 15;
    this.items = new Map();
    this.rows = [];
    this.staff = new Map();
    this.teams = new Map();
    this.services = new Map();
    this.open = 9 * 60;
    this.close = 18 * 60;
  }

  /** Reads the board for one day (a day number in the salon's calendar; by default its today). */
  async load(day) {
    const range = day === undefined ? "" : `?from=${isoDay(day)}&to=${isoDay(day + 1)}`;
    const board = await (range ? get : getEarly)(`/api/v1/properties/${this.property.id}/board${range}`);
    this.seq = board.seq;
    this.day = dayNumber(board.from);
    this.today = dayNumber(board.today);
    this.fromMinute = board.fromMinute;
    this.length = board.toMinute - board.fromMinute; // 1380 or 1500 on a daylight-saving change
    this.timeZone = board.timeZone;
    this.staff = new Map(board.staff.map((s) => [s.rowId, s]));
    this.teams = new Map(board.teams.map((t) => [t.rowId, t]));
    this.services = new Map(board.services.map((s) => [s.id, { ...s, name: this.property.word(s.name) }]));
    this.rows = [];
    for (const team of board.teams) {
      this.rows.push({ id: team.rowId, kind: "group", forbidsOverlap: false });
      for (const member of board.staff) {
        if (member.teamRowId === team.rowId) this.rows.push({ id: member.rowId, kind: "member", forbidsOverlap: false });
      }
    }
    const clock = (text) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));
    this.open = Math.min(...board.staff.map((s) => clock(s.workStart)), 24 * 60);
    this.close = Math.max(...board.staff.map((s) => clock(s.workEnd)), 0);
    if (this.open >= this.close) [this.open, this.close] = [9 * 60, 18 * 60];
    this.items = new Map();
    const words = board.items;
    for (let i = 0, n = 0; i < words.length; i += 6, n++) {
      const item = {
        id: words[i], rowId: words[i + 1], start: words[i + 2] - this.fromMinute, end: words[i + 3] - this.fromMinute,
        style: words[i + 4], serviceId: words[i + 5], stayId: words[i], name: board.customers[n],
      };
      if (item.style === 3 || item.style === 4) continue; // cancelled and no-show are not drawn
      this.items.set(item.id, item);
    }
    return this;
  }

  axis(columnWidth) {
    return { startMinute: 0, endMinute: this.length, minutesPerColumn: 60, columnWidth };
  }

  rowName(rowId) {
    return rowId < 0 ? this.teams.get(rowId)?.name ?? "" : this.staff.get(rowId)?.name ?? "";
  }

  /**
   * The minutes of the board's day a member does not work (outside their shifts, which the server has
   * already cut to the salon's hours), as `[start, end)` pairs on the board's minute axis; none for a team.
   */
  offHours(rowId) {
    const shifts = this.staff.get(rowId)?.shifts;
    if (!shifts) return [];
    const off = [];
    let from = 0;
    for (const [start, end] of shifts) {
      if (start > from) off.push([from, start]);
      from = Math.max(from, end);
    }
    if (from < this.length) off.push([from, this.length]);
    return off;
  }

  itemsOfEntity(appointmentId) {
    const item = this.items.get(appointmentId);
    return item ? [item] : [];
  }

  put(item) {
    this.items.set(item.id, item);
  }

  drop(id) {
    this.items.delete(id);
  }

  runsOf(appointment) {
    const style = APPOINTMENT_STATES.indexOf(appointment.state);
    if (style === 3 || style === 4) return [];
    const start = Date.parse(appointment.start) / 60_000 - this.fromMinute;
    const end = Date.parse(appointment.end) / 60_000 - this.fromMinute;
    if (end <= 0 || start >= this.length) return [];
    return [{ rowId: appointment.staffId, start, end, style, serviceId: appointment.serviceId }];
  }

  entityOf(event) {
    return event.kind.startsWith("appointment.") ? event.entityId : undefined;
  }

  entityFromEvent(event) {
    return Array.isArray(event.data) ? event.data[0] : event.data;
  }

  /** The customer's name of an appointment new to this board, read from the API. */
  async readName(appointment) {
    const detail = await get(`/api/v1/appointments/${appointment.id}`);
    return detail.customer?.name ?? "";
  }

  editable(item) {
    return item.style === 0 || item.style === 1;
  }

  acceptsRow(rowId) {
    return rowId > 0;
  }

  /** An instant for a minute of the shown day, as RFC 3339. */
  instant(minute) {
    return new Date((this.fromMinute + minute) * 60_000).toISOString().replace(/\.\d{3}Z$/, "Z");
  }

  async commit(item, target) {
    const current = await call("GET", `/api/v1/appointments/${item.id}`);
    const body = { staffId: target.rowId, start: this.instant(target.start), durationMinutes: target.end - target.start };
    const { data } = await call("PATCH", `/api/v1/appointments/${item.id}`, {
      body, version: current.version ?? current.data.version,
    });
    return data;
  }

  /** Books an appointment for a drag's `target`, or where the form moved it (`details` win). */
  async create(target, details) {
    const body = {
      staffId: details.staffId ?? target.rowId, serviceId: details.serviceId, start: details.start ?? this.instant(target.start),
      durationMinutes: details.durationMinutes ?? target.end - target.start,
      // The record chosen at the desk; else a new customer's, made with the name's reading, or the one with
      // the same phone, theirs already.
      customer: appointmentCustomer(details),
      // A hotel guest's stay, chosen among the suggestions: charged to their room at checkout.
      stayId: details.stayId || undefined,
      notes: details.notes || undefined,
      outsideWorkingHours: details.outsideWorkingHours || undefined, language: details.language || undefined,
    };
    const { data } = await call("POST", `/api/v1/properties/${this.property.id}/appointments`, {
      body, idempotencyKey: newIdempotencyKey(),
    });
    return data;
  }

  detailHash(item) {
    return `#/appointments/${item.id}`;
  }
}
