// A stay's documents: those issued, each a link to its printable sheet, and (to who may post) a button
// for each kind the server says the property issues (an invoice, a receipt; in Thailand an abbreviated tax
// invoice and, on the guest's request, a full one, whose buyer is asked for first). Which kinds, what each
// needs and how its buyer is checked are the server's: a refusal is said under the field it names.

import { call, pressing } from "../api.js";
import { h } from "../../common/dom.js";
import { askBuyer } from "../folio/buyer-form.js";

/**
 * @param {{documents: object[], folio: object, folioNumber?: number, canPost: boolean, stayId: number, message: HTMLElement, desk: object}} options
 * @returns {HTMLElement}
 */
export function documentsPart({ documents, folio, folioNumber = 1, canPost, stayId, message, desk }) {
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
  // Of the folio shown: a company's is issued to the company.
  const issue = (body) =>
    call("POST", `/api/v1/stays/${stayId}/documents`, { body: folioNumber > 1 ? { ...body, folio: folioNumber } : body }).then(({ data }) =>
      desk.navigate(`#/documents/${data.id}`),
    );
  const buyerForm = h("div", { id: "stay-buyer" });
  const button = (kind) =>
    h("button", {
      type: "button", class: "desk-button", id: `issue-${kind}`, text: t(`stay.issue.${kind}`),
      disabled: kind === "receipt" ? folio.totalPayments.amount <= 0 : folio.totalCharges.amount <= 0,
      onclick: (event) =>
        kind === "tax_invoice"
          ? askBuyer({ t, container: buyerForm, opener: event.currentTarget, issue: (buyer) => issue({ kind, buyer }) })
          : pressing(event.currentTarget, message, t, () => issue({ kind })),
    });
  const kinds = desk.property.documentKinds ?? ["invoice", "receipt"];
  part.append(h("div", { class: "desk-row" }, kinds.map(button)), buyerForm);
  return part;
}
