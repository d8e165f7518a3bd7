// A repeat booking's pure parts (Web/desk/salon/appointments/appointment-series.js): which visits are booked as chosen, how a
// refusal names the visit it is about, and what sending a change "this and all later" again over a later
// visit takes; without a browser.

import assert from "node:assert/strict";
import test from "node:test";

import { anyway, firstChoices, passedOver, refusedVisit, visitIndexOfField, visitsToBook } from "../../Web/desk/salon/appointments/appointment-series.js";

/** A visit as the plan answers it. */
const visit = (start, { taken = false, outsideHours = false, alternatives = [] } = {}) => ({ start, taken, outsideHours, alternatives });

const PLAN = [
  visit("2026-12-10T02:00:00Z"),
  visit("2026-12-17T02:00:00Z", { taken: true, alternatives: ["2026-12-17T02:45:00Z", "2026-12-17T01:15:00Z"] }),
  visit("2026-12-24T02:00:00Z", { outsideHours: true }),
];

test("free visits are booked at their time, a marked one waits for a choice", () => {
  assert.deepEqual(firstChoices(PLAN), [{ start: "2026-12-10T02:00:00Z" }, undefined, undefined]);
});

test("booked over anyway says what it is booked over, and nothing else", () => {
  assert.deepEqual(anyway(PLAN[1]), { start: "2026-12-17T02:00:00Z", overlapping: true });
  assert.deepEqual(anyway(PLAN[2]), { start: "2026-12-24T02:00:00Z", outsideWorkingHours: true });
  assert.deepEqual(anyway(visit("x", { taken: true, outsideHours: true })), { start: "x", overlapping: true, outsideWorkingHours: true });
});

test("the visits sent leave out those skipped or undecided, each remembering the visit it came from", () => {
  const choices = [{ start: PLAN[0].start }, { start: PLAN[1].alternatives[0] }, null];
  assert.deepEqual(visitsToBook(choices), {
    visits: [{ start: "2026-12-10T02:00:00Z" }, { start: "2026-12-17T02:45:00Z" }],
    planned: [0, 1],
  });
  assert.deepEqual(visitsToBook([undefined, { start: "b" }]).planned, [1]);
});

test("a refusal names the visit sent by its index", () => {
  assert.equal(visitIndexOfField("visits[3].start"), 3);
  assert.equal(visitIndexOfField("visits[0].start"), 0);
  assert.equal(visitIndexOfField("customer.name"), null);
  assert.equal(visitIndexOfField(undefined), null);
});

test("a visit refused at booking is marked as its reason says, with no nearby times left to offer", () => {
  assert.deepEqual(refusedVisit(PLAN[0], "appointment.taken"), { ...PLAN[0], taken: true });
  assert.deepEqual(refusedVisit(PLAN[0], "appointment.outsideShift"), { ...PLAN[0], outsideHours: true });
  assert.deepEqual(refusedVisit(PLAN[1], "appointment.taken").alternatives, []);
});

test("a later visit taken is moved over with overlapping, one outside hours with outsideWorkingHours", () => {
  const refusal = (reason, params = { start: "2026-12-24T02:00:00Z" }) => ({ reason, params, field: "start" });
  assert.deepEqual(passedOver(refusal("appointment.taken")), { overlapping: true });
  assert.deepEqual(passedOver(refusal("appointment.outsideShift")), { outsideWorkingHours: true });
  // Without the visit's start it is this appointment's own refusal, for the form to show.
  assert.equal(passedOver(refusal("appointment.outsideShift", {})), null);
  assert.equal(passedOver(refusal("stale")), null);
});
