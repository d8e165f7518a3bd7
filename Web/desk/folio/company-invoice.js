// A company's invoice for a month as it was issued (`#/company-invoices/{id}`): the hotel as issuer, the
// company as buyer, each stay's folio it pays (its booking, guest, dates and rooms, its charges), then the
// taxes summed over them all, the total, what was paid and what is due. Laid out as a stay's invoice is
// (document.css), to print on A4 or save as a PDF.

import { get, OtherProperty } from "../api.js";
import { h, fill } from "../../common/dom.js";
import { lineLabel } from "./folio-lines.js";
import { facts, sheetPage, sheetParts } from "./sheet.js";

export async function mount(main, desk, route) {
  const { t } = desk.i18n;
  const i18n = desk.i18n;
  const invoice = await get(`/api/v1/company-invoices/${route.id}`);
  if (invoice.propertyId !== desk.property.id) throw new OtherProperty(invoice.propertyId);
  const parts = sheetParts(i18n);
  const { money, row, total, addedLabel } = parts;
  const { issuer, buyer } = invoice;

  const sheet = h(
    "article",
    { class: "document-sheet is-invoice", "aria-labelledby": "document-title" },
    h(
      "header",
      { class: "document-head" },
      h(
        "div",
        { class: "document-issuer" },
        h("p", { class: "document-issuer-name", id: "document-issuer", text: issuer.name }),
        issuer.address ? h("address", {}, issuer.address.split("\n").flatMap((line, index) => (index ? [h("br"), line] : [line]))) : null,
        issuer.taxId ? h("p", { id: "document-tax-id", text: t("document.taxId", { id: issuer.taxId }) }) : null,
      ),
      h(
        "div",
        { class: "document-title" },
        h("h1", { id: "document-title", text: t("document.invoice") }),
        facts([
          [t("document.number"), invoice.reference, "document-number"],
          [t("document.issuedOn"), i18n.date(invoice.issuedOn), "document-issued-on"],
          [t("companies.month"), i18n.month(...invoice.month.split("-").map(Number)), "document-month"],
        ]),
      ),
    ),
    h(
      "section",
      { class: "document-parties", "aria-label": t("document.billTo") },
      facts([
        [t("document.buyer"), buyer.name, "document-buyer"],
        buyer.address ? [t("document.buyerAddress"), buyer.address.split("\n").join(", ")] : null,
        buyer.taxId ? [t("document.buyerTaxId"), buyer.taxId, "document-buyer-tax-id"] : null,
      ]),
    ),
    invoice.stays.map((stay) =>
      h(
        "table",
        { class: "document-lines company-invoice-stay", dataset: { stayId: String(stay.stayId) } },
        h("caption", {
          text: [stay.confirmationCode, stay.guestName, `${i18n.date(stay.arrival)} – ${i18n.date(stay.departure)}`, stay.rooms.join(", ")]
            .filter(Boolean)
            .join(" · "),
        }),
        h(
          "tbody",
          {},
          stay.charges.map((line) =>
            row([
              h("td", { text: line.night ? i18n.date(line.night) : "" }),
              h("td", { text: line.taxClass === "reduced" ? `${lineLabel(line, i18n)} ※` : lineLabel(line, i18n) }),
              h("td", { class: "desk-number", text: money(line.amount) }),
            ]),
          ),
          stay.taxes.map((tax) => row([h("td"), h("td", { text: addedLabel(tax) }), h("td", { class: "desk-number", text: money(tax.amount) })], "is-tax")),
        ),
        h("tfoot", {}, total(t("document.total"), stay.totalCharges)),
      ),
    ),
    h(
      "table",
      { class: "document-lines", id: "document-charges" },
      h("caption", { text: t("document.charges") }),
      h(
        "tfoot",
        {},
        total(t("document.subtotal"), invoice.subtotal, "document-subtotal"),
        invoice.taxes.map((tax) => total(addedLabel(tax), tax.amount, undefined, "is-tax")),
        total(t("document.total"), invoice.totalCharges, "document-total", "is-grand"),
        parts.included(invoice.includedTaxes),
        invoice.totalPayments.amount ? total(t("document.totalPaid"), invoice.totalPayments, "document-paid") : null,
      ),
    ),
    parts.balance(invoice.balance),
  );

  fill(main, sheetPage(i18n, { href: `#/companies/${invoice.companyId}`, back: t("companies.back"), sheet }));
  return { unmount() {} };
}
