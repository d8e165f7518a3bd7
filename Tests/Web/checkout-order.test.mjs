// The checkout's order (Web/desk/salon/checkout/checkout-order.js) without a browser: what is sent for what was chosen
// and typed, a payment's amount following what is still due, and where a refusal's field belongs.

import test from "node:test";
import assert from "node:assert/strict";
import { blankPayment as blankOf, fieldPlace, followDue, methodOf, saleOrder } from "../../Web/desk/salon/checkout/checkout-order.js";

/** A salon's catalogue as the server serves it (`paymentMethods`): cash counted, the others referenced. */
const METHODS = [
  { method: "cash", takesHandedOver: true, takesReference: false, drawsCode: false },
  { method: "card_terminal", takesHandedOver: false, takesReference: true, drawsCode: false },
  { method: "qr", takesHandedOver: false, takesReference: true, drawsCode: true },
  { method: "transfer", takesHandedOver: false, takesReference: true, drawsCode: false },
];
const blankPayment = (method) => ({ ...blankOf(METHODS), ...(method ? { method } : {}) });

/** A checkout of one appointment, nothing added, paid by one payment not yet typed. */
function checkout(overrides = {}) {
  return { appointmentIds: [28], items: [], discount: { kind: "none", value: "" }, payments: [blankPayment()], methods: METHODS, ...overrides };
}

const paid = (method, amount, more = {}) => ({ ...blankPayment(method), amount, typed: true, ...more });

test("a payment without an amount is not sent, and the others say which of the form's payments they are", () => {
  const { body, rows } = saleOrder(checkout({ payments: [blankPayment(), paid("card_terminal", "5000")] }), "JPY");
  assert.deepEqual(body.payments, [{ method: "card_terminal", amount: { amount: 5000, currency: "JPY" } }]);
  assert.deepEqual(rows, [1]);
  assert.deepEqual(body.appointmentIds, [28]);
});

test("amounts typed in major units are sent in the currency's minor units", () => {
  const { body } = saleOrder(checkout({ payments: [paid("cash", "1234.5", { tendered: "1500" })] }), "THB");
  assert.deepEqual(body.payments[0], {
    method: "cash", amount: { amount: 123450, currency: "THB" }, tendered: { amount: 150000, currency: "THB" },
  });
});

test("what is no amount is sent as none, for the server to refuse under its field", () => {
  const { body } = saleOrder(checkout({ payments: [paid("cash", "12.5")] }), "JPY");
  assert.equal(body.payments[0].amount.amount, null);
});

test("cash carries what was handed over, the other methods their reference, never the other way round", () => {
  const both = { tendered: "10000", reference: " slip 0042 " };
  const { body } = saleOrder(checkout({ payments: [paid("cash", "6000", both), paid("qr", "3000", both)] }), "JPY");
  assert.deepEqual(body.payments[0], { method: "cash", amount: { amount: 6000, currency: "JPY" }, tendered: { amount: 10000, currency: "JPY" } });
  assert.deepEqual(body.payments[1], { method: "qr", amount: { amount: 3000, currency: "JPY" }, reference: "slip 0042" });
});

test("a discount is a share in basis points or an amount, and none while nothing is typed", () => {
  const order = (kind, value) => saleOrder(checkout({ discount: { kind, value } }), "THB").body.discount;
  assert.deepEqual(order("percent", "12.5"), { basisPoints: 1250 });
  assert.deepEqual(order("amount", "100"), { amount: { amount: 10000, currency: "THB" } });
  assert.equal(order("percent", ""), undefined);
  assert.equal(order("none", "10"), undefined);
});

test("products are sent with their quantity and who sold them, when someone did", () => {
  const items = [{ productId: 1, quantity: 2, staffId: 6 }, { productId: 3, quantity: 1 }];
  assert.deepEqual(JSON.parse(JSON.stringify(saleOrder(checkout({ items }), "JPY").body.items)), [
    { productId: 1, quantity: 2, staffId: 6 },
    { productId: 3, quantity: 1 },
  ]);
});

test("a payment not typed takes what is still due", () => {
  const payments = [blankPayment()];
  assert.equal(followDue(payments, 15400, "JPY"), 0);
  assert.equal(payments[0].amount, "15400");
});

test("when another payment is typed, the one not typed gives way to it", () => {
  const payments = [{ ...blankPayment(), amount: "15400" }, paid("card_terminal", "5000")];
  assert.equal(followDue(payments, -5000, "JPY"), 0);
  assert.equal(payments[0].amount, "10400");
});

test("a payment not typed is emptied when the others pay it all, and is left alone once typed", () => {
  const payments = [{ ...blankPayment(), amount: "300.50" }, paid("transfer", "5000")];
  assert.equal(followDue(payments, -40000, "THB"), 0);
  assert.equal(payments[0].amount, "");
  assert.equal(followDue([paid("cash", "100")], 500, "JPY"), -1);
  assert.equal(followDue([blankPayment()], 0, "JPY"), -1);
  assert.equal(followDue([blankPayment()], -300, "JPY"), -1, "nothing to take back from a payment without an amount");
});

test("a refusal's field names its list, its place in it and the field", () => {
  assert.deepEqual(fieldPlace("payments[1].tendered.amount"), { list: "payments", index: 1, name: "tendered" });
  assert.deepEqual(fieldPlace("items[0].quantity"), { list: "items", index: 0, name: "quantity" });
  assert.deepEqual(fieldPlace("discount.basisPoints"), { list: "discount", index: null, name: "basisPoints" });
  assert.deepEqual(fieldPlace("payments"), { list: "payments", index: null, name: "" });
  assert.equal(fieldPlace(undefined), null);
});

test("a payment starts with the first way the property offers, and a second one with the first not counting cash again", () => {
  assert.equal(blankOf(METHODS).method, "cash");
  assert.equal(blankOf(METHODS, [blankOf(METHODS)]).method, "card_terminal");
  assert.equal(blankOf(METHODS, [{ ...blankOf(METHODS), method: "qr" }]).method, "cash");
  const hotel = [METHODS[1], METHODS[0]];
  assert.equal(blankOf(hotel).method, "card_terminal", "the server's order is the desk's");
});

test("what a method takes is the server's word, not the desk's: a method counted by hand carries what was handed over", () => {
  const counted = METHODS.map((offered) => (offered.method === "qr" ? { ...offered, takesHandedOver: true, takesReference: false } : offered));
  const { body } = saleOrder(checkout({ methods: counted, payments: [paid("qr", "3000", { tendered: "5000", reference: "x" })] }), "JPY");
  assert.deepEqual(body.payments[0], { method: "qr", amount: { amount: 3000, currency: "JPY" }, tendered: { amount: 5000, currency: "JPY" } });
  assert.equal(methodOf(METHODS, "cheque").takesReference, true, "a method no longer offered is taken with a reference");
});
