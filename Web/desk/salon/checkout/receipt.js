// A salon's receipt (領収書, `#/sales/{id}`), as the sale was stored: the salon's legal name, address and
// registration number, the receipt's number and day, the customer, each service and product with who did
// or sold it and its discount, the subtotal, the taxes added, a deposit held taken off (or kept towards a
// fee), the total and the taxes inside it, the payments by method with the cash handed over and its change,
// and the refund when there is one. Laid out as document.css lays out a hotel's papers, to be printed or
// saved as a PDF from the print dialog; on screen with Back, Print and Refund (for who does desk work,
// while it is not refunded), which asks why in a small form of its own. In Thailand, Full tax invoice (while
// the server offers one) asks the buyer, and the sheet then is that invoice, replacing the receipt. In Vietnam,
// the sale's e-invoice downloads for the salon's provider. A fee for a visit not kept is a
// sale owed at first: what is still owed shows on it, and who does desk work takes its payment (in part or
// whole) in a form as the checkout's. A deposit taken is a sale of its own, its one line the deposit. The ticket
// books sold or drawn are counted after the taxes, as deposits are, and each book is then listed as the sale left
// it: what is left, its last day, and the last day to cancel it where the law gives one.

import { call, errorText, get, OtherProperty } from "../../api.js";
import { h, fill } from "../../../common/dom.js";
import { textLength } from "../../../common/limits.js";
import { branchWords, lineLabel, refundReason, taxLabel } from "../../folio/folio-lines.js";
import { onePaymentForm } from "./payment-fields.js";
import { ticketList } from "./checkout-tickets.js";
import { isPrepaid, prepaidLabel } from "./ticket-books.js";
import { askBuyer } from "../../folio/buyer-form.js";
import { eInvoiceForm } from "../../folio/e-invoice-form.js";
import { owes } from "./sale-list.js";

export async function mount(main, desk, route) {
  const { t } = desk.i18n;
  const i18n = desk.i18n;
  const first = await get(`/api/v1/sales/${route.id}`);
  if (first.propertyId !== desk.property.id) throw new OtherProperty(first.propertyId);
  const page = h("div", { class: "document-page receipt-page" });
  const money = (amount) => i18n.money(amount);
  const negative = (amount) => money({ ...amount, amount: -amount.amount });
  const word = (text) => i18n.stored?.(text) ?? text;
  fill(main, page);

  function draw(sale) {
    const appointmentId = sale.lines.find((line) => line.appointmentId)?.appointmentId;
    // The server counts deposits and ticket books apart, after the taxes: one taken off the checkout or kept
    // towards a fee, a book sold or drawn, is a row there; a deposit taken (or a book sold) alone is a receipt
    // whose lines are those, without a subtotal of none.
    const afterTaxes = sale.lines.filter((line) => line.category === "deposit" || isPrepaid(line));
    const others = sale.lines.filter((line) => !afterTaxes.includes(line));
    const alone = others.length === 0;
    const lineName = (line) =>
      isPrepaid(line) ? prepaidLabel(line, i18n, sale.tickets) : line.category === "fee" || line.category === "deposit" ? lineLabel(line, i18n) : word(line.description);
    const discounted = sale.discount.amount > 0;
    const columns = discounted ? 5 : 4;
    const total = (label, amount, id, className = "") =>
      h(
        "tr",
        { class: `document-total ${className}`.trim() },
        h("th", { scope: "row", colspan: columns - 1, text: label }),
        h("td", { class: "desk-number", id, text: amount }),
      );
    const issuer = sale.issuer;
    // Once the customer asked for Thailand's full tax invoice, the sheet is it: titled and numbered as one,
    // naming its buyer and the abbreviated one (the receipt) it replaces.
    const full = sale.taxInvoice;
    const sheet = h(
      "article",
      { class: "document-sheet receipt-sheet", "aria-labelledby": "receipt-title", id: "receipt" },
      h(
        "header",
        { class: "document-head" },
        h(
          "div",
          { class: "document-issuer" },
          h("p", { class: "document-issuer-name", id: "receipt-issuer", text: issuer.name }),
          issuer.address ? h("address", {}, issuer.address.split("\n").flatMap((line, index) => (index ? [h("br"), line] : [line]))) : null,
          issuer.taxId ? h("p", { id: "receipt-tax-id", text: t("document.taxId", { id: issuer.taxId }) }) : null,
          // Thailand's abbreviated tax invoice names its place of business.
          sale.abbreviatedTaxInvoice
            ? h("p", { id: "receipt-branch", text: branchWords(issuer.branch, t) })
            : null,
        ),
        h(
          "div",
          { class: "document-title" },
          h("h1", {
            id: "receipt-title",
            text: full ? t("document.tax_invoice") : sale.abbreviatedTaxInvoice ? t("receipt.abbreviatedTitle") : t("document.receipt"),
          }),
          h(
            "dl",
            { class: "document-facts" },
            h("dt", { text: t("document.number") }),
            h("dd", { id: "receipt-number", text: full ? full.reference : sale.reference }),
            h("dt", { text: t("document.date") }),
            h("dd", { id: "receipt-date", text: i18n.date(full ? full.date : sale.date) }),
            full ? [h("dt", { text: t("document.replaces") }), h("dd", { id: "receipt-replaces", text: full.replaces })] : null,
          ),
        ),
      ),
      full
        ? h(
            "dl",
            { class: "document-facts receipt-buyer", id: "receipt-buyer", "aria-label": t("document.buyer") },
            [
              [t("document.buyer"), full.buyer.name, "receipt-buyer-name"],
              [t("document.buyerAddress"), full.buyer.address.split("\n").join(", ")],
              [t("document.buyerTaxId"), full.buyer.taxId, "receipt-buyer-tax-id"],
              [t("document.buyerBranch"), branchWords(full.buyer.branch, t), "receipt-buyer-branch"],
            ].map(([term, text, id]) => [h("dt", { text: term }), h("dd", { id, text })]),
          )
        : null,
      sale.customerName ? h("p", { class: "receipt-customer", id: "receipt-customer", text: t("receipt.customerName", { name: sale.customerName }) }) : null,
      h(
        "table",
        { class: "document-lines receipt-lines", id: "receipt-lines" },
        h("caption", { text: t("document.charges") }),
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "col", text: t("document.description") }),
            h("th", { scope: "col", text: t("checkout.staff") }),
            h("th", { scope: "col", class: "desk-number", text: t("checkout.quantity") }),
            discounted ? h("th", { scope: "col", class: "desk-number", text: t("checkout.discount") }) : null,
            h("th", { scope: "col", class: "desk-number", text: t("document.amount") }),
          ),
        ),
        h(
          "tbody",
          {},
          (alone ? afterTaxes : others).map((line) =>
            h(
              "tr",
              { class: `is-${line.category}` },
              h("td", { text: lineName(line) }),
              h("td", { text: line.staffName ?? "" }),
              h("td", { class: "desk-number", text: line.quantity > 1 ? `${i18n.number(line.quantity)} × ${money(line.unitPrice)}` : i18n.number(line.quantity) }),
              discounted ? h("td", { class: "desk-number", text: line.discount.amount ? negative(line.discount) : "" }) : null,
              h("td", { class: "desk-number", text: money(line.amount) }),
            ),
          ),
        ),
        h(
          "tfoot",
          {},
          discounted ? [total(t("checkout.gross"), money(sale.gross)), total(t("checkout.discount"), negative(sale.discount))] : null,
          alone ? null : total(t("document.subtotal"), money(sale.subtotal), "receipt-subtotal"),
          sale.taxes.map((tax) => total(taxLabel(tax, i18n), money(tax.amount), undefined, "is-tax")),
          alone ? null : afterTaxes.map((line) => total(lineName(line), money(line.amount), undefined, `is-${line.category}`)),
          total(t("document.total"), money(sale.total), "receipt-total", "is-grand"),
        ),
      ),
      sale.includedTaxes.length
        ? h(
            "dl",
            { class: "receipt-included", id: "receipt-included-tax" },
            sale.includedTaxes.map((tax) => [h("dt", { text: t("checkout.included", { tax: taxLabel(tax, i18n) }) }), h("dd", { text: money(tax.amount) })]),
          )
        : null,
      sale.abbreviatedTaxInvoice ? h("p", { class: "document-vat", id: "receipt-vat-included", text: t("document.vatIncluded") }) : null,
      tickets(sale),
      payments(sale),
      owes(sale) ? h("p", { class: "receipt-owed", id: "receipt-owed", text: t("sale.owed", { amount: money(sale.due) }) }) : null,
      sale.refund ? refundNote(sale.refund) : null,
      // A sale that pays money back (a ticket book ended) says so, not that it was received.
      h("p", { class: "document-thanks", text: t(sale.total.amount < 0 ? "document.paidBack" : "document.thanks") }),
    );
    const message = h("p", { class: "desk-form-error", role: "alert", id: "receipt-message" });
    const work = h("div", { class: "receipt-work no-print" });
    const mayRefund = !sale.refund && desk.may("deskWork");
    const mayAskTaxInvoice = sale.taxInvoiceOffered && desk.may("deskWork");
    fill(
      page,
      h(
        "div",
        { class: "desk-row no-print" },
        h("a", {
          class: "desk-button is-quiet", href: appointmentId ? `#/appointments/${appointmentId}` : "#/board",
          text: `← ${t(appointmentId ? "checkout.back" : "nav.board")}`,
        }),
        h("button", { type: "button", class: "desk-button is-primary", id: "receipt-print", text: t("document.print"), onclick: () => window.print() }),
        mayAskTaxInvoice
          ? h("button", {
              type: "button", class: "desk-button", id: "receipt-tax-invoice-open", text: t("receipt.taxInvoice"),
              onclick: (event) => askBuyer({ t, container: work, opener: event.currentTarget, issue: issueTaxInvoice }),
            })
          : null,
        mayRefund
          ? h("button", {
              type: "button", class: "desk-button is-danger", id: "receipt-refund-open", text: t("receipt.refund"),
              "aria-expanded": "false", "aria-controls": "receipt-refund-form",
              onclick: (event) => refundForm(event.currentTarget, work, message),
            })
          : null,
      ),
      owes(sale) && desk.may("deskWork") ? collectForm(sale, message) : null,
      // Vietnam: the sale's e-invoice, for the salon's provider (the server says whether it has one).
      sale.eInvoice ? eInvoiceForm(desk, { path: `/api/v1/sales/${sale.id}/e-invoice`, fileName: sale.reference }) : null,
      work,
      message,
      sheet,
    );
  }

  /**
   * Taking what is still owed: one payment, its amount what is owed unless typed, the change worked out from
   * the cash handed over as it is typed. The sale comes back with the payment and is drawn again; a refusal
   * is said under the field it names.
   */
  function collectForm(sale, message) {
    return onePaymentForm(i18n, sale.due, {
      id: "receipt-pay",
      path: `/api/v1/sales/${route.id}/payments`,
      methods: desk.property.paymentMethods ?? [],
      rooms: { propertyId: desk.property.id },
      heading: h("h2", { id: "receipt-collect-title", text: t("receipt.collect") }),
      button: { id: "receipt-pay", text: t("receipt.takePayment") },
      message,
      attributes: { class: "receipt-collect no-print", id: "receipt-collect", "aria-labelledby": "receipt-collect-title" },
      done: (paid) => {
        desk.toast(t("receipt.paymentTaken", { reference: paid.reference }));
        draw(paid);
      },
      // Refunded meanwhile: shown as it is, with nothing left to take.
      refused: async (refusal) => {
        const refunded = refusal.reason === "sale.refunded" ? await get(`/api/v1/sales/${route.id}`).catch(() => null) : null;
        if (refunded) draw(refunded);
        return Boolean(refunded);
      },
    }).element;
  }

  /** Issues the full tax invoice to the buyer asked for; the sale comes back with it and is drawn again. */
  async function issueTaxInvoice(buyer) {
    const { data: sale } = await call("POST", `/api/v1/sales/${route.id}/tax-invoice`, { body: { buyer } });
    desk.toast(t("receipt.taxInvoiceDone", { reference: sale.taxInvoice.reference }));
    draw(sale);
  }

  /** The ticket books the sale sold or drew, as it left them. */
  function tickets(sale) {
    const list = ticketList(i18n, sale.tickets, sale.total.currency, "receipt-tickets-list");
    if (!list) return null;
    return h(
      "section",
      { class: "receipt-tickets", id: "receipt-tickets", "aria-labelledby": "receipt-tickets-title" },
      h("h2", { id: "receipt-tickets-title", text: t("receipt.tickets") }),
      list,
    );
  }

  /** The payments by method, with what was handed over in cash, their total and the change. */
  function payments(sale) {
    if (!sale.payments.length) return null;
    const row = (label, amount, className = "") =>
      h("tr", { class: className }, h("td", { text: label }), h("td", { class: "desk-number", text: money(amount) }));
    const cash = sale.payments.some((payment) => payment.tendered);
    return h(
      "table",
      { class: "document-lines receipt-payments", id: "receipt-payments" },
      h("caption", { text: t("document.payments") }),
      h(
        "tbody",
        {},
        sale.payments.map((payment) => [
          row([t(`method.${payment.method}`), payment.reference ? t(payment.stayId ? "receipt.room" : "receipt.reference", { reference: payment.reference }) : ""].filter(Boolean).join(" · "), payment.amount),
          payment.tendered ? row(t("receipt.tendered"), payment.tendered, "is-tendered") : null,
          // Korea: the server says a cash receipt is owed for it (listed on the day close until recorded).
          payment.cashReceiptDue
            ? h("tr", { class: "is-cash-receipt no-print" }, h("td", { colspan: 2, class: "desk-hint", text: t("cashReceipt.dueNote") }))
            : null,
        ]),
      ),
      h(
        "tfoot",
        {},
        h("tr", { class: "document-total" }, h("th", { scope: "row", text: t("document.totalPaid") }), h("td", { class: "desk-number", id: "receipt-paid", text: money(sale.paid) })),
        cash || sale.change.amount
          ? h("tr", { class: "document-total" }, h("th", { scope: "row", text: t("checkout.change") }), h("td", { class: "desk-number", id: "receipt-change", text: money(sale.change) }))
          : null,
      ),
    );
  }

  function refundNote(refund) {
    return h(
      "section",
      { class: "receipt-refund", id: "receipt-refund", "aria-labelledby": "receipt-refund-title" },
      h("h2", { id: "receipt-refund-title", text: t("receipt.refunded") }),
      h(
        "dl",
        { class: "document-facts" },
        h("dt", { text: t("receipt.refundNumber") }),
        h("dd", { id: "receipt-refund-number", text: refund.reference }),
        h("dt", { text: t("document.date") }),
        h("dd", { text: i18n.date(refund.date) }),
        h("dt", { text: t("receipt.refundReason") }),
        h("dd", { id: "receipt-refund-reason-text", text: refundReason(refund.reason, i18n) }),
      ),
    );
  }

  /** Refund asks why, under the buttons; the sale comes back with its refund and is drawn again. */
  function refundForm(button, work, message) {
    if (button.getAttribute("aria-expanded") === "true") {
      button.setAttribute("aria-expanded", "false");
      fill(work);
      return;
    }
    button.setAttribute("aria-expanded", "true");
    const reason = h("input", { type: "text", id: "receipt-refund-reason", ...textLength("posting.description"), autocomplete: "off" });
    const error = h("p", { class: "desk-form-error", role: "alert" });
    const confirm = h("button", { type: "submit", class: "desk-button is-danger", id: "receipt-refund-confirm", text: t("receipt.confirmRefund") });
    const form = h(
      "form",
      { class: "receipt-refund-form", id: "receipt-refund-form", novalidate: true },
      h("p", { class: "desk-hint", text: t("receipt.refundHint") }),
      h("label", { for: "receipt-refund-reason", text: t("receipt.refundWhy") }),
      reason,
      error,
      h(
        "div",
        { class: "desk-row" },
        confirm,
        h("button", { type: "button", class: "desk-button", text: t("common.cancel"), onclick: () => refundForm(button, work, message) }),
      ),
    );
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      confirm.disabled = true;
      error.textContent = "";
      message.textContent = "";
      try {
        const { data: sale } = await call("POST", `/api/v1/sales/${route.id}/refund`, { body: { reason: reason.value.trim() } });
        desk.toast(t("receipt.refundDone", { reference: sale.refund.reference }));
        draw(sale);
      } catch (refusal) {
        // Refunded meanwhile (at another desk, or by this request before its answer was lost): shown as it is.
        const refunded = refusal.reason === "sale.refunded" ? await get(`/api/v1/sales/${route.id}`).catch(() => null) : null;
        if (refunded) return draw(refunded);
        confirm.disabled = false;
        (refusal.field === "reason" ? error : message).textContent = errorText(refusal, t);
      }
    });
    fill(work, form);
    reason.focus();
  }

  draw(first);
  return { unmount() {} };
}
