// Each member's shifts (シフト管理): the week at a glance, a row a member, and opened, the member's
// weekly ranges (two for a break, none for a day off) with dated exceptions, saved with the member's PUT.

import { h, fill } from "../../../common/dom.js";
import { hoursEditor, minutesOf, rangesText, weekdayName, WEEKDAYS } from "./salon-hours.js";
import { keptRows, savingForm } from "./salon-setup-form.js";

/**
 * A member's shifts as the server keeps them; until a manager sets them, their working hours every day
 * (as the server books them).
 */
export function shiftsOf(member, setup) {
  const stored = setup.shifts.find((s) => s.staffId === member.id)?.hours;
  if (stored) return stored;
  const range = { start: minutesOf(member.workStart), end: minutesOf(member.workEnd, { end: true }) };
  return { weekly: WEEKDAYS.map((weekday) => ({ weekday, ranges: [range] })), exceptions: [] };
}

/** The week's heading row: the members' column, then the weekdays in short. */
function weekHeading(i18n) {
  return h(
    "div",
    { class: "setup-glance setup-glance-head", "aria-hidden": "true" },
    h("span"),
    WEEKDAYS.map((weekday) => h("span", { text: weekdayName(i18n.code, weekday, "short") })),
  );
}

/** A member's week in one line: their name, each weekday's ranges, and how many dates differ. */
function glance(i18n, member, hours) {
  const { t } = i18n;
  const byWeekday = new Map(hours.weekly.map((d) => [d.weekday, d.ranges]));
  return [
    h("span", { class: "setup-glance-name", text: member.name }),
    WEEKDAYS.map((weekday) => {
      const ranges = byWeekday.get(weekday) ?? [];
      const lines = rangesText(ranges, t("setup.off")).map((line) => h("span", { text: line }));
      return h("span", { class: ranges.length ? "setup-glance-day" : "setup-glance-day is-off" }, lines);
    }),
    hours.exceptions.length ? h("span", { class: "setup-glance-dates", text: t("setup.datesDiffer", { count: hours.exceptions.length }) }) : null,
  ];
}

/** One member's row: their week in the summary, the editor with Save when opened. */
function memberShifts(desk, member, setup, saved) {
  const { t } = desk.i18n;
  const summary = h("summary", { class: "setup-glance", "aria-label": t("setup.shiftsOf", { name: member.name }) });
  const drawSummary = (next) => fill(summary, glance(desk.i18n, member, shiftsOf(member, next)));
  const form = savingForm(desk, {
    save: t("setup.saveShifts", { name: member.name }),
    draw: (next) => {
      const editor = hoursEditor(desk.i18n, shiftsOf(member, next), { closed: t("setup.dayOff"), name: member.name });
      return { ...editor, errorAt: (field) => editor.errorAt(field.replace(/^shifts\./, "")) };
    },
    send: (hours) => ({ path: `/api/v1/properties/${desk.property.id}/salon/staff/${member.id}/shifts`, body: hours }),
    saved: (next) => {
      saved(next);
      drawSummary(next);
    },
  });
  form.redraw(setup);
  drawSummary(setup);
  return h("details", { class: "setup-member", dataset: { staffId: String(member.id) } }, summary, form.element);
}

/**
 * The shifts of every member of the salon's staff; `redraw(setup)` follows `desk.property.staff` as last
 * read, a new member's week from `setup`, keeping the rows of members unchanged (open, with their edits).
 * @param {object} desk the app
 * @param {object} setup the set-up as last answered
 * @param {(setup: object) => void} saved told each answer
 * @returns {{element: HTMLElement, redraw: (setup: object) => void}}
 */
export function shiftsPart(desk, setup, saved) {
  const rows = keptRows();
  const element = h("div", { class: "setup-shifts" });
  const redraw = (next) => {
    const drawn = rows(desk.property.staff ?? [], {
      key: (member) => member.id,
      signature: (member) => member.name,
      make: (member) => memberShifts(desk, member, next, saved),
    });
    fill(element, drawn.length ? [weekHeading(desk.i18n), drawn] : h("p", { class: "desk-hint", text: desk.i18n.t("setup.noMembers") }));
  };
  redraw(setup);
  return { element, redraw };
}
