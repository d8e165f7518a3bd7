// The guest site's date-range picker: months stacked in one scrolling list, a tap for the arrival and
// a tap for the departure. It is our own rather than `<input type="date">` because a stay is a range,
// with a minimum and maximum number of nights, and must read the same in all five languages.
//
// Days are day numbers (days since 1970-01-01, as `dayNumber()` gives), built with Date.UTC and
// formatted at UTC, so that no time zone shifts a day. The rules of a pick are pure functions, tested
// in Node; the DOM is built only when `createRangeCalendar()` is called.

import { h } from "../common/dom.js";
import { DAY_MS, dayNumber, isoDay, localToday } from "../common/dates.js";

// Regions whose week starts on a Sunday, Saturday or Friday (CLDR's weekData); all others on Monday.
// Only for engines without `Intl.Locale#getWeekInfo` / `weekInfo`.
const SUNDAY_FIRST = new Set(
  ("AG AS BD BR BS BT BW BZ CA CO DM DO ET GT GU HK HN ID IL IN IS JM JP KE KH KR LA MH MM MO MT MX MZ NI NP "
    + "PA PE PH PK PR PT PY SA SG SV TH TT TW UM US VE VI WS YE ZA ZW").split(" "),
);
const SATURDAY_FIRST = new Set("AE AF BH DJ DZ EG IQ IR JO KW LY OM QA SD SY".split(" "));
const FRIDAY_FIRST = new Set(["MV"]);
const WEEKDAY_KEYWORDS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

const DEFAULT_LABELS = {
  calendar: "Dates of stay",
  arrival: "Check-in",
  departure: "Check-out",
  nights: (count) => (count === 1 ? "1 night" : `${count} nights`),
  clear: "Clear dates",
  chooseArrival: "Choose a check-in date",
  chooseDeparture: "Choose a check-out date",
  tooFewNights: (min) => `A stay is at least ${min} nights`,
  tooManyNights: (max) => `A stay is at most ${max} nights`,
  closedToArrival: "No arrivals on this day",
  closedToDeparture: "No departures on this day",
  stopSell: "Not sold online on these nights",
  minStay: (min) => `Arrivals on this day stay at least ${min} nights`,
  maxStay: (max) => `Arrivals on this day stay at most ${max} nights`,
};

let calendarCount = 0;

/**
 * The first day of the week in a locale: 0 for Sunday ... 6 for Saturday. From the engine's week data
 * (`-u-fw-` included), else from the region.
 * @param {string} locale a BCP 47 tag, e.g. "ko-KR" or "th-TH-u-ca-buddhist"
 * @returns {number}
 */
export function firstDayOfWeek(locale) {
  const tag = new Intl.Locale(locale);
  const info = typeof tag.getWeekInfo === "function" ? tag.getWeekInfo() : tag.weekInfo;
  if (info?.firstDay) return info.firstDay % 7;
  const keyword = /-fw-(sun|mon|tue|wed|thu|fri|sat)\b/.exec(String(locale).toLowerCase());
  if (keyword) return WEEKDAY_KEYWORDS.indexOf(keyword[1]);
  const region = tag.region ?? tag.maximize().region;
  if (SUNDAY_FIRST.has(region)) return 0;
  if (SATURDAY_FIRST.has(region)) return 6;
  if (FRIDAY_FIRST.has(region)) return 5;
  return 1;
}

/**
 * The day of the week of a day number: 0 for Sunday ... 6 for Saturday.
 * @param {number} day days since 1970-01-01 (a Thursday)
 * @returns {number}
 */
export function weekday(day) {
  return (((day + 4) % 7) + 7) % 7;
}

/**
 * The cells of a month laid out in weeks of seven: `null` for each blank before the 1st, the day
 * numbers of every day of the month, then `null`s to fill the last week, so the length is always a
 * multiple of 7 and every week is a full row.
 * @param {number} year e.g. 2026
 * @param {number} month 1 (January) ... 12
 * @param {number} firstDay the first day of the week, 0 (Sunday) ... 6
 * @returns {(number | null)[]}
 */
export function monthGrid(year, month, firstDay) {
  const first = Date.UTC(year, month - 1, 1) / DAY_MS;
  const length = Date.UTC(year, month, 1) / DAY_MS - first;
  const leading = (weekday(first) - firstDay + 7) % 7;
  const trailing = (7 - ((leading + length) % 7)) % 7;
  return [
    ...Array(leading).fill(null),
    ...Array.from({ length }, (_, index) => first + index),
    ...Array(trailing).fill(null),
  ];
}

/**
 * A month's title in the locale's own form: "2026년 11월", "พฤศจิกายน 2569", "November 2026".
 * @param {number} year
 * @param {number} month 1 ... 12
 * @param {string} locale
 * @returns {string}
 */
export function monthTitle(year, month, locale) {
  const format = new Intl.DateTimeFormat(locale, { timeZone: "UTC", month: "long", year: "numeric" });
  return format.format(new Date(Date.UTC(year, month - 1, 1)));
}

/**
 * The seven names of the days of the week, starting at `firstDay`.
 * @param {string} locale
 * @param {number} firstDay 0 (Sunday) ... 6
 * @param {"narrow" | "short" | "long"} [width] "short" for a header, "long" for accessible names
 * @returns {string[]}
 */
export function weekdayNames(locale, firstDay, width = "short") {
  const format = new Intl.DateTimeFormat(locale, { timeZone: "UTC", weekday: width });
  // 1970-01-04 (day 3) was a Sunday.
  return Array.from({ length: 7 }, (_, index) => format.format(new Date((3 + ((firstDay + index) % 7)) * DAY_MS)));
}

/**
 * The nights of a range: departure minus arrival, or null while either is missing.
 * @param {{arrival: number | null, departure: number | null}} range
 * @returns {number | null}
 */
export function nightsOf(range) {
  return range.arrival === null || range.departure === null ? null : range.departure - range.arrival;
}

/**
 * The range after a tap on a day. The first tap sets the arrival; a tap after the arrival sets the
 * departure when the nights are within [minNights, maxNights]; a tap on or before the arrival, or any
 * tap once both are set, starts again with that day as the arrival. A refused tap returns the range
 * unchanged with why: "past" (before today), "afterLastDay", "noDeparture" (an arrival too close to
 * the last day to leave minNights), "tooFewNights" or "tooManyNights".
 * @param {{arrival: number | null, departure: number | null}} range day numbers
 * @param {number} day the day tapped
 * @param {{today: number, minNights?: number, maxNights?: number, lastDay?: number}} rules day numbers
 * @returns {{range: {arrival: number | null, departure: number | null}, reason: string | null}}
 */
export function pickDay(range, day, rules) {
  const { today, minNights = 1, maxNights = Infinity, lastDay = Infinity, closed = NONE_CLOSED } = rules;
  if (day < today) return { range, reason: "past" };
  if (day > lastDay) return { range, reason: "afterLastDay" };
  const choosingDeparture = range.arrival !== null && range.departure === null && day > range.arrival;
  if (choosingDeparture) {
    const nights = day - range.arrival;
    if (nights < minNights) return { range, reason: "tooFewNights" };
    if (nights > maxNights) return { range, reason: "tooManyNights" };
    // The hotel's own restrictions: the arrival's minimum and maximum stay, nights not sold, a day
    // without departures.
    const arriving = closed.get(range.arrival) ?? {};
    if (arriving.minStay && nights < arriving.minStay) return { range, reason: "minStay" };
    if (arriving.maxStay && nights > arriving.maxStay) return { range, reason: "maxStay" };
    for (let night = range.arrival; night < day; night += 1) {
      if (closed.get(night)?.stopSell) return { range, reason: "stopSell" };
    }
    if (closed.get(day)?.noDeparture) return { range, reason: "closedToDeparture" };
    return { range: { arrival: range.arrival, departure: day }, reason: null };
  }
  if (day + minNights > lastDay) return { range, reason: "noDeparture" };
  const closedDay = closed.get(day);
  if (closedDay?.stopSell) return { range, reason: "stopSell" };
  if (closedDay?.noArrival) return { range, reason: "closedToArrival" };
  return { range: { arrival: day, departure: null }, reason: null };
}

/** No day restricted: a calendar for stays anywhere. */
const NONE_CLOSED = new Map();

/**
 * A place's restricted days (`GET /api/v1/public/properties/{id}/calendar`) by day number, as
 * `pickDay`'s `rules.closed` reads them.
 * @param {{date: string, noArrival?: string, noDeparture?: boolean, stopSell?: boolean, minStay?: number,
 *   maxStay?: number}[]} days
 * @returns {Map<number, object>}
 */
export function closedDays(days) {
  return new Map(days.map((entry) => [dayNumber(entry.date), entry]));
}

/**
 * The stay a tap on `day` would make while the departure is being chosen (what the calendar shades
 * under the pointer or the focused day), or null when the tap would not end the range there.
 * @param {{arrival: number | null, departure: number | null}} range
 * @param {number | null} day
 * @param {{today: number, minNights?: number, maxNights?: number, lastDay?: number}} rules
 * @returns {{arrival: number, departure: number} | null}
 */
export function previewRange(range, day, rules) {
  if (day === null || range.arrival === null || range.departure !== null || day <= range.arrival) return null;
  const result = pickDay(range, day, rules);
  return result.reason === null ? result.range : null;
}

/**
 * Whether a tap on a day would be refused now: past days, and, while the departure is being chosen,
 * days that would make too few or too many nights.
 * @param {number} day
 * @param {{arrival: number | null, departure: number | null}} range
 * @param {{today: number, minNights?: number, maxNights?: number, lastDay?: number}} rules
 * @returns {boolean}
 */
export function isDisabled(day, range, rules) {
  return pickDay(range, day, rules).reason !== null;
}

/**
 * A month calendar for choosing the dates of a stay. Months from today's onward are stacked in one
 * vertically scrolling list under a sticky header of weekdays. Each day is a button (in a group per
 * month, labelled by its title) named by its full date, with `aria-pressed` on the arrival and
 * departure, `aria-current="date"` on today and `aria-disabled` on days that cannot be picked; one
 * roving tabindex, arrows, Home/End, PageUp/PageDown (with Shift: a year), Enter/Space to pick.
 * `setValue()` does not call `onChange`.
 * @param {object} options
 * @param {string} options.locale e.g. "ko-KR"
 * @param {string} [options.today] `YYYY-MM-DD` in the property's time zone; the browser's date if absent
 * @param {number} [options.months] how many months to show, from today's
 * @param {{arrival?: string | null, departure?: string | null}} [options.value] `YYYY-MM-DD`s
 * @param {number} [options.minNights]
 * @param {number} [options.maxNights]
 * @param {Map<number, object>} [options.closed] a place's restricted days (`closedDays`)
 * @param {boolean} [options.single] one day rather than a stay (a salon's visit): every tap picks that day,
 *   reported as `arrival`, and no departure is shown
 * @param {string} [options.lastDay] `YYYY-MM-DD`, the last day that may be picked (within the months shown)
 * @param {Partial<typeof DEFAULT_LABELS>} [options.labels] words; English when absent
 * @param {(value: {arrival: string | null, departure: string | null, nights: number | null}) => void}
 *   [options.onChange] after each accepted tap and after Clear
 * @returns {{element: HTMLElement, setValue: (value: object) => void, focusDay: (iso: string) => void,
 *   destroy: () => void}}
 */
export function createRangeCalendar({
  locale,
  today = localToday(),
  months = 12,
  value = {},
  minNights = 1,
  maxNights = 30,
  closed = NONE_CLOSED,
  single = false,
  lastDay: lastPickable = null,
  labels = {},
  onChange = () => {},
}) {
  const words = { ...DEFAULT_LABELS, ...labels };
  const id = `cal-${++calendarCount}`;
  const firstDay = firstDayOfWeek(locale);
  const todayNumber = dayNumber(today);
  const start = new Date(todayNumber * DAY_MS);
  const startYear = start.getUTCFullYear();
  const startMonth = start.getUTCMonth();
  const firstShown = Date.UTC(startYear, startMonth, 1) / DAY_MS;
  const lastShown = Date.UTC(startYear, startMonth + months, 1) / DAY_MS - 1;
  const lastDay = lastPickable ? Math.min(lastShown, dayNumber(lastPickable)) : lastShown;
  // A single day is a stay of no nights: each tap starts afresh, and no day waits for a departure.
  const rules = single ? { today: todayNumber, minNights: 0, lastDay, closed } : { today: todayNumber, minNights, maxNights, lastDay, closed };
  const EMPTY = { arrival: null, departure: null };
  const rangeOf = () => (single ? EMPTY : range);
  const fullDate = new Intl.DateTimeFormat(locale, { timeZone: "UTC", dateStyle: "full" });
  const shortDate = new Intl.DateTimeFormat(locale, {
    timeZone: "UTC", weekday: "short", day: "numeric", month: "short", year: "numeric",
  });
  const dayOfMonth = new Intl.DateTimeFormat(locale, { timeZone: "UTC", day: "numeric" });

  /** @type {Map<number, {button: HTMLButtonElement, state: string}>} */
  const days = new Map();
  let range = { arrival: null, departure: null };
  let roving = todayNumber;
  // The day under the pointer (or focused by key) while the departure is being chosen.
  let pointed = null;
  let message = "";

  const arrivalValue = h("span", { class: "cal-field-value" });
  const departureValue = h("span", { class: "cal-field-value" });
  const hint = h("p", { class: "cal-hint", "aria-live": "polite" });
  const clear = h("button", { type: "button", class: "cal-clear", text: words.clear, onclick: clearRange });
  const scroller = h(
    "div",
    { class: "cal-scroll" },
    h(
      "div",
      { class: "cal-weekdays", "aria-hidden": "true" },
      headerNames(locale, firstDay).map((name) => h("span", { class: "cal-weekday", text: name })),
    ),
    Array.from({ length: months }, (_, index) => monthSection(startYear, startMonth + 1 + index)),
  );
  const element = h(
    "div",
    { class: "cal", role: "group", "aria-label": words.calendar },
    h(
      "div",
      { class: "cal-summary" },
      h("div", { class: "cal-field" }, h("span", { class: "cal-field-label", text: words.arrival }), arrivalValue),
      single ? null : h("div", { class: "cal-field" }, h("span", { class: "cal-field-label", text: words.departure }), departureValue),
      hint,
      single ? null : clear,
    ),
    scroller,
    // What aria-describedby points at, to say which day is the arrival and which the departure.
    h("span", { id: `${id}-arrival`, class: "cal-visually-hidden", text: words.arrival }),
    single ? null : h("span", { id: `${id}-departure`, class: "cal-visually-hidden", text: words.departure }),
  );
  scroller.addEventListener("click", onClick);
  scroller.addEventListener("keydown", onKeyDown);
  scroller.addEventListener("pointerover", onPointerOver);
  scroller.addEventListener("pointerleave", onPointerLeave);

  setValue(value);

  function monthSection(year, month) {
    // `month` may run past 12: Date.UTC carries it into the next year.
    const date = new Date(Date.UTC(year, month - 1, 1));
    const y = date.getUTCFullYear();
    const m = date.getUTCMonth() + 1;
    const titleId = `${id}-${y}-${m}`;
    return h(
      "section",
      { class: "cal-month", role: "group", "aria-labelledby": titleId },
      h("h3", { class: "cal-month-title", id: titleId, text: monthTitle(y, m, locale) }),
      h(
        "div",
        { class: "cal-days" },
        monthGrid(y, m, firstDay).map((day) => (day === null ? h("span", { class: "cal-blank" }) : dayButton(day))),
      ),
    );
  }

  function dayButton(day) {
    const date = new Date(day * DAY_MS);
    const button = h("button", {
      type: "button",
      class: "cal-day",
      tabindex: "-1",
      "aria-label": fullDate.format(date),
      "aria-current": day === todayNumber ? "date" : null,
      dataset: { day: isoDay(day) },
      // The day's number alone, in the locale's digits, without the "일" or "日" some languages add.
      text: dayOfMonth.formatToParts(date).find((part) => part.type === "day").value,
    });
    if (day === todayNumber) button.classList.add("cal-today");
    days.set(day, { button, state: "" });
    return button;
  }

  /** Brings every day button in line with the range, touching only those whose state changed. */
  function paint() {
    const preview = single ? null : previewRange(range, pointed, rules);
    for (const [day, entry] of days) {
      const arrival = day === range.arrival;
      const departure = day === range.departure;
      const inStay = range.departure !== null && day > range.arrival && day < range.departure;
      const inPreview = preview !== null && day > preview.arrival && day <= preview.departure;
      const disabled = isDisabled(day, rangeOf(), rules);
      const tabbable = day === roving;
      const state = `${+arrival}${+departure}${+inStay}${+inPreview}${+disabled}${+tabbable}`;
      if (state === entry.state) continue;
      entry.state = state;
      const { button } = entry;
      button.classList.toggle("cal-arrival", arrival);
      button.classList.toggle("cal-departure", departure);
      button.classList.toggle("cal-in-stay", inStay);
      button.classList.toggle("cal-preview", inPreview);
      button.classList.toggle("cal-preview-end", inPreview && day === preview.departure);
      button.setAttribute("aria-pressed", String(arrival || departure));
      button.setAttribute("tabindex", tabbable ? "0" : "-1");
      if (disabled) button.setAttribute("aria-disabled", "true");
      else button.removeAttribute("aria-disabled");
      // A day the hotel closes says why, on hover and to a screen reader.
      const why = disabled ? refusal(pickDay(rangeOf(), day, rules).reason) : "";
      if (why) button.title = why;
      else button.removeAttribute("title");
      if (arrival || departure) button.setAttribute("aria-describedby", `${id}-${arrival ? "arrival" : "departure"}`);
      else button.removeAttribute("aria-describedby");
    }
    element.classList.toggle("cal-complete", range.departure !== null);
    element.classList.toggle("cal-previewing", preview !== null);
    arrivalValue.textContent = shown(range.arrival);
    departureValue.textContent = shown(range.departure);
    const nights = nightsOf(preview ?? range);
    if (message) hint.textContent = message;
    else if (nights !== null) hint.textContent = words.nights(nights);
    else if (range.arrival === null) hint.textContent = words.chooseArrival;
    else hint.textContent = single ? "" : words.chooseDeparture;
  }

  function shown(day) {
    return day === null ? "—" : shortDate.format(new Date(day * DAY_MS));
  }

  function pick(day) {
    const result = pickDay(rangeOf(), day, rules);
    roving = day;
    // Past days and days past the last month are plainly disabled; a wrong length of stay is worth words.
    message = refusal(result.reason);
    if (result.reason === null) range = result.range;
    pointed = null;
    paint();
    if (result.reason === null) report();
  }

  /** Why a tap is refused, in words; "" for a plainly disabled day (past, beyond the months shown). */
  function refusal(reason) {
    const arriving = range.arrival === null ? {} : closed.get(range.arrival) ?? {};
    switch (reason) {
      case "tooFewNights": return words.tooFewNights(minNights);
      case "tooManyNights": return words.tooManyNights(maxNights);
      case "minStay": return words.minStay(arriving.minStay);
      case "maxStay": return words.maxStay(arriving.maxStay);
      case "closedToArrival": case "closedToDeparture": case "stopSell": return words[reason];
      default: return "";
    }
  }

  function report() {
    onChange({
      arrival: range.arrival === null ? null : isoDay(range.arrival),
      departure: range.departure === null ? null : isoDay(range.departure),
      nights: nightsOf(range),
    });
  }

  function clearRange() {
    range = { arrival: null, departure: null };
    pointed = null;
    message = "";
    paint();
    report();
  }

  function onClick(event) {
    const button = event.target.closest?.(".cal-day");
    if (button) pick(dayNumber(button.dataset.day));
  }

  function onPointerOver(event) {
    const button = event.target.closest?.(".cal-day");
    point(button ? dayNumber(button.dataset.day) : null);
  }

  function onPointerLeave() {
    point(null);
  }

  /** Shades the stay that ending on `day` would make; repaints only when that changes. */
  function point(day) {
    if (single) return;
    const before = previewRange(range, pointed, rules);
    pointed = day;
    const after = previewRange(range, pointed, rules);
    if (before?.departure !== after?.departure) paint();
  }

  function onKeyDown(event) {
    const button = event.target.closest?.(".cal-day");
    if (!button || event.altKey || event.ctrlKey || event.metaKey) return;
    const day = dayNumber(button.dataset.day);
    const intoWeek = (weekday(day) - firstDay + 7) % 7;
    const moves = {
      ArrowLeft: () => day - 1,
      ArrowRight: () => day + 1,
      ArrowUp: () => day - 7,
      ArrowDown: () => day + 7,
      Home: () => day - intoWeek,
      End: () => day + 6 - intoWeek,
      PageUp: () => addMonths(day, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(day, event.shiftKey ? 12 : 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveFocus(move());
  }

  function moveFocus(day) {
    roving = Math.min(Math.max(day, firstShown), lastDay);
    pointed = roving;
    paint();
    const { button } = days.get(roving);
    button.focus({ preventScroll: true });
    button.scrollIntoView({ block: "nearest" });
  }

  /** Shows a value (`YYYY-MM-DD`s) as the host has it, keeping only what the rules allow. */
  function setValue(next = {}) {
    range = { arrival: null, departure: null };
    if (next.arrival) range = pickDay(range, dayNumber(next.arrival), rules).range;
    if (next.departure && range.arrival !== null) range = pickDay(range, dayNumber(next.departure), rules).range;
    roving = range.arrival ?? todayNumber;
    pointed = null;
    message = "";
    paint();
  }

  return {
    element,
    setValue,
    /** Moves the keyboard focus (and the scroll) to a day, kept within the months shown. */
    focusDay: (iso) => moveFocus(dayNumber(iso)),
    destroy() {
      scroller.removeEventListener("click", onClick);
      scroller.removeEventListener("keydown", onKeyDown);
      scroller.removeEventListener("pointerover", onPointerOver);
      scroller.removeEventListener("pointerleave", onPointerLeave);
      days.clear();
      element.remove();
    },
  };
}

/** The same day of the month `count` months on, or the month's last day when it is shorter. */
function addMonths(day, count) {
  const date = new Date(day * DAY_MS);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + count;
  const length = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(date.getUTCDate(), length)) / DAY_MS;
}

/** The header's names: the narrow ones when they tell the seven days apart (T2 ... CN), else the short ones. */
function headerNames(locale, firstDay) {
  const narrow = weekdayNames(locale, firstDay, "narrow");
  return new Set(narrow).size === 7 ? narrow : weekdayNames(locale, firstDay, "short");
}
