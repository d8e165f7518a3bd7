// The set-up screen's hours (Web/desk/salon/setup/salon-hours.js): times shown as HH:MM and sent as minutes of the
// local day, without a browser.

import assert from "node:assert/strict";
import test from "node:test";

import { clockText, minutesOf, rangesText, weekdayName } from "../../Web/desk/salon/setup/salon-hours.js";

test("minutes of the day show as HH:MM in 24 hours, the day's end as 24:00", () => {
  assert.equal(clockText(600), "10:00");
  assert.equal(clockText(785), "13:05");
  assert.equal(clockText(1440), "24:00");
});

test("HH:MM typed is minutes of the day, an end at midnight the day's end, anything else null", () => {
  assert.equal(minutesOf("10:00"), 600);
  assert.equal(minutesOf(" 9:30 "), 570);
  assert.equal(minutesOf("24:00"), 1440);
  assert.equal(minutesOf("00:00", { end: true }), 1440);
  assert.equal(minutesOf("00:00"), 0);
  assert.equal(minutesOf(""), null);
  assert.equal(minutesOf("10h"), null);
});

test("a day's ranges read in short as a shift table has them, and a day without any by its word", () => {
  const split = [{ start: 600, end: 780 }, { start: 840, end: 1200 }];
  assert.deepEqual(rangesText(split, "Off"), ["10–13", "14–20"]);
  assert.deepEqual(rangesText([{ start: 630, end: 1440 }], "Off"), ["10:30–24"]);
  assert.deepEqual(rangesText([], "Off"), ["Off"]);
});

test("weekdays are numbered from Monday and named in the page's language", () => {
  assert.equal(weekdayName("en", 1), "Monday");
  assert.equal(weekdayName("ja", 2), "火曜日");
  assert.equal(weekdayName("en", 7, "short"), "Sun");
});

test("a refusal finds its day: weekly[2] is weekday 2, weekly[1].ranges[0].start the second sent, also Tuesday", async () => {
  const { hoursEditor } = await import("../../Web/desk/salon/setup/salon-hours.js");
  const errors = [];
  // Just enough of a document for the editor: each element keeps its children and attributes.
  globalThis.document = {
    createElement: (tag) => {
      const node = { tag, dataset: {}, style: {}, children: [], textContent: "", setAttribute(name, value) { this[name] = value; }, addEventListener() {},
        append(...kids) { this.children.push(...kids); }, replaceChildren(...kids) { this.children = kids; } };
      if (tag === "p") errors.push(node);
      return node;
    },
  };
  globalThis.Node = Object;
  try {
    const i18n = { code: "en", t: (key) => key };
    const hours = { weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: [] })), exceptions: [{ date: "2026-12-31", ranges: [] }] };
    const editor = hoursEditor(i18n, hours, { closed: "Closed", name: "Aoi" });
    assert.equal(editor.errorAt("weekly[2]"), errors[1]);
    assert.equal(editor.errorAt("weekly[1].ranges[0].start"), errors[1]);
    assert.equal(editor.errorAt("exceptions[2026-12-31]"), errors[7]);
    assert.equal(editor.errorAt("exceptions[0].date"), errors[7]);
    assert.equal(editor.errorAt("window.daysAhead"), null);
  } finally {
    delete globalThis.document;
    delete globalThis.Node;
  }
});
