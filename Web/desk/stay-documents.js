// A stay's documents: those issued, each a link to its printable sheet, and (to who may post) a button
// for each kind the server says the property issues (an invoice, a receipt; in Thailand an abbreviated tax
// invoice and, on the guest's request, a full one, whose buyer is asked for first). Which kinds, what each
// needs and how its buyer is checked are the server's: a refusal is said under the field it names.

import { call, errorText, pressing } from "./api.js";
import { h } from "../common/dom.js";

const BUYER = ["name", "address", "taxId", "branch"];

/**
 * @param {{documents: object[], folio: object, canPost: boolean, stayId: number, message: HTMLElement, desk: object}} options
 * @returns {HTMLElement}
 */
export function documentsPart({ documents, folio, canPost, stayId, message, desk }) {
  const { t } = desk.i18n;
  const i18n = desk.i18n;
  const part = h("div", { class: "folio-documents no-print" });
  if (documents.length) {
    part.append(
      h(
        "ul",
        { class: "folio-document-list", id: "stay-documents", "aria-label": t("stay.documents") },
        documents.map((issued) =>
          h(
            "li",
            {},
            h("a", { href: `#/documents/${issued.id}`, text: `${t(`document.${issued.kind}`)} ${issued.reference}` }),
            ` · ${i18n.date(issued.issuedOn)} · ${i18n.money(issued.kind === "receipt" ? issued.totalPayments : issued.totalCharges)}`,
          ),
        ),
      ),
    );
  }
  if (!canPost) return part;
  const issue = (body) => call("POST", `/api/v1/stays/${stayId}/documents`, { body }).then(({ data }) => desk.navigate(`#/documents/${data.id}`));
  const buyerForm = h("div", { id: "stay-buyer" });
  const button = (kind) =>
    h("button", {
      type: "button", class: "desk-button", id: `issue-${kind}`, text: t(`stay.issue.${kind}`),
      disabled: kind === "receipt" ? folio.totalPayments.amount <= 0 : folio.totalCharges.amount <= 0,
      onclick: (event) =>
        kind === "tax_invoice" ? askBuyer(event.currentTarget) : pressing(event.currentTarget, message, t, () => issue({ kind })),
    });
  const kinds = desk.property.documentKinds ?? ["invoice", "receipt"];
  part.append(h("div", { class: "desk-row" }, kinds.map(button)), buyerForm);
  return part;

  /** The buyer a full tax invoice is issued to, asked under the buttons; the server checks each field. */
  function askBuyer(opener) {
    const fields = Object.fromEntries(
      BUYER.map((key) => [
        key,
        h(key === "address" ? "textarea" : "input", {
          id: `buyer-${key}`, ...(key === "address" ? { rows: 3, maxlength: "400" } : { type: "text", maxlength: key === "branch" ? "5" : key === "taxId" ? "40" : "120" }),
          ...(key === "branch" ? { value: "00000", inputmode: "numeric" } : key === "taxId" ? { inputmode: "numeric" } : {}),
        }),
      ]),
    );
    const errors = Object.fromEntries(BUYER.map((key) => [key, h("p", { class: "desk-form-error", role: "alert", id: `buyer-${key}-error` })]));
    const general = h("p", { class: "desk-form-error", role: "alert", id: "buyer-error" });
    const submit = h("button", { type: "submit", class: "desk-button is-primary", id: "buyer-issue", text: t("stay.buyer.issue") });
    const form = h(
      "form",
      { class: "free-form stay-buyer-form", novalidate: true, "aria-labelledby": "buyer-title" },
      h("h3", { id: "buyer-title", text: t("stay.buyer.title") }),
      BUYER.map((key) => h("div", { class: "free-form-row" }, h("label", { for: `buyer-${key}`, text: t(`stay.buyer.${key}`) }), fields[key], errors[key])),
      general,
      h(
        "div",
        { class: "desk-row" },
        submit,
        h("button", { type: "button", class: "desk-button", text: t("stay.buyer.cancel"), onclick: () => (buyerForm.replaceChildren(), opener.focus()) }),
      ),
    );
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      for (const spot of [general, ...Object.values(errors)]) spot.textContent = "";
      submit.disabled = true;
      const buyer = Object.fromEntries(BUYER.map((key) => [key, fields[key].value]));
      try {
        await issue({ kind: "tax_invoice", buyer });
      } catch (refusal) {
        submit.disabled = false;
        const key = refusal.field?.startsWith("buyer.") ? refusal.field.slice("buyer.".length) : null;
        (errors[key] ?? general).textContent = errorText(refusal, t);
        fields[key]?.focus();
      }
    });
    buyerForm.replaceChildren(form);
    fields.name.focus();
  }
}
