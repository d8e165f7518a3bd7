// What the checkout screen (checkout.js) sends: the `SaleOrder` built from what the receptionist chose and
// typed, a payment's amount following what is still due until they type one, and where a refusal's field
// belongs. Every number shown comes from the server's quote; nothing here prices anything.

import { currencyDigits, toMajorUnits, toMinorUnits } from "../../../common/money.js";


/**
 * How `name` is taken at the property (`OfferedPaymentMethod`, from the server's `paymentMethods`): whether
 * cash handed over is counted, a reference written, a code drawn, a guest's stay named (charged to their
 * room). A method the server no longer offers is taken with a reference.
 * @param {{method: string, takesHandedOver: boolean, takesReference: boolean, drawsCode: boolean, chargesRoom: boolean}[]} methods
 */
export function methodOf(methods, name) {
  return methods.find((offered) => offered.method === name) ?? { method: name, takesHandedOver: false, takesReference: true, drawsCode: false, chargesRoom: false };
}

/**
 * A payment as the form starts it: its amount not typed (`typed` false), so that it follows what is
 * still due; what was handed over (cash) and a reference (the others) as typed, in major units. Its method
 * is the first the property offers, or the first whose handing over is not counted already by one of
 * `others` (one payment's cash makes the change).
 * @param {object[]} methods the property's `paymentMethods`
 * @param {object[]} others the form's payments before it
 */
export function blankPayment(methods, others = []) {
  const counted = others.some((payment) => methodOf(methods, payment.method).takesHandedOver);
  const first = methods.find((offered) => !(counted && offered.takesHandedOver)) ?? methods[0];
  return { method: first?.method ?? "", amount: "", typed: false, tendered: "", reference: "", stayId: null };
}

/**
 * The order for the form's state, which of the form's payments each payment sent is (`rows`), and which of
 * the form's draws each draw sent is (`drawn`): a payment without an amount is none yet and is left out, and
 * so is a balance's draw. Amounts typed in major units are sent in minor units (null when they are no
 * amount, for the server to refuse under the field).
 * @param {{appointmentIds: number[], items: {productId: number, quantity?: number, staffId?: number}[],
 *   discount: {kind: "none" | "percent" | "amount", value: string}, payments: object[], customerId?: number,
 *   methods: object[], tickets?: {offerId: number}[], draws?: object[]}} state `methods` the property's
 *   `paymentMethods`; `tickets` the books sold; `draws` the customer's books drawn (`drawRequests`)
 * @param {string} currency the salon's
 * @returns {{body: object, rows: number[], drawn: object[]}}
 */
export function saleOrder(state, currency) {
  const digits = currencyDigits(currency);
  const money = (text) => ({ amount: toMinorUnits(text, digits), currency });
  const body = {
    appointmentIds: [...state.appointmentIds],
    items: state.items.map(({ productId, quantity, staffId }) => ({ productId, quantity, staffId: staffId ?? undefined })),
    payments: [],
  };
  const { kind, value } = state.discount;
  if (kind !== "none" && value.trim() !== "") {
    // A percentage typed as 12.5 is 1250 basis points: two decimals, as money with two digits.
    body.discount = kind === "percent" ? { basisPoints: toMinorUnits(value, 2) } : { amount: money(value) };
  }
  const { payments, rows } = paymentRequests(state.payments, currency, state.methods);
  body.payments = payments;
  if (state.customerId) body.customerId = state.customerId;
  if (state.tickets?.length) body.tickets = state.tickets.map(({ offerId }) => ({ offerId }));
  const { draws, drawn } = drawRequests(state.draws ?? [], currency);
  if (draws.length) body.draws = draws;
  return { body, rows, drawn };
}

/**
 * The draws of the customer's books the form asks for, and which of the form's draws each one sent is: a
 * book of visits paying an appointment (`{ticketBookId, appointmentId}`), then the balances paying an
 * amount typed in major units (`{ticketBookId, units: "8000"}`, sent in minor units; one left empty is none).
 * The visits come first: the server takes a balance's bonus off the lines no book of visits pays.
 * @param {({ticketBookId: number, appointmentId: number} | {ticketBookId: number, units: string})[]} draws
 * @param {string} currency the salon's
 * @returns {{draws: object[], drawn: object[]}}
 */
export function drawRequests(draws, currency) {
  const digits = currencyDigits(currency);
  const visits = draws.filter((draw) => draw.appointmentId !== undefined);
  const balances = draws.filter((draw) => draw.appointmentId === undefined && draw.units.trim() !== "");
  const drawn = [...visits, ...balances];
  return {
    draws: drawn.map((draw) =>
      draw.appointmentId !== undefined
        ? { ticketBookId: draw.ticketBookId, appointmentId: draw.appointmentId }
        : { ticketBookId: draw.ticketBookId, units: toMinorUnits(draw.units, digits) },
    ),
    drawn,
  };
}

/**
 * The `SalePaymentRequest`s for the form's payments, and which of the form's payments each one sent is: a
 * payment without an amount is none yet and is left out; what was handed over goes with cash, a
 * reference with the methods that take one, the stay with a room's bill (`methodOf`). Amounts typed in major units are sent in minor units (null when they
 * are no amount, for the server to refuse under the field).
 * @param {object[]} payments the form's (`blankPayment()`s as edited)
 * @param {string} currency the salon's
 * @param {object[]} methods the property's `paymentMethods`
 * @returns {{payments: object[], rows: number[]}}
 */
export function paymentRequests(payments, currency, methods) {
  const digits = currencyDigits(currency);
  const money = (text) => ({ amount: toMinorUnits(text, digits), currency });
  const sent = [];
  const rows = [];
  payments.forEach((payment, index) => {
    if (payment.amount.trim() === "") return;
    const request = { method: payment.method, amount: money(payment.amount) };
    const taken = methodOf(methods, payment.method);
    if (taken.takesHandedOver && payment.tendered.trim() !== "") request.tendered = money(payment.tendered);
    if (taken.takesReference && payment.reference.trim() !== "") request.reference = payment.reference.trim();
    // Charged to a room: the stay chosen, or none for the server to ask for under the field.
    if (taken.chargesRoom && payment.stayId) request.stayId = payment.stayId;
    sent.push(request);
    rows.push(index);
  });
  return { payments: sent, rows };
}

/**
 * Has the first payment whose amount was not typed follow what the quote says is still `due` (minor
 * units, negative when paid over): its amount grows or shrinks by it, and is emptied (no payment) when
 * nothing is left for it. Changes `payments` in place.
 * @returns {number} the payment changed, or -1 when none did
 */
export function followDue(payments, due, currency) {
  if (due === 0) return -1;
  const index = payments.findIndex((payment) => !payment.typed);
  if (index < 0) return -1;
  const digits = currencyDigits(currency);
  const payment = payments[index];
  const before = payment.amount.trim() === "" ? 0 : toMinorUnits(payment.amount, digits);
  if (before === null) return -1;
  const after = before + due;
  const amount = after > 0 ? toMajorUnits(after, digits) : "";
  if (amount === payment.amount) return -1;
  payment.amount = amount;
  return index;
}

/**
 * Where a refusal's field is in the order: `payments[1].tendered.amount` is `{list: "payments", index: 1,
 * name: "tendered"}`, `discount.basisPoints` is `{list: "discount", index: null, name: "basisPoints"}`.
 * @returns {{list: string, index: number | null, name: string} | null}
 */
export function fieldPlace(field) {
  const match = /^(\w+)(?:\[(\d+)\])?(?:\.(\w+))?/.exec(field ?? "");
  if (!match) return null;
  return { list: match[1], index: match[2] === undefined ? null : Number(match[2]), name: match[3] ?? "" };
}
