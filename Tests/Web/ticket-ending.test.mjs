// Ending a ticket book from the customer's record without a browser (Web/desk/salon/customers/ticket-ending.js):
// what the form sends for what is typed, and what it refuses before sending.

import test from "node:test";
import assert from "node:assert/strict";
import { endingRequest } from "../../Web/desk/salon/customers/ticket-ending.js";

test("the fee typed in yen or baht is sent in minor units with the method and the reason trimmed", () => {
  assert.deepEqual(endingRequest({ fee: "3850", method: "cash", reason: " Moving to Osaka " }, "JPY").body, {
    fee: { amount: 3850, currency: "JPY" }, method: "cash", reason: "Moving to Osaka",
  });
  assert.deepEqual(endingRequest({ fee: "12.50", method: "transfer", reason: "x" }, "THB").body.fee, { amount: 1250, currency: "THB" });
  // Nothing typed is no fee.
  assert.deepEqual(endingRequest({ fee: " ", method: "cash", reason: "x" }, "JPY").body.fee, { amount: 0, currency: "JPY" });
});

test("a fee that is no amount of the currency is said under the fee, and nothing is sent", () => {
  for (const fee of ["abc", "12.5", "1e3"]) {
    assert.deepEqual(endingRequest({ fee, method: "cash", reason: "x" }, "JPY"), { field: "fee.amount", key: "ticket.endFeeNotAmount" });
  }
  assert.equal(endingRequest({ fee: "12.505", method: "cash", reason: "x" }, "THB").field, "fee.amount");
});
