// What the desk offers to do to a stay (Web/desk/stay-rules.js), by the server's rules.
import test from "node:test";
import assert from "node:assert/strict";
import { canCheckIn, canMarkNoShow, roomOn, roomTypeChangeNote } from "../../Web/desk/stay-rules.js";
import { createI18n } from "../../Web/common/i18n.js";
import { allMessages } from "./messages.mjs";

const MESSAGES = await allMessages("desk");

const stay = (overrides = {}) => ({
  state: "booked", arrival: "2026-11-24", departure: "2026-11-27",
  segments: [{ roomId: 7, arrival: "2026-11-24", departure: "2026-11-27" }], ...overrides,
});

test("a booked stay checks in from its arrival until its departure, into its room", () => {
  assert.equal(canCheckIn(stay(), "2026-11-24"), true);
  assert.equal(canCheckIn(stay(), "2026-11-26"), true);
  assert.equal(canCheckIn(stay(), "2026-11-23"), false, "not before the arrival");
  assert.equal(canCheckIn(stay(), "2026-11-27"), false, "not on the departure day");
  assert.equal(canCheckIn(stay({ state: "cancelled" }), "2026-11-24"), false);
});

test("a stay without a room on the day cannot check in", () => {
  const unroomed = stay({ segments: [{ arrival: "2026-11-24", departure: "2026-11-27" }] });
  assert.equal(roomOn(unroomed, "2026-11-24"), null);
  assert.equal(canCheckIn(unroomed, "2026-11-24"), false);
});

test("a no-show is marked only from the arrival day", () => {
  assert.equal(canMarkNoShow(stay(), "2026-11-23"), false);
  assert.equal(canMarkNoShow(stay(), "2026-11-24"), true);
});

test("a room of another type says the difference in the desk's language, and nothing when there is none", () => {
  const change = {
    bookedAs: { id: 1, name: "Garden Double" }, roomType: { id: 2, name: "Pool Suite" }, nights: 2,
    difference: { amount: 300000, currency: "THB" },
  };
  const en = roomTypeChangeNote(change, createI18n("en", MESSAGES));
  assert.match(en, /Pool Suite \(booked as Garden Double\): THB\s?3,000\.00 more for 2 nights/);
  const th = roomTypeChangeNote({ ...change, difference: { amount: -50000, currency: "THB" } }, createI18n("th", MESSAGES));
  assert.match(th, /ถูกกว่า/);
  assert.doesNotMatch(th, /more|less|booked/);
  assert.equal(roomTypeChangeNote(undefined, createI18n("en", MESSAGES)), "");
});
