// Who an appointment booked on the board is for (Web/desk/salon/customers/booking-customer.js), without a browser: what is
// searched as the name or phone is typed, how many are suggested, a record chosen filling the form and
// standing until it is typed over, the `customer` the booking sends, and the arrows among the suggestions.

import { test } from "node:test";
import assert from "node:assert/strict";
import {
  SUGGESTED, appointmentCustomer, movedOption, rowsOf, searchText, stillChosen, suggestions, withReading,
} from "../../Web/desk/salon/customers/booking-customer.js";

// MARK: - factories

const aCustomer = (changes = {}) => ({
  id: 7, name: "田中 花子", reading: "タナカ ハナコ", phone: "090-1234-5678", lastVisit: "2026-10-24T03:00:00Z", ...changes,
});

const customers = (count) => Array.from({ length: count }, (_, n) => aCustomer({ id: n + 1 }));

// MARK: - what is searched

test("a name is searched as typed, without the spaces around it", () => {
  assert.equal(searchText("customer.name", "  たなか "), "たなか");
  assert.equal(searchText("customer.name", "   "), "");
});

test("a phone is searched by its digits, full-width ones too, once there are three", () => {
  assert.equal(searchText("customer.phone", "090-1234"), "0901234");
  assert.equal(searchText("customer.phone", "０９０ １２"), "09012");
  assert.equal(searchText("customer.phone", "+8"), "");
});

test("at most five customers are suggested, in the order the server found them", () => {
  assert.equal(SUGGESTED, 5);
  assert.deepEqual(suggestions(customers(20)).map((c) => c.id), [1, 2, 3, 4, 5]);
  assert.deepEqual(suggestions(customers(2)).map((c) => c.id), [1, 2]);
});

// MARK: - a record chosen

test("a record chosen fills the form's name, reading and phone", () => {
  assert.deepEqual(rowsOf(aCustomer()), {
    "customer.name": "田中 花子", "customer.reading": "タナカ ハナコ", "customer.phone": "090-1234-5678",
  });
  assert.equal(rowsOf(aCustomer({ reading: "" }))["customer.reading"], "");
});

test("the choice stands while the rows hold the record's details", () => {
  assert.equal(stillChosen(aCustomer(), rowsOf(aCustomer())), true);
  assert.equal(stillChosen(aCustomer(), { ...rowsOf(aCustomer()), "customer.name": "田中 花子 " }), true);
});

test("typing over the name, the reading or the phone makes it a booking for someone else", () => {
  for (const row of ["customer.name", "customer.reading", "customer.phone"]) {
    assert.equal(stillChosen(aCustomer(), { ...rowsOf(aCustomer()), [row]: "田中" }), false, row);
  }
});

test("a customer is named with their reading after the name, or by the name alone", () => {
  assert.equal(withReading(aCustomer()), "田中 花子 (タナカ ハナコ)");
  assert.equal(withReading(aCustomer({ name: "Emma Schmidt", reading: "" })), "Emma Schmidt");
});

// MARK: - what the booking sends

test("a booking for a chosen record sends its id and the name it is made under", () => {
  const details = { customerId: 7, name: "田中 花子", reading: "タナカ ハナコ", phone: "090-1234-5678" };
  assert.deepEqual(appointmentCustomer(details), { id: 7, name: "田中 花子" });
});

test("a booking for no one chosen sends the name, and the reading and phone when typed", () => {
  assert.deepEqual(appointmentCustomer({ name: "Nana", reading: "", phone: "" }), { name: "Nana", reading: undefined, phone: undefined });
  assert.deepEqual(appointmentCustomer({ name: "Nana", reading: "ナナ", phone: "080" }), { name: "Nana", reading: "ナナ", phone: "080" });
});

// MARK: - the arrows

test("Down goes from none to the first, on, and round from the last to the first", () => {
  assert.deepEqual([-1, 0, 4].map((active) => movedOption(active, 5, "ArrowDown")), [0, 1, 0]);
});

test("Up goes from none or the first to the last, and back", () => {
  assert.deepEqual([-1, 0, 3].map((active) => movedOption(active, 5, "ArrowUp")), [4, 4, 2]);
});

test("other keys, and arrows with nothing suggested, are the text field's", () => {
  assert.equal(movedOption(0, 5, "Home"), undefined);
  assert.equal(movedOption(-1, 0, "ArrowDown"), undefined);
});
