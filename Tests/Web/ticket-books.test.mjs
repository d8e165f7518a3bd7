// A customer's ticket books at the checkout without a browser (Web/desk/salon/checkout/ticket-books.js and the
// order's draws in checkout-order.js): which books are offered for which visit, what is said of a book's lines
// and of what it has left, and what the order sends for the books drawn and sold.

import test from "node:test";
import assert from "node:assert/strict";
import { createI18n } from "../../Web/common/i18n.js";
import { drawRequests, saleOrder } from "../../Web/desk/salon/checkout/checkout-order.js";
import { balanceBooks, isPrepaid, leftWords, prepaidLabel, visitBooks } from "../../Web/desk/salon/checkout/ticket-books.js";
import { allMessages } from "./messages.mjs";

const MESSAGES = await allMessages("desk");
const english = createI18n("en", MESSAGES);
const yen = (amount) => ({ amount, currency: "JPY" });

/** A book as `GET /customers/{id}/ticket-books` lists it. */
function book(overrides = {}) {
  return {
    id: 5, name: "Blow-dry ×10", kind: "visits", serviceIds: [3, 4], units: 10, remaining: 7, price: yen(45000),
    soldOn: "2027-01-15", lastDay: "2028-01-14", usable: true, instrument: true, ...overrides,
  };
}

test("a visit is offered the usable books of visits that name its service, and no balance", () => {
  const books = [
    book({ id: 1 }),
    book({ id: 2, serviceIds: [9] }),
    book({ id: 3, usable: false }),
    book({ id: 4, kind: "amount", serviceIds: [], units: 11000, remaining: 8000 }),
  ];
  assert.deepEqual(visitBooks({ serviceId: 3 }, books).map((b) => b.id), [1]);
  assert.deepEqual(visitBooks({ serviceId: 7 }, books), []);
});

test("the balances offered are the usable books of an amount", () => {
  const books = [book({ id: 1 }), book({ id: 4, kind: "amount", serviceIds: [] }), book({ id: 6, kind: "amount", serviceIds: [], usable: false })];
  assert.deepEqual(balanceBooks(books).map((b) => b.id), [4]);
});

test("what is left is counted in visits for a book of visits, and in money for a balance", () => {
  assert.equal(leftWords(book(), english, "JPY"), "7 of 10 left");
  const balance = leftWords(book({ kind: "amount", units: 11000, remaining: 8000 }), english, "JPY");
  assert.equal(balance, `${english.money(yen(8000))} of ${english.money(yen(11000))} left`);
});

test("a book's line says it was sold when positive and paid with when negative, by the book's name", () => {
  const line = (amount) => ({ category: "prepaid", description: "Blow-dry ×10", amount: yen(amount) });
  assert.ok(isPrepaid(line(45000)) && !isPrepaid({ category: "deposit" }));
  assert.equal(prepaidLabel(line(45000), english), "Ticket book: Blow-dry ×10");
  assert.equal(prepaidLabel(line(-4500), english), "Paid with Blow-dry ×10");
});

test("the books of visits are drawn first, then the balances typed in major units, and an empty balance not at all", () => {
  const balance = { ticketBookId: 6, units: "30.50" };
  const empty = { ticketBookId: 7, units: " " };
  const visit = { ticketBookId: 5, appointmentId: 12 };
  const { draws, drawn } = drawRequests([balance, empty, visit], "THB");
  assert.deepEqual(draws, [{ ticketBookId: 5, appointmentId: 12 }, { ticketBookId: 6, units: 3050 }]);
  assert.deepEqual(drawn, [visit, balance]);
});

test("the order sends the books sold and drawn only when there are some", () => {
  const checkout = { appointmentIds: [12], items: [], discount: { kind: "none", value: "" }, payments: [], methods: [] };
  const plain = saleOrder({ ...checkout, tickets: [], draws: [] }, "JPY").body;
  assert.ok(!("tickets" in plain) && !("draws" in plain));
  const { body, drawn } = saleOrder({ ...checkout, tickets: [{ offerId: 1 }], draws: [{ ticketBookId: 5, appointmentId: 12 }] }, "JPY");
  assert.deepEqual(body.tickets, [{ offerId: 1 }]);
  assert.deepEqual(body.draws, [{ ticketBookId: 5, appointmentId: 12 }]);
  assert.equal(drawn.length, 1);
});

test("a balance's amount that is no amount is sent as none, for the server to refuse under its field", () => {
  assert.deepEqual(drawRequests([{ ticketBookId: 6, units: "12.5" }], "JPY").draws, [{ ticketBookId: 6, units: null }]);
});

test("a book's line on the receipt of its ending reads as what was left of it, and a draw's as before", () => {
  const japanese = createI18n("ja", MESSAGES);
  const line = { description: "Blow-dry ×10", amount: yen(-38500), ticketBookId: 5 };
  assert.equal(prepaidLabel(line, english, [{ ticketBookId: 5, endedOn: "2027-02-01" }]), "Blow-dry ×10: unused part, ended");
  assert.equal(prepaidLabel(line, japanese, [{ ticketBookId: 5, endedOn: "2027-02-01" }]), "Blow-dry ×10（中途解約・未使用分）");
  assert.equal(prepaidLabel(line, english, [{ ticketBookId: 6, endedOn: "2027-02-01" }]), "Paid with Blow-dry ×10");
  assert.equal(prepaidLabel(line, english, [{ ticketBookId: 5 }]), "Paid with Blow-dry ×10");
});
