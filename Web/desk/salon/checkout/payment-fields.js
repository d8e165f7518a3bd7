// One payment's controls, as the checkout (checkout.js), a receipt still owed (receipt.js) and a deposit
// (appointment-deposit.js) take it: how it is paid, the amount in the salon's currency, and what was handed
// over (cash), a reference (the other methods) or the hotel guest whose room it is charged to, each labelled
// above and with the place for its refusal below; the change of one payment alone in cash; and the labelled field and the edit listener they are
// made of, which the checkout's other controls use too.

import { h, fill } from "../../../common/dom.js";
import { textLength } from "../../../common/limits.js";
import { currencyDigits, currencySign, toMajorUnits, toMinorUnits } from "../../../common/money.js";
import { call, errorText, get, keyPerBody } from "../../api.js";
import { blankPayment, fieldPlace, methodOf, paymentRequests } from "./checkout-order.js";

/**
 * Keeps what is typed into `input` (or pasted, or cleared) with `keep(value)` and tells `changed()`, only
 * when it differs from what is kept (`kept()`): leaving a field changes nothing, so that a press of a button
 * is not lost to a form redrawn as the field it leaves loses focus.
 */
export function onEdit(input, kept, keep, changed) {
  const edit = () => {
    if (input.value === kept()) return;
    keep(input.value);
    changed();
  };
  input.addEventListener("input", edit);
  input.addEventListener("change", edit);
}

/** A control with its words above and the place for a refusal of it below; `words` may be worded again. */
export function field(text, control, className = "") {
  const words = h("span", { text });
  const error = h("p", { class: "desk-form-error", role: "alert" });
  return { element: h("div", { class: `checkout-field ${className}`.trim() }, h("label", {}, words, control), error), error, words };
}

/**
 * The hotel guest a payment charged to a room names: a search by room or name, and the guests in the house
 * the server finds for it (`GET …/room-guests`, at most its bound), `preset` (the visit's own guest) first.
 * Asked when first shown and as typed, the latest answer winning; the stay chosen is kept in
 * `payment.stayId`.
 * @param {{id: (name: string) => string, propertyId: number, preset: object|null, changed: () => void}} options
 */
function roomFinder(i18n, payment, { id, propertyId, preset, changed }) {
  const { t } = i18n;
  const search = h("input", { id: id("roomSearch"), type: "search", ...textLength("room.query"), autocomplete: "off", placeholder: t("checkout.roomSearch"), "aria-label": t("checkout.roomSearch") });
  const select = h("select", { id: id("stayId") });
  let asked = 0;
  let timer = null;
  const show = (guests) => {
    const found = guests.filter((guest) => guest.inHouse);
    const list = preset?.inHouse && !found.some((guest) => guest.stayId === preset.stayId) ? [preset, ...found] : found;
    if (payment.stayId && !list.some((guest) => guest.stayId === payment.stayId)) payment.stayId = null;
    fill(
      select,
      h("option", { value: "", text: t(list.length ? "checkout.roomChoose" : "checkout.roomNone") }),
      list.map((guest) =>
        h("option", { value: String(guest.stayId), selected: guest.stayId === payment.stayId, text: t("checkout.roomGuest", { room: guest.room, name: guest.name }) }),
      ),
    );
  };
  const find = async () => {
    const mine = ++asked;
    try {
      const { guests } = await get(`/api/v1/properties/${propertyId}/room-guests?q=${encodeURIComponent(search.value.trim())}`);
      if (mine === asked) show(guests);
    } catch {
      // Unreachable or refused: the choice stays as it was; paying says why under the field.
    }
  };
  search.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(find, 250);
  });
  select.addEventListener("change", () => {
    payment.stayId = Number(select.value) || null;
    changed();
  });
  show([]);
  let loaded = false;
  return {
    element: h("div", { class: "checkout-room" }, search, select),
    /** Asks for the guests once, when the field is first shown. */
    load: () => {
      if (loaded) return;
      loaded = true;
      find();
    },
  };
}

/**
 * The controls of `payment` (a `blankPayment()`, changed in place as it is edited): the method, the
 * amount (typed, it no longer follows what is due), what was handed over shown for cash, the hotel guest for
 * a payment charged to a room, and the reference for the rest.
 * @param {object} i18n the page's (`t`, `locale`)
 * @param {object} payment
 * @param {{id: (name: string) => string, currency: string, methods: object[], changed: (now?: boolean) => void,
 *   rooms?: {propertyId: number, preset?: object|null}}} options
 *   `id("amount")` is the amount's element id; `methods` the property's `paymentMethods`, offered in their
 *   order (one charged to a room only with `rooms`: the salon and the visit's own hotel guest);
 *   `changed(true)` when the method changes, `changed()` as typed
 * @returns {{elements: HTMLElement[], method: HTMLSelectElement, amount: HTMLInputElement, tendered: HTMLInputElement,
 *   errors: HTMLElement[], errorAt: (name: string) => HTMLElement}}
 */
export function paymentFields(i18n, payment, { id, currency, methods: offered, changed, rooms }) {
  const { t } = i18n;
  const methods = rooms ? offered : offered.filter((taken) => !taken.chargesRoom);
  const step = toMajorUnits(1, currencyDigits(currency));
  const sign = currencySign(currency, i18n.locale);
  const method = h(
    "select",
    { id: id("method") },
    methods.map(({ method: name }) => h("option", { value: name, selected: name === payment.method, text: t(`method.${name}`) })),
  );
  const money = (name) => h("input", { id: id(name), type: "number", min: "0", step, inputmode: "decimal", value: payment[name] });
  const amount = money("amount");
  const tendered = money("tendered");
  const reference = h("input", { id: id("reference"), type: "text", ...textLength("payment.reference"), autocomplete: "off", value: payment.reference });
  const room = rooms ? roomFinder(i18n, payment, { id, propertyId: rooms.propertyId, preset: rooms.preset ?? null, changed: () => changed() }) : null;
  const fields = {
    method: field(t("checkout.method"), method),
    amount: field(t("checkout.paymentAmount", { sign }), amount),
    tendered: field(t("checkout.tendered", { sign }), tendered),
    reference: field(t("checkout.reference"), reference, "is-wide"),
    // `payments[0].stayId` is said here.
    stayId: field(t("checkout.room"), room?.element ?? h("span"), "is-wide"),
  };
  const showMethod = () => {
    const taken = methodOf(methods, payment.method);
    fields.tendered.element.hidden = !taken.takesHandedOver;
    fields.reference.element.hidden = !taken.takesReference;
    fields.stayId.element.hidden = !(room && taken.chargesRoom);
    if (room && taken.chargesRoom) room.load();
  };
  method.addEventListener("change", () => {
    payment.method = method.value;
    showMethod();
    changed(true);
  });
  onEdit(amount, () => payment.amount, (value) => {
    payment.amount = value;
    // Emptied, it follows what is still due again.
    payment.typed = value.trim() !== "";
  }, () => changed());
  onEdit(tendered, () => payment.tendered, (value) => {
    payment.tendered = value;
  }, () => changed());
  onEdit(reference, () => payment.reference, (value) => {
    payment.reference = value;
  }, () => changed());
  showMethod();
  return {
    elements: Object.values(fields).map((f) => f.element),
    method, amount, tendered,
    errors: Object.values(fields).map((f) => f.error),
    // `payments[0].amount.amount` is the amount's; a payment refused whole is said under its amount.
    errorAt: (name) => (fields[name] ?? fields.amount).error,
  };
}

/**
 * The change of `payment` when it is the only one and its handing over is counted (cash): what was handed
 * over less its amount, shown while both are amounts and enough was handed over, hidden otherwise. `show()`
 * after each edit.
 * @param {{id: string, currency: string, methods: object[], of: string}} options `of` the ids of the amount
 *   and what was handed over; `methods` the property's `paymentMethods`
 * @returns {{element: HTMLElement, show: () => void}}
 */
export function changeField(i18n, payment, { id, currency, methods, of }) {
  const digits = currencyDigits(currency);
  const change = h("output", { id, for: of });
  const shown = field(i18n.t("checkout.change"), change);
  const show = () => {
    const handed = methodOf(methods, payment.method).takesHandedOver ? toMinorUnits(payment.tendered, digits) : null;
    const paid = toMinorUnits(payment.amount, digits);
    const back = handed !== null && paid !== null && handed >= paid ? handed - paid : null;
    shown.element.hidden = back === null;
    change.textContent = back === null ? "" : i18n.money({ amount: back, currency });
  };
  show();
  return { element: shown.element, show };
}

/**
 * A form taking one payment of `amount` (what a sale still owes, an appointment's deposit): the payment's
 * fields (`${id}-amount`…), its amount `amount` unless typed, the change of the cash handed over as it is
 * typed (`${id}-change`), and its button; POSTed to `path` once per body (`Idempotency-Key`). `done(sale)`
 * with the server's answer. A refusal `refused(refusal)` answers itself (by returning true) is left to it;
 * any other is said under the payment's field it names, or in `message`.
 * @param {object} i18n the page's (`t`, `money`, `locale`)
 * @param {{amount: number, currency: string}} amount
 * @param {{id: string, path: string, methods: object[], rooms?: object, heading: HTMLElement, button: {id: string, text: string},
 *   message: HTMLElement, attributes: object, buttons?: HTMLElement[], after?: HTMLElement[],
 *   done: (sale: object) => Promise<void>|void, refused?: (refusal: object) => Promise<boolean>|boolean}} options
 */
export function onePaymentForm(i18n, amount, { id, path, methods, rooms, heading, button, message, attributes, buttons = [], after = [], done, refused }) {
  const currency = amount.currency;
  const payment = { ...blankPayment(methods), amount: toMajorUnits(amount.amount, currencyDigits(currency)) };
  const keyFor = keyPerBody();
  const change = changeField(i18n, payment, { id: `${id}-change`, currency, methods, of: `${id}-amount ${id}-tendered` });
  const clear = () => {
    for (const spot of [message, ...view.errors]) spot.textContent = "";
  };
  // An edit answers the refusal said: it goes, with the change shown anew.
  const view = paymentFields(i18n, payment, { id: (name) => `${id}-${name}`, currency, methods, rooms, changed: () => (clear(), change.show()) });
  const take = h("button", { type: "submit", class: "desk-button is-primary", id: button.id, text: button.text });
  const form = h(
    "form",
    { novalidate: true, ...attributes },
    heading,
    h("div", { class: "checkout-fields" }, view.elements, change.element),
    h("div", { class: "desk-row" }, take, ...buttons),
    ...after,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = { payments: paymentRequests([payment], currency, methods).payments };
    clear();
    take.disabled = true;
    try {
      const { data } = await call("POST", path, { body, idempotencyKey: keyFor(body) });
      await done(data);
    } catch (refusal) {
      if (await refused?.(refusal)) return;
      take.disabled = false;
      const place = fieldPlace(refusal.field);
      (place?.list === "payments" ? view.errorAt(place.name) : message).textContent = errorText(refusal, i18n.t);
    }
  });
  return { element: form, focus: () => view.method.focus() };
}
