// Hours that repeat each week with dated days that differ, as the set-up screen edits them: a salon's
// opening hours and each member's shifts. A day is a list of ranges (two for a break, none for a day
// closed or off); times show as HH:MM and go to the server as minutes of the local day.

import { h, fill } from "../../../common/dom.js";

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** `600` as "10:00", the day's end (1440) as "24:00". */
export function clockText(minutes) {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** "10:00" as 600, "24:00" (or an end of "00:00") as the day's end, 1440; anything else as null, for the server to refuse. */
export function minutesOf(text, { end = false } = {}) {
  const [, hours, minutes] = String(text).trim().match(/^(\d{1,2}):(\d{2})$/) ?? [];
  if (hours === undefined) return null;
  const value = Number(hours) * 60 + Number(minutes);
  return end && value === 0 ? 1440 : value;
}

/**
 * A time of day typed as HH:MM in 24 hours whatever the browser's locale (a time input would show
 * 10:00 AM to an English browser on a Japanese page, and cannot hold 24:00).
 */
function clockInput(minutes) {
  const placeholder = "10:00";
  return h("input", {
    type: "text", inputmode: "numeric", placeholder,
    size: String(placeholder.length), maxlength: String(placeholder.length), autocomplete: "off", class: "setup-clock", value: minutes === undefined ? "" : clockText(minutes),
  });
}

/** A weekday's name (1 is Monday) in the page's language; 2024-01-01 was a Monday. */
export function weekdayName(code, weekday, width = "long") {
  const format = new Intl.DateTimeFormat(code, { weekday: width, timeZone: "UTC" });
  return format.format(new Date(Date.UTC(2024, 0, weekday)));
}

/** A time in short, as a shift table writes it: 600 as "10", 630 as "10:30". */
export function shortClock(minutes) {
  return minutes % 60 ? clockText(minutes) : String(minutes / 60);
}

/** A day's ranges in short, one a line: ["10–13", "14–20"], or [`closed`] for none. */
export function rangesText(ranges, closed) {
  return ranges.length ? ranges.map((r) => `${shortClock(r.start)}–${shortClock(r.end)}`) : [closed];
}

/**
 * One day's ranges: a start and an end each, Remove, and Add a range; `closed` is said when there are
 * none. `day` names the day in each control's accessible name.
 */
function dayRanges(t, ranges, { day, closed }) {
  const list = h("div", { class: "setup-ranges" });
  const error = h("p", { class: "desk-form-error", role: "alert" });
  const rows = [];

  function rangeRow(range) {
    const at = () => rows.indexOf(row) + 1;
    const start = clockInput(range?.start);
    const end = clockInput(range?.end);
    const remove = h("button", { type: "button", class: "desk-button is-quiet", text: "×" });
    const row = { start, end, remove, element: h("span", { class: "setup-range" }, start, h("span", { text: "–" }), end, remove) };
    remove.addEventListener("click", () => {
      rows.splice(rows.indexOf(row), 1);
      draw();
    });
    row.label = () => {
      start.setAttribute("aria-label", t("setup.rangeStart", { day, n: at() }));
      end.setAttribute("aria-label", t("setup.rangeEnd", { day, n: at() }));
      remove.setAttribute("aria-label", t("setup.removeRange", { day, n: at() }));
    };
    return row;
  }

  const empty = h("span", { class: "setup-closed", text: closed });
  const add = h("button", {
    type: "button", class: "desk-button is-quiet", text: t("setup.addRange"), "aria-label": t("setup.addRangeTo", { day }),
    onclick: () => {
      const last = rows.at(-1);
      rows.push(rangeRow(last ? { start: minutesOf(last.end.value, { end: true }) ?? 600, end: 1200 } : { start: 600, end: 1200 }));
      draw();
      rows.at(-1).start.focus();
    },
  });

  function draw() {
    for (const row of rows) row.label();
    fill(list, rows.length ? rows.map((row) => row.element) : empty, add);
  }

  for (const range of ranges) rows.push(rangeRow(range));
  draw();
  return {
    element: h("div", { class: "setup-day-ranges" }, list, error),
    error,
    value: () => rows.map((row) => ({ start: minutesOf(row.start.value), end: minutesOf(row.end.value, { end: true }) })),
  };
}

/**
 * The editor of a week's hours and its dated exceptions.
 * @param {object} i18n the desk's words (`t`, `code`)
 * @param {{weekly: object[], exceptions: object[]}} hours as the server sent them
 * @param {{closed: string, name: string}} words what a day without ranges is called, and whose hours
 *   these are (in each control's accessible name)
 * @returns {{element: HTMLElement, value: () => object, errorAt: (field: string) => HTMLElement | null}}
 */
export function hoursEditor(i18n, hours, { closed, name }) {
  const { t } = i18n;
  const byWeekday = new Map(hours.weekly.map((d) => [d.weekday, d.ranges]));
  const week = WEEKDAYS.map((weekday) => {
    const dayName = weekdayName(i18n.code, weekday);
    const ranges = dayRanges(t, byWeekday.get(weekday) ?? [], { day: t("setup.dayOf", { name, day: dayName }), closed });
    const element = h("div", { class: "setup-day", dataset: { weekday: String(weekday) } }, h("span", { class: "setup-day-name", text: dayName }), ranges.element);
    return { weekday, ranges, element };
  });
  const exceptions = exceptionList(i18n, hours.exceptions, { closed, name });
  return {
    element: h(
      "div",
      { class: "setup-hours" },
      h("div", { class: "setup-week" }, week.map((day) => day.element)),
      exceptions.element,
    ),
    value: () => ({
      weekly: week.map((day) => ({ weekday: day.weekday, ranges: day.ranges.value() })),
      exceptions: exceptions.value(),
    }),
    errorAt(field) {
      // `weekly[2]` names weekday 2; `weekly[1].ranges[0].start` the second sent, which is Tuesday as well.
      const [, weekday, inner] = field.match(/^weekly\[(\d+)\](\..+)?$/) ?? [];
      if (weekday) return week.find((day) => day.weekday === Number(weekday) + (inner ? 1 : 0))?.ranges.error ?? null;
      return exceptions.errorAt(field);
    },
  };
}

/** Dated days that differ from the week: a date each, its ranges (none for closed), Remove; Add a date. */
function exceptionList(i18n, stored, { closed, name }) {
  const { t } = i18n;
  const list = h("div", { class: "setup-exceptions" });
  const rows = [];
  let made = 0;

  function exceptionRow(exception) {
    const n = ++made;
    const date = h("input", { type: "date", value: exception.date ?? "", "aria-label": t("setup.exceptionDate", { name, n }) });
    const ranges = dayRanges(t, exception.ranges ?? [], { day: t("setup.exceptionDay", { name, n }), closed });
    const remove = h("button", {
      type: "button", class: "desk-button is-quiet", text: t("setup.removeException"), "aria-label": t("setup.removeExceptionOf", { name, n }),
      onclick: () => {
        rows.splice(rows.indexOf(row), 1);
        row.element.remove();
      },
    });
    const row = { date, ranges, element: h("div", { class: "setup-day setup-exception" }, h("span", { class: "setup-day-name" }, date, remove), ranges.element) };
    return row;
  }

  const add = h("button", {
    type: "button", class: "desk-button", text: t("setup.addException"), "aria-label": t("setup.addExceptionFor", { name }),
    onclick: () => {
      rows.push(exceptionRow({}));
      list.append(rows.at(-1).element);
      rows.at(-1).date.focus();
    },
  });
  for (const exception of stored) rows.push(exceptionRow(exception));
  fill(list, rows.map((row) => row.element));
  return {
    element: h("div", { class: "setup-exceptions-part" }, h("h3", { text: t("setup.exceptions") }), list, add),
    value: () => rows.map((row) => ({ date: row.date.value, ranges: row.ranges.value() })),
    errorAt(field) {
      // `exceptions[2026-12-01]` names a date; `exceptions[0].date` the first sent.
      const [, key] = field.match(/^exceptions\[([^\]]+)\]/) ?? [];
      if (!key) return null;
      const row = /^\d+$/.test(key) ? rows[Number(key)] : rows.find((r) => r.date.value === key);
      return row?.ranges.error ?? null;
    },
  };
}
