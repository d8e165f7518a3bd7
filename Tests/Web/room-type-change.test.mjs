// A change into a room of another type, worded by the desk (Web/desk/stays/room-type-change.js).
import test from "node:test";
import assert from "node:assert/strict";
import { roomTypeChangeNote } from "../../Web/desk/stays/room-type-change.js";
import { createI18n } from "../../Web/common/i18n.js";
import { allMessages } from "./messages.mjs";

const MESSAGES = await allMessages("desk");

test("a room of another type says the difference in the desk's language, and nothing when there is none", () => {
  const change = {
    bookedAs: { id: 1, name: "Garden Double" }, roomType: { id: 2, name: "Pool Suite" }, nights: 2,
    difference: { amount: 300000, currency: "THB" },
  };
  const en = roomTypeChangeNote(change, createI18n("en", MESSAGES));
  assert.match(en, /Pool Suite \(booked as Garden Double\): ฿\s?3,000\.00 more for 2 nights/);
  const th = roomTypeChangeNote({ ...change, difference: { amount: -50000, currency: "THB" } }, createI18n("th", MESSAGES));
  assert.match(th, /ถูกกว่า/);
  assert.doesNotMatch(th, /more|less|booked/);
  assert.equal(roomTypeChangeNote(undefined, createI18n("en", MESSAGES)), "");
});
