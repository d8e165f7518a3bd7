// The checkout (お会計, `#/checkout?appointments=ID,ID`): a customer's visit as the server prices it (its
// services, with who did each, and a deposit held taken off after the taxes), products added from the
// salon's list, the customer's ticket books drawn and books sold to them, a discount, and how it is paid. The
// lines, the totals, the taxes, what is still due and the change are the server's quote, asked again
// (debounced, the latest answer winning) whenever anything changes; a payment's amount follows what is
// still due until it is typed (checkout-order.js). Complete is offered once the quote says nothing is
// due; the receipt then takes the checkout's place in the history, so Back returns to the appointment. A
// refusal is said next to the field it names; after a network failure the form stays as typed and
// Complete sends the same request again, under the same Idempotency-Key. Its parts beside it:
// checkout-lines.js (the lines and totals), checkout-products.js, checkout-tickets.js, checkout-payments.js.

import { call, errorText, get, keyPerBody, OtherProperty, unreachable } from "../../api.js";
import { h, fill } from "../../../common/dom.js";
import { currencyDigits, currencySign, toMajorUnits } from "../../../common/money.js";
import { blankPayment, fieldPlace, followDue, saleOrder } from "./checkout-order.js";
import { linesPart, totalsPart } from "./checkout-lines.js";
import { field, onEdit } from "./payment-fields.js";
import { paymentsPart } from "./checkout-payments.js";
import { productsPart } from "./checkout-products.js";
import { ticketList, ticketsPart } from "./checkout-tickets.js";
import { saleList } from "./sale-list.js";

/** How long the form rests before the quote is asked again. */
const QUOTE_DELAY_MS = 250;

export async function mount(main, desk, route) {
  const { t } = desk.i18n;
  const i18n = desk.i18n;
  const property = desk.property;
  const currency = property.currency;
  const step = toMajorUnits(1, currencyDigits(currency));
  const sign = currencySign(currency, i18n.locale);
  const edited = (input, kept, keep) => onEdit(input, kept, keep, () => changed());

  const ids = (route.params.get("appointments") ?? "").split(",").map(Number).filter((id) => Number.isInteger(id) && id > 0);
  const visits = Promise.all(ids.map((id) => get(`/api/v1/appointments/${id}`)));
  // The customer's books, once the visits say whose they are: a sale without a customer draws and sells none,
  // and visits of another property's are checked out there.
  const customerBooks = visits.then(([visit]) =>
    visit?.customerId && visit.propertyId === property.id ? get(`/api/v1/customers/${visit.customerId}/ticket-books`) : { ticketBooks: [] },
  );
  const [appointments, { products: salonProducts }, { offers }, { ticketBooks }] = await Promise.all([
    visits,
    get(`/api/v1/properties/${property.id}/products`),
    get(`/api/v1/properties/${property.id}/ticket-offers`),
    customerBooks,
  ]);
  const elsewhere = appointments.find((appointment) => appointment.propertyId !== property.id);
  if (elsewhere) throw new OtherProperty(elsewhere.propertyId);

  const first = appointments[0];
  const page = h("div", { class: "stay-page checkout-page", dataset: { quote: "pending" } });
  const head = h(
    "section",
    { "aria-labelledby": "checkout-title" },
    h("a", { class: "desk-button is-quiet", href: first ? `#/appointments/${first.id}` : "#/board", text: `← ${t(first ? "checkout.back" : "nav.board")}` }),
    h("h1", { id: "checkout-title", text: t("checkout.title") }),
    customerFacts(),
  );
  fill(main, page);

  // Whether each visit may be checked out now is the server's to say (`pay`): not while it is in a sale.
  if (appointments.some((appointment) => !appointment.actions?.includes("pay"))) {
    fill(
      page,
      head,
      h(
        "section",
        {},
        h("p", { class: "desk-hint", id: "checkout-not-now", text: t("checkout.notNow") }),
        appointments.map((appointment) => saleList(appointment.sales, desk)),
      ),
    );
    return { unmount() {} };
  }

  const methods = property.paymentMethods ?? [];
  // A visit of a hotel's guest in the house is charged to their room unless the desk chooses otherwise.
  const guest = first?.roomGuest?.inHouse ? first.roomGuest : null;
  const firstPayment = blankPayment(methods);
  if (guest && methods.some((taken) => taken.chargesRoom)) Object.assign(firstPayment, { method: methods.find((taken) => taken.chargesRoom).method, stayId: guest.stayId });
  const state = { appointmentIds: ids, items: [], tickets: [], draws: [], discount: { kind: "none", value: "" }, methods, payments: [firstPayment] };
  const keyFor = keyPerBody();

  const lines = linesPart(i18n, state, changed);
  const totals = totalsPart(i18n);
  const products = productsPart(i18n, { property, products: salonProducts, first, state, changed });
  const { productField, quantityField } = products;
  const tickets = ticketsPart(i18n, {
    currency, services: property.services ?? [], appointments, offers, books: ticketBooks,
    customer: Boolean(first?.customerId), state, changed,
  });

  // MARK: the discount, a share or an amount

  const discountKind = h(
    "select",
    { id: "checkout-discount-kind" },
    ["none", "percent", "amount"].map((kind) => h("option", { value: kind, text: t(`checkout.discount.${kind}`) })),
  );
  const discountValue = h("input", { id: "checkout-discount", type: "number", min: "0", step: "any", inputmode: "decimal" });
  const kindField = field(t("checkout.discount"), discountKind);
  const discountField = field("", discountValue);
  const showDiscount = () => {
    const { kind } = state.discount;
    discountField.element.hidden = kind === "none";
    discountField.words.textContent = kind === "percent" ? t("checkout.percentOff") : t("checkout.amountOff", { sign });
    discountValue.step = kind === "percent" ? "0.01" : step;
  };
  discountKind.addEventListener("change", () => {
    state.discount.kind = discountKind.value;
    showDiscount();
    if (state.discount.kind !== "none") discountValue.focus();
    changed(true);
  });
  edited(discountValue, () => state.discount.value, (value) => {
    state.discount.value = value;
  });
  showDiscount();

  const payments = paymentsPart(i18n, { state, methods, currency, rooms: { propertyId: property.id, preset: guest }, changed });

  // MARK: completing

  const message = h("p", { class: "desk-form-error", role: "alert", id: "checkout-message" });
  // The refusals said, cleared each time the server answers again (the products' own when Add is next pressed).
  const clearRefusals = () => {
    for (const spot of [message, kindField.error, discountField.error, ...tickets.errors(), ...payments.views().flatMap((view) => view.errors)]) {
      spot.textContent = "";
    }
  };
  const complete = h("button", {
    type: "button", class: "desk-button is-primary checkout-complete", id: "checkout-complete", text: t("checkout.complete"), disabled: true,
    onclick: () => completeSale(),
  });
  const afterSale = h("div", { class: "checkout-tickets-after" });
  // Every control, disabled while the sale is sent.
  const controls = h(
    "fieldset",
    { class: "checkout-controls" },
    h("section", { class: "checkout-part", "aria-label": t("checkout.lines") }, lines.element),
    products.element,
    tickets.element,
    h("section", { class: "checkout-part", "aria-label": t("checkout.discount") }, h("div", { class: "checkout-fields" }, kindField.element, discountField.element)),
    payments.element,
  );
  fill(
    page,
    head,
    h(
      "div",
      { class: "checkout-body" },
      controls,
      h(
        "aside",
        { class: "checkout-summary", "aria-labelledby": "checkout-summary" },
        h("h2", { id: "checkout-summary", text: t("checkout.summary") }),
        totals.element,
        // The customer's books as this sale would leave them.
        afterSale,
        message,
        complete,
      ),
    ),
  );

  // MARK: asking the server

  let timer = 0;
  let asking = null;
  let asked = 0;
  let current = false;
  let gone = false;

  /** The form changed: the quote on show is no longer the form's, and is asked again (`now`: at once). */
  function changed(now = false) {
    current = false;
    showState("pending");
    clearTimeout(timer);
    timer = setTimeout(ask, now ? 0 : QUOTE_DELAY_MS);
  }

  function showState(quote) {
    page.dataset.quote = quote;
    totals.element.setAttribute("aria-busy", String(quote === "pending"));
    complete.disabled = !(quote === "current" && current);
  }

  async function ask() {
    asking?.abort();
    const controller = (asking = new AbortController());
    const n = ++asked;
    const { body, rows, drawn } = saleOrder(state, currency);
    try {
      const { data: quote } = await call("POST", `/api/v1/properties/${property.id}/sales/quote`, { body, signal: controller.signal });
      if (gone || n !== asked) return;
      clearRefusals();
      const followed = followDue(state.payments, quote.due.amount, currency);
      if (followed >= 0) {
        payments.views()[followed].amount.value = state.payments[followed].amount;
        changed(true);
        return;
      }
      lines.draw(quote);
      totals.draw(quote);
      const books = ticketList(i18n, quote.tickets, currency, "checkout-tickets-balance");
      fill(afterSale, books ? [h("h3", { text: t("checkout.ticketsAfter") }), books] : null);
      payments.drawCodes(quote, rows);
      current = quote.due.amount === 0;
      showState("current");
    } catch (error) {
      if (gone || n !== asked || error.name === "AbortError") return;
      clearRefusals();
      refused(error, { rows, drawn }, () => changed(true));
      showState("refused");
    }
  }

  /**
   * Says a refusal where its field is (`rows` and `drawn` say which of the form's payments and draws the
   * order's are); `retry`, offered after a network failure, asks again.
   */
  function refused(error, { rows, drawn }, retry) {
    const text = errorText(error, t);
    const place = fieldPlace(error.field);
    // A product refused (how many, or no longer on sale) is taken out again, and said by the product's controls.
    if (place?.list === "items" && place.index !== null && place.index < state.items.length) {
      state.items.splice(place.index, 1);
      (place.name === "quantity" ? quantityField : productField).error.textContent = text;
      changed(true);
      return;
    }
    // A book sold that the server refused (no longer on sale) is taken out again, as a product is.
    if (place?.list === "tickets" && place.index !== null && place.index < state.tickets.length) {
      tickets.refusedSale(place.index, text);
      return;
    }
    let spot = null;
    if (place?.list === "payments" && place.index !== null) spot = payments.views()[rows[place.index]]?.errorAt(place.name);
    else if (place?.list === "discount") spot = discountField.error;
    else if (place?.list === "draws" && place.index !== null) spot = tickets.errorAt(drawn[place.index]);
    if (spot) spot.textContent = text;
    else if (unreachable(error) && retry) fill(message, text, " ", h("button", { type: "button", class: "desk-button", text: t("common.retry"), onclick: retry }));
    else message.textContent = text;
  }

  async function completeSale() {
    const { body, rows, drawn } = saleOrder(state, currency);
    complete.disabled = true;
    controls.disabled = true;
    clearRefusals();
    try {
      const { data: sale } = await call("POST", `/api/v1/properties/${property.id}/sales`, { body, idempotencyKey: keyFor(body) });
      desk.toast(t("checkout.done", { reference: sale.reference }));
      // The receipt replaces the checkout: Back goes to the appointment, not to a checkout spent.
      location.replace(`#/sales/${sale.id}`);
    } catch (error) {
      controls.disabled = false;
      // Refused, it needs a change before it is sent again; unanswered, the same request may be sent again.
      if (!unreachable(error)) current = false;
      refused(error, { rows, drawn });
      showState(page.dataset.quote);
      // Another checkout drew the customer's book meanwhile: the server prices the order again as it stands.
      if (error.status === 412) changed(true);
    }
  }

  /** Who is checked out: the customer's name, opening their record. */
  function customerFacts() {
    const customer = first?.customer?.name;
    if (!customer) return null;
    return h(
      "dl",
      { class: "desk-facts" },
      h("dt", { text: t("appointment.customer") }),
      h("dd", {}, first.customerId ? h("a", { href: `#/customers/${first.customerId}`, id: "checkout-customer", text: customer }) : customer),
    );
  }

  changed(true);
  return {
    unmount() {
      gone = true;
      clearTimeout(timer);
      asking?.abort();
    },
  };
}
