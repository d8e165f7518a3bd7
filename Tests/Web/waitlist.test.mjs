// A salon's waitlist without a browser: what the booking page sends to join it (Web/site/waitlist-join.js)
// and how far the days may reach, what the offer's page asks and counts down (Web/site/offer-page.js), and
// how the desk's list splits and what its form sends (Web/desk/salon/waitlist/waitlist.js).

import assert from "node:assert/strict";
import test from "node:test";

import { lastWaitingDay, waitlistBody } from "../../Web/site/waitlist-join.js";
import { feesCharged, timeLeft } from "../../Web/site/offer-page.js";
import { splitEntries, waitlistBody as deskBody } from "../../Web/desk/salon/waitlist/waitlist.js";

// MARK: - factories

const yen = (amount) => ({ amount, currency: "JPY" });
const fees = (changes = {}) => ({ lateCancellation: yen(0), noShow: yen(0), cancellingNow: yen(0), ...changes });
const aWait = (changes = {}) => ({
  serviceId: 3, staff: "any", from: "2026-12-02", to: "2026-12-04", name: " 山田 花子 ", email: " hanako@example.com ", phone: "",
  ...changes,
});
const anEntry = (id, state) => ({ id, state, serviceId: 3, from: "2026-12-02", to: "2026-12-02", offers: [] });

// MARK: - joining from the booking page

test("a wait reaches 14 days past its first day, or the salon's last bookable day if sooner", () => {
  assert.equal(lastWaitingDay("2026-12-25", "2027-01-26", 14), "2027-01-08");
  assert.equal(lastWaitingDay("2027-01-20", "2027-01-26", 14), "2027-01-26");
});

test("joining with anyone sends no stylist, and no phone when none is typed; names and addresses are trimmed", () => {
  assert.deepEqual(waitlistBody(aWait()), {
    serviceId: 3, from: "2026-12-02", to: "2026-12-04", customer: { name: "山田 花子", email: "hanako@example.com" },
  });
});

test("joining for a stylist sends them, and the phone typed", () => {
  const body = waitlistBody(aWait({ staff: 6, phone: " 090-1234-5678 " }));
  assert.equal(body.staffId, 6);
  assert.equal(body.customer.phone, "090-1234-5678");
});

// MARK: - the offer

test("terms that charge nothing need no acceptance; any fee does", () => {
  assert.equal(feesCharged(fees()), false);
  assert.equal(feesCharged(fees({ noShow: yen(6600) })), true);
  assert.equal(feesCharged(fees({ lateCancellation: yen(3300) })), true);
});

test("the hold counts down in minutes and seconds, and in hours from an hour", () => {
  assert.equal(timeLeft(245), "4:05");
  assert.equal(timeLeft(59), "0:59");
  assert.equal(timeLeft(3845), "1:04:05");
});

// MARK: - the desk

test("the desk lists those still waiting or offered a time apart from those whose wait ended, in the server's order", () => {
  const entries = [anEntry(1, "offered"), anEntry(2, "waiting"), anEntry(3, "booked"), anEntry(4, "withdrawn"), anEntry(5, "ended")];
  const { current, ended } = splitEntries(entries);
  assert.deepEqual(current.map((e) => e.id), [1, 2]);
  assert.deepEqual(ended.map((e) => e.id), [3, 4, 5]);
});

test("a customer added at the desk is sent with the language of their offers, and a stylist only when chosen", () => {
  const values = { serviceId: "3", staffId: "", from: "2026-12-02", to: "2026-12-02", name: "Somchai", email: "s@example.com", phone: "", language: "th" };
  assert.deepEqual(deskBody(values), {
    serviceId: 3, from: "2026-12-02", to: "2026-12-02", customer: { name: "Somchai", email: "s@example.com" }, language: "th",
  });
  assert.equal(deskBody({ ...values, staffId: "7" }).staffId, 7);
});
