// Calendar days and wall clocks (Web/common/dates.js), as the desk and the guest site count them.

import test from "node:test";
import assert from "node:assert/strict";
import {
  addDays, dayNumber, instantOfWallClock, isoDay, isoWallMinute, localToday, nightsBetween, todayIn, wallClock, wallMinute,
} from "../../Web/common/dates.js";

test("calendar days round-trip through day numbers", () => {
  assert.equal(dayNumber("1970-01-02"), 1);
  assert.equal(isoDay(dayNumber("2026-11-23")), "2026-11-23");
  assert.equal(dayNumber("2027-01-01") - dayNumber("2026-12-31"), 1);
  assert.equal(isoDay(dayNumber("0999-03-01")), "0999-03-01");
});

test("a day is a strict YYYY-MM-DD: anything else is no day", () => {
  assert.equal(dayNumber("2026-2-01"), null);
  assert.equal(dayNumber("2026-02-30"), null);
  assert.equal(dayNumber("2026-11-23T10:00"), null);
  assert.equal(dayNumber(""), null);
  assert.equal(dayNumber(undefined), null);
});

test("days are added across months and years, and no day stays none", () => {
  assert.equal(addDays("2026-12-31", 1), "2027-01-01");
  assert.equal(addDays("2026-03-01", -1), "2026-02-28");
  assert.equal(addDays("2026-12-01", -13), "2026-11-18");
  assert.equal(addDays("someday", 1), null);
});

test("nights are counted between an arrival and a departure", () => {
  assert.equal(nightsBetween("2026-12-30", "2027-01-02"), 3);
  assert.equal(nightsBetween("2026-03-28", "2026-03-30"), 2);
});

test("a wall clock counts in minutes, its seconds and offset left aside", () => {
  assert.equal(wallMinute("1970-01-01T01:05Z"), 65);
  assert.equal(wallMinute("1970-01-01T01:05:30+09:00"), 65);
  assert.equal(wallMinute("2026-11-22 10:30"), null);
  assert.equal(wallMinute("2026-11-22T24:00"), null);
  assert.equal(isoWallMinute(wallMinute("2026-11-22T23:45") + 30), "2026-11-23T00:15");
});

test("today is the guest's local date", () => {
  // 23:30 on 30 November in a zone 9 hours ahead of UTC is 14:30 UTC: still the 30th.
  const now = { getTime: () => Date.UTC(2026, 10, 30, 14, 30), getTimezoneOffset: () => -540 };
  assert.equal(localToday(now), "2026-11-30");
  const late = { getTime: () => Date.UTC(2026, 10, 30, 16, 0), getTimezoneOffset: () => -540 };
  assert.equal(localToday(late), "2026-12-01");
});

test("today is the hotel's day in its zone, not UTC's nor the browser's", () => {
  // 01:30 in Chiang Mai on 25 November is still 24 November in UTC.
  assert.equal(todayIn("Asia/Bangkok", Date.parse("2026-11-24T18:30:00Z")), "2026-11-25");
  assert.equal(todayIn("Asia/Bangkok", Date.parse("2026-11-24T16:59:00Z")), "2026-11-24");
  // And 23:00 in Honolulu is already tomorrow in UTC.
  assert.equal(todayIn("Pacific/Honolulu", Date.parse("2026-11-25T09:00:00Z")), "2026-11-24");
});

test("a salon's wall clock and the instant it means go both ways, across a daylight-saving change", () => {
  assert.equal(instantOfWallClock("2026-11-22T10:30", "Asia/Tokyo"), "2026-11-22T01:30:00Z");
  assert.equal(wallClock("2026-11-22T01:30:00Z", "Asia/Tokyo"), "2026-11-22T10:30");
  assert.equal(instantOfWallClock("2026-11-22T00:15", "Asia/Bangkok"), "2026-11-21T17:15:00Z");
  // New York: summer time ends on 1 November 2026 and starts on 8 March 2026.
  assert.equal(instantOfWallClock("2026-07-01T09:00", "America/New_York"), "2026-07-01T13:00:00Z");
  assert.equal(instantOfWallClock("2026-12-01T09:00", "America/New_York"), "2026-12-01T14:00:00Z");
  assert.equal(wallClock("2026-03-08T07:30:00Z", "America/New_York"), "2026-03-08T03:30");
  assert.throws(() => instantOfWallClock("10:30", "Asia/Tokyo"), RangeError);
});
