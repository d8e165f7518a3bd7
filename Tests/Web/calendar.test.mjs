// The guest site's date-range picker (Web/site/calendar.js): its months, words and rules of a pick,
// without a browser.

import test from "node:test";
import assert from "node:assert/strict";
import { dayNumber } from "../../Web/common/dates.js";
import {
  closedDays,
  firstDayOfWeek,
  isDisabled,
  monthGrid,
  monthTitle,
  nightsOf,
  pickDay,
  previewRange,
  weekday,
  weekdayNames,
} from "../../Web/site/calendar.js";

const SUNDAY_FIRST = ["ko-KR", "ja-JP", "th-TH-u-ca-buddhist", "en-US"];
const MONDAY_FIRST = ["en-GB", "vi-VN"];

const day = (iso) => dayNumber(iso);
const leadingBlanks = (cells) => cells.findIndex((cell) => cell !== null);
const daysOf = (cells) => cells.filter((cell) => cell !== null);
const rangeOf = (arrival, departure = null) => ({
  arrival: arrival && day(arrival),
  departure: departure && day(departure),
});
const stayRules = (overrides = {}) => ({ today: day("2026-11-10"), minNights: 1, maxNights: 30, ...overrides });

/** Runs `body` as if the engine had no week data, so the region table answers. */
function withoutWeekInfo(body) {
  const prototype = Intl.Locale.prototype;
  const saved = ["getWeekInfo", "weekInfo"].map((name) => [name, Object.getOwnPropertyDescriptor(prototype, name)]);
  for (const [name] of saved) Object.defineProperty(prototype, name, { value: undefined, configurable: true });
  try {
    return body();
  } finally {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(prototype, name, descriptor);
      else delete prototype[name];
    }
  }
}

test("weeks start on Sunday in Korea, Japan, Thailand and the US, on Monday in Britain and Vietnam", () => {
  for (const locale of SUNDAY_FIRST) assert.equal(firstDayOfWeek(locale), 0, locale);
  for (const locale of MONDAY_FIRST) assert.equal(firstDayOfWeek(locale), 1, locale);
});

test("without the engine's week data, the region decides the first day of the week", () => {
  const answers = withoutWeekInfo(() =>
    Object.fromEntries(["ko-KR", "ja", "th-TH-u-ca-buddhist", "en-US", "en-GB", "vi-VN", "de-DE", "ar-EG"].map(
      (locale) => [locale, firstDayOfWeek(locale)],
    )),
  );
  assert.deepEqual(answers, {
    "ko-KR": 0, ja: 0, "th-TH-u-ca-buddhist": 0, "en-US": 0, "en-GB": 1, "vi-VN": 1, "de-DE": 1, "ar-EG": 6,
  });
});

test("without the engine's week data, a -u-fw- keyword still wins over the region", () => {
  assert.equal(withoutWeekInfo(() => firstDayOfWeek("en-GB-u-fw-sun")), 0);
});

test("day numbers know their weekday: 1 November 2026 is a Sunday", () => {
  assert.equal(weekday(day("2026-11-01")), 0);
  assert.equal(weekday(day("1970-01-01")), 4);
  assert.equal(weekday(day("2027-02-01")), 1);
});

test("November 2026 starts on a Sunday: no blank with Sunday first, six with Monday first", () => {
  for (const locale of SUNDAY_FIRST) assert.equal(leadingBlanks(monthGrid(2026, 11, firstDayOfWeek(locale))), 0);
  for (const locale of MONDAY_FIRST) assert.equal(leadingBlanks(monthGrid(2026, 11, firstDayOfWeek(locale))), 6);
});

test("a month's cells are its days in order, as day numbers, after the blanks", () => {
  const cells = monthGrid(2026, 11, 1);
  const days = daysOf(cells);
  assert.equal(days.length, 30);
  assert.equal(cells[6], day("2026-11-01"));
  assert.equal(days.at(-1), day("2026-11-30"));
  assert.ok(days.every((cell, index) => index === 0 || cell === days[index - 1] + 1));
});

test("blanks only lead and trail, and fill whole weeks", () => {
  const cells = monthGrid(2026, 11, 1);
  assert.equal(cells.length, 42);
  assert.deepEqual(cells.slice(36), [null, null, null, null, null, null]);
  assert.equal(monthGrid(2026, 11, 0).length, 35);
});

test("February has 28 days in 2027 and 29 in the leap year 2028", () => {
  const february2027 = monthGrid(2027, 2, 0);
  assert.equal(daysOf(february2027).length, 28);
  assert.equal(leadingBlanks(february2027), 1);
  assert.equal(daysOf(february2027).at(-1), day("2027-02-28"));
  const february2028 = monthGrid(2028, 2, 1);
  assert.equal(daysOf(february2028).length, 29);
  assert.equal(daysOf(february2028).at(-1), day("2028-02-29"));
  assert.equal(leadingBlanks(february2028), 1);
});

test("December's grid ends on New Year's Eve", () => {
  assert.equal(daysOf(monthGrid(2026, 12, 1)).at(-1), day("2026-12-31"));
});

test("month titles read as each language writes them, Thai in the Buddhist era", () => {
  assert.equal(monthTitle(2026, 11, "ko-KR"), "2026년 11월");
  assert.equal(monthTitle(2026, 11, "th-TH-u-ca-buddhist"), "พฤศจิกายน 2569");
  assert.equal(monthTitle(2026, 11, "ja-JP"), "2026年11月");
  assert.equal(monthTitle(2026, 11, "en-GB"), "November 2026");
  assert.equal(monthTitle(2026, 11, "vi-VN"), "tháng 11 năm 2026");
});

test("a month's title is never shifted into the month before", () => {
  assert.equal(monthTitle(2027, 1, "en-GB"), "January 2027");
});

test("weekday names start on the locale's first day of the week", () => {
  assert.deepEqual(weekdayNames("ko-KR", firstDayOfWeek("ko-KR")), ["일", "월", "화", "수", "목", "금", "토"]);
  assert.deepEqual(weekdayNames("ja-JP", firstDayOfWeek("ja-JP")), ["日", "月", "火", "水", "木", "金", "土"]);
  assert.deepEqual(weekdayNames("en-GB", firstDayOfWeek("en-GB")), ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
  const vietnamese = weekdayNames("vi-VN", firstDayOfWeek("vi-VN"), "narrow");
  assert.deepEqual(vietnamese, ["T2", "T3", "T4", "T5", "T6", "T7", "CN"]);
  assert.deepEqual(
    weekdayNames("th-TH-u-ca-buddhist", firstDayOfWeek("th-TH-u-ca-buddhist"), "narrow"),
    ["อา", "จ", "อ", "พ", "พฤ", "ศ", "ส"],
  );
});

test("long weekday names are there for accessible names", () => {
  assert.deepEqual(weekdayNames("en-GB", 0, "long").slice(0, 2), ["Sunday", "Monday"]);
  assert.equal(weekdayNames("ko-KR", 0, "long")[0], "일요일");
});

test("the first tap sets the arrival", () => {
  const { range, reason } = pickDay(rangeOf(null), day("2026-11-20"), stayRules());
  assert.equal(reason, null);
  assert.deepEqual(range, rangeOf("2026-11-20"));
});

test("today can be the arrival, yesterday cannot", () => {
  assert.deepEqual(pickDay(rangeOf(null), day("2026-11-10"), stayRules()).range, rangeOf("2026-11-10"));
  const empty = rangeOf(null);
  const refused = pickDay(empty, day("2026-11-09"), stayRules());
  assert.equal(refused.reason, "past");
  assert.equal(refused.range, empty);
});

test("a tap after the arrival sets the departure", () => {
  const { range, reason } = pickDay(rangeOf("2026-11-20"), day("2026-11-23"), stayRules());
  assert.equal(reason, null);
  assert.deepEqual(range, rangeOf("2026-11-20", "2026-11-23"));
  assert.equal(nightsOf(range), 3);
});

test("a tap before the arrival starts again with that day as the arrival", () => {
  const { range, reason } = pickDay(rangeOf("2026-11-20"), day("2026-11-15"), stayRules());
  assert.equal(reason, null);
  assert.deepEqual(range, rangeOf("2026-11-15"));
});

test("a tap on the arrival itself keeps it as the arrival, with no departure", () => {
  assert.deepEqual(pickDay(rangeOf("2026-11-20"), day("2026-11-20"), stayRules()).range, rangeOf("2026-11-20"));
});

test("a third tap starts again, even after the arrival", () => {
  const { range, reason } = pickDay(rangeOf("2026-11-20", "2026-11-23"), day("2026-11-25"), stayRules());
  assert.equal(reason, null);
  assert.deepEqual(range, rangeOf("2026-11-25"));
});

test("a departure short of the minimum nights is refused", () => {
  const chosen = rangeOf("2026-11-20");
  const refused = pickDay(chosen, day("2026-11-21"), stayRules({ minNights: 2 }));
  assert.equal(refused.reason, "tooFewNights");
  assert.equal(refused.range, chosen);
  assert.equal(pickDay(chosen, day("2026-11-22"), stayRules({ minNights: 2 })).range.departure, day("2026-11-22"));
});

test("a departure beyond the maximum nights is refused; exactly the maximum is accepted", () => {
  const chosen = rangeOf("2026-11-20");
  const refused = pickDay(chosen, day("2026-11-28"), stayRules({ maxNights: 7 }));
  assert.equal(refused.reason, "tooManyNights");
  assert.equal(refused.range, chosen);
  assert.equal(pickDay(chosen, day("2026-11-27"), stayRules({ maxNights: 7 })).range.departure, day("2026-11-27"));
});

test("no day after the last one shown can be picked, nor an arrival that leaves no room for a departure", () => {
  const rules = stayRules({ lastDay: day("2026-11-30"), minNights: 2 });
  assert.equal(pickDay(rangeOf(null), day("2026-12-01"), rules).reason, "afterLastDay");
  assert.equal(pickDay(rangeOf(null), day("2026-11-29"), rules).reason, "noDeparture");
  assert.equal(pickDay(rangeOf(null), day("2026-11-28"), rules).reason, null);
  assert.equal(pickDay(rangeOf("2026-11-28"), day("2026-11-30"), rules).range.departure, day("2026-11-30"));
});

test("while the departure is chosen, days making too few or too many nights are disabled", () => {
  const rules = stayRules({ minNights: 2, maxNights: 5 });
  const chosen = rangeOf("2026-11-20");
  assert.equal(isDisabled(day("2026-11-21"), chosen, rules), true);
  assert.equal(isDisabled(day("2026-11-22"), chosen, rules), false);
  assert.equal(isDisabled(day("2026-11-25"), chosen, rules), false);
  assert.equal(isDisabled(day("2026-11-26"), chosen, rules), true);
  assert.equal(isDisabled(day("2026-11-15"), chosen, rules), false, "an earlier day can start again");
});

test("past days are disabled; once both dates are chosen any later day can start again", () => {
  const rules = stayRules({ maxNights: 5 });
  const chosen = rangeOf("2026-11-20", "2026-11-23");
  assert.equal(isDisabled(day("2026-11-09"), chosen, rules), true);
  assert.equal(isDisabled(day("2026-12-20"), chosen, rules), false);
});

test("pointing at a day after the arrival previews the stay it would make, within the allowed nights", () => {
  const rules = stayRules({ minNights: 2, maxNights: 5 });
  const chosen = rangeOf("2026-11-20");
  assert.deepEqual(previewRange(chosen, day("2026-11-23"), rules), rangeOf("2026-11-20", "2026-11-23"));
  assert.equal(previewRange(chosen, day("2026-11-21"), rules), null, "too few nights");
  assert.equal(previewRange(chosen, day("2026-11-26"), rules), null, "too many nights");
  assert.equal(previewRange(chosen, day("2026-11-18"), rules), null, "before the arrival starts again");
  assert.equal(previewRange(rangeOf(null), day("2026-11-23"), rules), null, "no arrival yet");
  assert.equal(previewRange(rangeOf("2026-11-20", "2026-11-22"), day("2026-11-23"), rules), null, "range complete");
  assert.equal(previewRange(chosen, null, rules), null);
});

// MARK: a hotel's restrictions

const closed = closedDays([
  { date: "2026-11-20", noArrival: "restriction.closedToArrival" },
  { date: "2026-11-21", minStay: 3, maxStay: 5 },
  { date: "2026-11-24", noDeparture: true },
  { date: "2026-11-27", stopSell: true, noArrival: "restriction.stopSell" },
]);

test("a day the hotel closes to arrivals cannot start a stay, and says so", () => {
  const refused = pickDay(rangeOf(null), day("2026-11-20"), stayRules({ closed }));
  assert.equal(refused.reason, "closedToArrival");
  assert.ok(isDisabled(day("2026-11-20"), rangeOf(null), stayRules({ closed })));
  assert.equal(pickDay(rangeOf(null), day("2026-11-27"), stayRules({ closed })).reason, "stopSell");
});

test("an arrival's minimum and maximum stay bound the departures", () => {
  const rules = stayRules({ closed });
  assert.equal(pickDay(rangeOf("2026-11-21"), day("2026-11-23"), rules).reason, "minStay");
  assert.equal(pickDay(rangeOf("2026-11-21"), day("2026-11-27"), rules).reason, "maxStay");
  assert.deepEqual(pickDay(rangeOf("2026-11-21"), day("2026-11-25"), rules).range, rangeOf("2026-11-21", "2026-11-25"));
});

test("no stay ends on a day closed to departures, nor runs over a night not sold", () => {
  const rules = stayRules({ closed });
  assert.equal(pickDay(rangeOf("2026-11-22"), day("2026-11-24"), rules).reason, "closedToDeparture");
  assert.equal(pickDay(rangeOf("2026-11-25"), day("2026-11-29"), rules).reason, "stopSell");
  // Leaving on the morning of a night not sold is fine: the night is not stayed.
  assert.equal(pickDay(rangeOf("2026-11-25"), day("2026-11-27"), rules).reason, null);
});
