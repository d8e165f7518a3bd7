// The checkout (お会計, `#/checkout?appointments=ID,ID`): a customer's visit as the server prices it (its
// services, with who did each, and a deposit held taken off after the taxes), products added from the
// salon's list, a discount, and how it is paid. The
// lines, the totals, the taxes, what is still due and the change are the server's quote, asked again
// (debounced, the latest answer winning) whenever anything changes; a payment's amount follows what is
// still due until it is typed (checkout-order.js). Complete is offered once the quote says nothing is
// due; the receipt then takes the checkout's place in the history, so Back returns to the appointment. A
// refusal is said next to the field it names; after a network failure the form stays as typed and
// Complete sends the same request again, under the same Idempotency-Key.

import { call, errorText, get, keyPerBody, OtherProperty, unreachable } from "../../api.js";
import { h, fill } from "../../../common/dom.js";
import { bound, numberRange } from "../../../common/limits.js";
import { currencyDigits, currencySign, toMajorUnits } from "../../../common/money.js";
import { blankPayment, fieldPlace, followDue, saleOrder } from "./checkout-order.js";
import { payCodeFigure } from "../../../common/pay-code.js";
import { lineLabel, taxLabel } from "../../folio/folio-lines.js";
import { field, onEdit, paymentFields } from "./payment-fields.js";
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
  const word = (text) => i18n.stored?.(text) ?? text;
  const money = (amount) => i18n.money(amount);
  const negative = (amount) => money({ ...amount, amount: -amount.amount });
  const edited = (input, kept, keep) => onEdit(input, kept, keep, () => changed());

  const ids = (route.params.get("appointments") ?? "").split(",").map(Number).filter((id) => Number.isInteger(id) && id > 0);
  const [appointments, { products }] = await Promise.all([
    Promise.all(ids.map((id) => get(`/api/v1/appointments/${id}`))),
    get(`/api/v1/properties/${property.id}/products`),
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
  const state = { appointmentIds: ids, items: [], discount: { kind: "none", value: "" }, methods, payments: [blankPayment(methods)] };
  const keyFor = keyPerBody();

  // MARK: the lines, as the quote prices them

  const lines = h("tbody");
  const linesTable = h(
    "table",
    { class: "desk-table checkout-lines", id: "checkout-lines" },
    h("caption", { class: "visually-hidden", text: t("checkout.lines") }),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col", text: t("document.description") }),
        h("th", { scope: "col", text: t("checkout.staff") }),
        h("th", { scope: "col", class: "desk-number", text: t("checkout.quantity") }),
        h("th", { scope: "col", class: "desk-number", text: t("checkout.unitPrice") }),
        h("th", { scope: "col", class: "desk-number", text: t("checkout.discount") }),
        h("th", { scope: "col", class: "desk-number", text: t("document.amount") }),
        h("td", {}),
      ),
    ),
    lines,
  );

  /** A deposit held taken off: a total's row after the taxes, as the server counts it, not a line. */
  const isDepositOff = (line) => line.category === "deposit";

  function drawLines(quote) {
    let product = -1;
    fill(
      lines,
      quote.lines.filter((line) => !isDepositOff(line)).map((line) => {
        // The products come after the services, in the order they were added: the k-th is `state.items[k]`.
        const item = line.category === "product" ? ++product : -1;
        const name = word(line.description);
        return h(
          "tr",
          { class: `is-${line.category}` },
          h("td", { text: name }),
          h("td", { text: line.staffName ?? "" }),
          h("td", { class: "desk-number", text: i18n.number(line.quantity) }),
          h("td", { class: "desk-number", text: money(line.unitPrice) }),
          h("td", { class: "desk-number", text: line.discount.amount ? negative(line.discount) : "" }),
          h("td", { class: "desk-number", text: money(line.amount) }),
          h(
            "td",
            { class: "desk-actions-cell" },
            item >= 0
              ? h("button", {
                  type: "button", class: "desk-button is-quiet", text: "×", title: t("checkout.removeProduct", { product: name }),
                  "aria-label": t("checkout.removeProduct", { product: name }),
                  onclick: () => {
                    state.items.splice(item, 1);
                    changed(true);
                  },
                })
              : null,
          ),
        );
      }),
    );
  }

  // MARK: products added

  const onSale = products.filter((product) => product.active);
  const productSelect = h(
    "select",
    { id: "checkout-product" },
    onSale.map((product) => h("option", { value: String(product.id), text: `${word(product.name)} · ${money(product.price)}` })),
  );
  const quantity = h("input", { id: "checkout-quantity", type: "number", ...numberRange("sale.quantity"), step: "1", value: "1", inputmode: "numeric" });
  const seller = h(
    "select",
    { id: "checkout-seller" },
    h("option", { value: "", text: t("form.choose") }),
    (property.staff ?? []).map((member) => h("option", { value: String(member.id), selected: member.id === first?.staffId, text: member.name })),
  );
  const productField = field(t("checkout.product"), productSelect, "is-wide");
  const quantityField = field(t("checkout.quantity"), quantity, "is-narrow");
  const sellerField = field(t("checkout.soldBy"), seller);
  const addProduct = h("button", {
    type: "button", class: "desk-button", id: "checkout-add-product", text: t("checkout.addProduct"),
    onclick: () => {
      productField.error.textContent = "";
      quantityField.error.textContent = "";
      state.items.push({
        productId: Number(productSelect.value),
        quantity: quantity.value === "" ? undefined : Number(quantity.value),
        staffId: seller.value ? Number(seller.value) : undefined,
      });
      changed(true);
    },
  });
  const productsPart = h(
    "section",
    { class: "checkout-part", "aria-labelledby": "checkout-products" },
    h("h2", { id: "checkout-products", text: t("checkout.products") }),
    onSale.length
      ? h("div", { class: "checkout-fields" }, productField.element, quantityField.element, sellerField.element, h("div", { class: "checkout-field is-button" }, addProduct))
      : h("p", { class: "desk-hint", text: t("checkout.noProducts") }),
  );

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

  // MARK: payments

  const paymentList = h("div", { class: "checkout-payments" });
  let paymentViews = [];
  const addPayment = h("button", {
    type: "button", class: "desk-button", id: "checkout-add-payment", text: t("checkout.addPayment"),
    onclick: () => {
      state.payments.push(blankPayment(methods, state.payments));
      drawPayments();
      paymentViews.at(-1).method.focus();
      changed(true);
    },
  });

  /** One payment's controls (payment-fields.js), numbered, and Remove for all but the first. */
  function paymentView(payment, n) {
    // The code to pay it by, when the quote draws one (a QR payment at a salon paid by a code).
    const code = h("div", { class: "checkout-pay-code", id: `checkout-code-${n}` });
    const view = paymentFields(i18n, payment, { id: (name) => `checkout-${name}-${n}`, currency, methods, changed });
    const remove =
      n > 0
        ? h("button", {
            type: "button", class: "desk-button is-quiet", text: t("checkout.removePayment", { n: n + 1 }),
            onclick: () => {
              state.payments.splice(n, 1);
              drawPayments();
              changed(true);
            },
          })
        : null;
    const element = h(
      "fieldset",
      { class: "checkout-payment", dataset: { payment: String(n) } },
      h("legend", { text: t("checkout.payment", { n: n + 1 }) }),
      h("div", { class: "checkout-fields" }, view.elements, remove ? h("div", { class: "checkout-field is-button" }, remove) : null),
      code,
    );
    return { element, method: view.method, amount: view.amount, errors: view.errors, errorAt: view.errorAt, code };
  }

  function drawPayments() {
    paymentViews = state.payments.map(paymentView);
    fill(paymentList, paymentViews.map((view) => view.element));
    addPayment.disabled = state.payments.length >= bound("sale.payments").max;
  }
  drawPayments();

  /** Each payment's code as the quote draws it, under its fields; `rows` maps the payments sent to the form's. */
  function drawCodes(quote, rows) {
    const codes = new Map((quote.payCodes ?? []).map(({ payment, code }) => [rows[payment], code]));
    paymentViews.forEach((view, n) => {
      const code = codes.get(n);
      const words = code && { amount: money(code.amount), reference: code.reference, holder: code.holder };
      fill(view.code, code ? payCodeFigure(code, { caption: t("checkout.codeCaption", words), alt: t(`payCode.alt.${code.scheme}`, words), id: `checkout-pay-code-${n}` }) : null);
    });
  }

  // MARK: the totals, and completing

  const totals = h("dl", { class: "checkout-totals", id: "checkout-totals" });
  function drawTotals(quote) {
    const row = (label, text, id, className = "") => [h("dt", { class: className, text: label }), h("dd", { class: className, id, text })];
    const due = quote.due;
    fill(
      totals,
      quote.discount.amount
        ? [row(t("checkout.gross"), money(quote.gross), "checkout-gross"), row(t("checkout.discount"), negative(quote.discount), "checkout-discount-total")]
        : null,
      row(t("document.subtotal"), money(quote.subtotal), "checkout-subtotal"),
      quote.taxes.map((tax) => row(taxLabel(tax, i18n), money(tax.amount))),
      quote.lines.filter(isDepositOff).map((line, index) =>
        row(lineLabel(line, i18n), money(line.amount), index === 0 ? "checkout-deposit" : undefined, "is-deposit"),
      ),
      row(t("document.total"), money(quote.total), "checkout-total", "is-grand"),
      quote.includedTaxes.map((tax, index) =>
        row(t("checkout.included", { tax: taxLabel(tax, i18n) }), money(tax.amount), index === 0 ? "checkout-included-tax" : undefined, "is-included"),
      ),
      row(t("checkout.paid"), money(quote.paid), "checkout-paid"),
      row(t(due.amount < 0 ? "checkout.over" : "checkout.due"), money({ ...due, amount: Math.abs(due.amount) }), "checkout-due", due.amount ? "is-owed" : ""),
      row(t("checkout.change"), money(quote.change), "checkout-change", "is-change"),
    );
  }

  const message = h("p", { class: "desk-form-error", role: "alert", id: "checkout-message" });
  // The refusals said, cleared each time the server answers again (the products' own when Add is next pressed).
  const clearRefusals = () => {
    for (const spot of [message, kindField.error, discountField.error, ...paymentViews.flatMap((view) => view.errors)]) spot.textContent = "";
  };
  const complete = h("button", {
    type: "button", class: "desk-button is-primary checkout-complete", id: "checkout-complete", text: t("checkout.complete"), disabled: true,
    onclick: () => completeSale(),
  });
  // Every control, disabled while the sale is sent.
  const controls = h(
    "fieldset",
    { class: "checkout-controls" },
    h("section", { class: "checkout-part", "aria-label": t("checkout.lines") }, linesTable),
    productsPart,
    h("section", { class: "checkout-part", "aria-label": t("checkout.discount") }, h("div", { class: "checkout-fields" }, kindField.element, discountField.element)),
    h(
      "section",
      { class: "checkout-part", "aria-labelledby": "checkout-payments" },
      h("h2", { id: "checkout-payments", text: t("checkout.payments") }),
      paymentList,
      h("div", { class: "desk-row" }, addPayment),
    ),
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
        totals,
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
    totals.setAttribute("aria-busy", String(quote === "pending"));
    complete.disabled = !(quote === "current" && current);
  }

  async function ask() {
    asking?.abort();
    const controller = (asking = new AbortController());
    const n = ++asked;
    const { body, rows } = saleOrder(state, currency);
    try {
      const { data: quote } = await call("POST", `/api/v1/properties/${property.id}/sales/quote`, { body, signal: controller.signal });
      if (gone || n !== asked) return;
      clearRefusals();
      const followed = followDue(state.payments, quote.due.amount, currency);
      if (followed >= 0) {
        paymentViews[followed].amount.value = state.payments[followed].amount;
        changed(true);
        return;
      }
      drawLines(quote);
      drawTotals(quote);
      drawCodes(quote, rows);
      current = quote.due.amount === 0;
      showState("current");
    } catch (error) {
      if (gone || n !== asked || error.name === "AbortError") return;
      clearRefusals();
      refused(error, rows, () => changed(true));
      showState("refused");
    }
  }

  /** Says a refusal where its field is; `retry`, offered after a network failure, asks again. */
  function refused(error, rows, retry) {
    const text = errorText(error, t);
    const place = fieldPlace(error.field);
    // A product refused (how many, or no longer on sale) is taken out again, and said by the product's controls.
    if (place?.list === "items" && place.index !== null && place.index < state.items.length) {
      state.items.splice(place.index, 1);
      (place.name === "quantity" ? quantityField : productField).error.textContent = text;
      changed(true);
      return;
    }
    let spot = null;
    if (place?.list === "payments" && place.index !== null) spot = paymentViews[rows[place.index]]?.errorAt(place.name);
    else if (place?.list === "discount") spot = discountField.error;
    if (spot) spot.textContent = text;
    else if (unreachable(error) && retry) fill(message, text, " ", h("button", { type: "button", class: "desk-button", text: t("common.retry"), onclick: retry }));
    else message.textContent = text;
  }

  async function completeSale() {
    const { body, rows } = saleOrder(state, currency);
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
      refused(error, rows);
      showState(page.dataset.quote);
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
