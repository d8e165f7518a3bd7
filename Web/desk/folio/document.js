// An invoice or a receipt as it was issued (`#/documents/{id}`): the hotel's legal name, address and
// tax id, the document's number and issue date, the guest and the stay, the charges with their taxes,
// the payments and the balance. Laid out to be printed on A4 or saved as a PDF from the print dialog;
// on screen it sits on a sheet with Print, Back to the stay, and Send by email (to the guest's address or
// another, in the language chosen: the server writes it, and it is listed with the stay's messages).

import { call, get, OtherProperty } from "../api.js";
import { eInvoiceForm } from "./e-invoice-form.js";
import { h, fill } from "../../common/dom.js";
import { languageChoices } from "../../common/i18n.js";
import { fieldRefusals } from "../shared/field-refusals.js";
import { branchWords, lineLabel } from "./folio-lines.js";
import { facts, sheetPage, sheetParts } from "./sheet.js";

export async function mount(main, desk, route) {
  const { t } = desk.i18n;
  const i18n = desk.i18n;
  const issued = await get(`/api/v1/documents/${route.id}`);
  if (issued.propertyId !== desk.property.id) throw new OtherProperty(issued.propertyId);
  const parts = sheetParts(i18n);
  const { money, row, total } = parts;

  const issuer = issued.issuer;
  const buyer = issued.buyer;
  const receipt = issued.kind === "receipt";
  const sheet = h(
    "article",
    { class: `document-sheet is-${issued.kind}`, "aria-labelledby": "document-title" },
    h(
      "header",
      { class: "document-head" },
      h(
        "div",
        { class: "document-issuer" },
        h("p", { class: "document-issuer-name", id: "document-issuer", text: issuer.name }),
        issuer.address ? h("address", {}, issuer.address.split("\n").flatMap((line, index) => (index ? [h("br"), line] : [line]))) : null,
        issuer.taxId ? h("p", { id: "document-tax-id", text: t("document.taxId", { id: issuer.taxId }) }) : null,
        issuer.branch ? h("p", { id: "document-branch", text: branchWords(issuer.branch, t) }) : null,
      ),
      h(
        "div",
        { class: "document-title" },
        h("h1", { id: "document-title", text: t(`document.${issued.kind}`) }),
        facts([
          [t("document.number"), issued.reference, "document-number"],
          [t("document.issuedOn"), i18n.date(issued.issuedOn), "document-issued-on"],
          [t("document.booking"), issued.confirmationCode],
          issued.replaces ? [t("document.replaces"), issued.replaces, "document-replaces"] : null,
        ]),
      ),
    ),
    h(
      "section",
      { class: "document-parties", "aria-label": t("document.billTo") },
      facts([
        ...(buyer
          ? [
              [t("document.buyer"), buyer.name, "document-buyer"],
              buyer.address ? [t("document.buyerAddress"), buyer.address.split("\n").join(", ")] : null,
              buyer.taxId ? [t("document.buyerTaxId"), buyer.taxId, "document-buyer-tax-id"] : null,
              // A Thai buyer's office; a company billed elsewhere names none.
              buyer.branch ? [t("document.buyerBranch"), branchWords(buyer.branch, t), "document-buyer-branch"] : null,
              [t("document.guest"), issued.guestName, "document-guest"],
            ]
          : [[t("document.billTo"), issued.guestName, "document-guest"]]),
        [t("document.stay"), `${i18n.date(issued.arrival)} – ${i18n.date(issued.departure)}`],
        issued.rooms.length ? [t("document.rooms"), issued.rooms.join(", ")] : null,
      ]),
    ),
    h(
      "table",
      { class: "document-lines", id: "document-charges" },
      h("caption", { text: t("document.charges") }),
      h("thead", {}, row([h("th", { scope: "col", text: t("document.date") }), h("th", { scope: "col", text: t("document.description") }), h("th", { scope: "col", class: "desk-number", text: t("document.amount") })])),
      h(
        "tbody",
        {},
        issued.charges.map((line) =>
          row([
            h("td", { text: line.night ? i18n.date(line.night) : "" }),
            // A reduced-rate line is marked, the mark explained under the table (Japan's ※).
            h("td", { text: line.taxClass === "reduced" ? `${lineLabel(line, i18n)} ※` : lineLabel(line, i18n) }),
            h("td", { class: "desk-number", text: money(line.amount) }),
          ]),
        ),
      ),
      h(
        "tfoot",
        {},
        total(t("document.subtotal"), issued.subtotal, "document-subtotal"),
        issued.taxes.map((tax) => total(parts.addedLabel(tax), tax.amount, undefined, "is-tax")),
        total(t("document.total"), issued.totalCharges, "document-total", "is-grand"),
        // Each rate's total and the tax inside it; what is outside the tax, apart.
        parts.included(issued.includedTaxes),
        issued.outsideTotal ? total(t("document.outside"), issued.outsideTotal, "document-outside", "is-included") : null,
      ),
    ),
    issued.charges.some((line) => line.taxClass === "reduced") ? h("p", { class: "document-legend", text: t("document.reducedLegend") }) : null,
    issued.payments.length
      ? h(
          "table",
          { class: "document-lines", id: "document-payments" },
          h("caption", { text: t(receipt ? "document.received" : "document.payments") }),
          h(
            "tbody",
            {},
            issued.payments.map((line) =>
              row([h("td", { text: line.method ? t(`method.${line.method}`) : "" }), h("td", { text: lineLabel(line, i18n) }), h("td", { class: "desk-number", text: money(line.amount) })]),
            ),
          ),
          h("tfoot", {}, total(t("document.totalPaid"), issued.totalPayments, "document-paid")),
        )
      : null,
    parts.balance(issued.balance),
    issued.kind === "abbreviated_tax_invoice" ? h("p", { class: "document-vat", id: "document-vat-included", text: t("document.vatIncluded") }) : null,
    receipt ? h("p", { class: "document-thanks", text: t("document.thanks") }) : null,
  );

  fill(
    main,
    sheetPage(i18n, {
      href: `#/stays/${issued.stayId}`,
      back: t("document.back"),
      sheet,
      more: [
        sendForm(issued, desk),
        issued.eInvoice ? eInvoiceForm(desk, { path: `/api/v1/documents/${issued.id}/e-invoice`, fileName: issued.reference }) : null,
      ],
    }),
  );
  return { unmount() {} };
}

/**
 * Sends the document by email: `POST /api/v1/documents/{id}/send` with the language chosen (the desk's to
 * start with) and an address, or none for the guest's own; the server says when there is neither.
 */
function sendForm(issued, desk) {
  const { t } = desk.i18n;
  const email = h("input", { type: "email", id: "document-send-email", autocomplete: "off", placeholder: t("document.sendToGuest") });
  const language = h(
    "select",
    { id: "document-send-language" },
    languageChoices(desk.i18n.locale).map(({ code, name }) => h("option", { value: code, text: name, selected: code === desk.i18n.code })),
  );
  const general = h("p", { class: "free-form-row-error", role: "alert", id: "document-send-error" });
  const done = h("p", { class: "desk-hint", role: "status", id: "document-sent" });
  const refusals = fieldRefusals(general);
  const send = h("button", { type: "submit", class: "desk-button", id: "document-send", text: t("document.send") });
  const form = h(
    "form",
    { class: "desk-row document-send no-print", "aria-label": t("document.send") },
    h("label", { for: email.id, text: t("document.sendTo") }),
    email,
    refusals.place("email", email),
    h("label", { for: language.id, text: t("document.sendLanguage") }),
    language,
    refusals.place("language", language),
    send,
    general,
    done,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    refusals.clear();
    done.textContent = "";
    send.disabled = true;
    try {
      const body = { language: language.value };
      if (email.value.trim()) body.email = email.value.trim();
      await call("POST", `/api/v1/documents/${issued.id}/send`, { body });
      done.textContent = t("document.sent");
    } catch (error) {
      refusals.show(error, t);
    } finally {
      send.disabled = false;
    }
  });
  return form;
}
