// A stay's folio on its page (stay.js): its lines and totals, the code to pay the balance, its documents,
// and (to who may post, as the server says) the charge and payment forms.

import { payCodeFigure } from "../../common/pay-code.js";
import { h } from "../../common/dom.js";
import { lineLabel, taxLabel } from "../folio/folio-lines.js";
import { documentsPart } from "./stay-documents.js";

/**
 * The folio's section. `mountForm(parent, name, values, submit)` renders a declared form (the page's);
 * `reverse(entry)` reverses a line; once a charge or payment is sent, `load()` reads the stay again, or
 * `queued()` says it waits in the outbox.
 */
export function folioSection({ stay, stayId: id, folio, documents, message, desk, mountForm, reverse, queued, load }) {
  const { t } = desk.i18n;
  const i18n = desk.i18n;
  // Whether the server lets this member post to the folio: charges, payments, reversals, documents.
  const mayPost = () => (stay.actions ?? []).includes("post");
  const section = h(
    "section",
    { "aria-labelledby": "folio-title", class: "folio" },
    h("h2", { id: "folio-title", text: t("stay.folio") }),
    folioTable(folio, i18n, mayPost() ? reverse : null),
  );
  if (folio.entries.length === 0) section.append(h("p", { id: "folio-balance", hidden: true, text: i18n.money(folio.balance) }));
  // The code to pay the balance, drawn by the server where the property is paid by one.
  if (folio.payCode) {
    const words = { amount: i18n.money(folio.payCode.amount), reference: folio.payCode.reference, holder: folio.payCode.holder };
    section.append(payCodeFigure(folio.payCode, { caption: t("payCode.caption", words), alt: t(`payCode.alt.${folio.payCode.scheme}`, words) }));
  }
  section.append(documentsPart({ documents, folio, canPost: mayPost(), stayId: id, message, desk }));
  if (mayPost()) {
    const forms = h("div", { class: "folio-forms no-print" });
    section.append(forms);
    for (const name of ["charge", "payment"]) {
      // A payment starts at what is owed: the balance, or a deposit still open before arrival.
      const owed = Math.max(0, folio.balance.amount, stay.deposit?.open.amount ?? 0);
      mountForm(forms, name, name === "payment" ? { amount: { amount: owed, currency: folio.currency } } : {}, async (values) => {
        const body = folioBody(name, values);
        const label = `${stay.guest?.name ?? ""} · ${t(name === "charge" ? "form.charge.title" : "form.payment.title")} · ${
          name === "charge" ? body.description : t(`method.${body.method}`)} ${i18n.money(body.amount)}`;
        const sent = await desk.outbox.send("POST", `/api/v1/stays/${id}/${name === "charge" ? "charges" : "payments"}`, {
          body, label, stayId: id,
        });
        if (sent.queued) return queued();
        desk.toast(t(name === "charge" ? "done.charged" : "done.paid"));
        await load();
      });
    }
  }
  return section;
}

/**
 * The folio's lines (each tax inside a price under its line) and its totals, or that it has none;
 * `reverse(entry)`, to who may post, is the Reverse button of a line the server says may be reversed.
 */
function folioTable(folio, i18n, reverse) {
  const { t } = i18n;
  const rows = folio.entries.map((entry) => {
    const reversal = entry.kind === "reversal";
    const sign = entry.kind === "payment" ? -1 : 1;
    const detail = entry.category ? t(`category.${entry.category}`) : entry.method ? t(`method.${entry.method}`) : reversal ? t("stay.reversal") : "";
    return h(
      "tr",
      { class: `folio-entry is-${entry.kind}${entry.reversed ? " is-reversed" : ""}`, dataset: { entryId: String(entry.id) } },
      h("td", { text: entry.night ? i18n.dayMonth(entry.night) : "" }),
      h(
        "th",
        { scope: "row" },
        lineLabel(entry, i18n),
        // Each tax inside the price (a VAT-inclusive rate), under the line.
        (entry.includedTaxes ?? []).map((tax) =>
          h("small", { class: "folio-included", text: t("folio.included", { tax: taxLabel(tax, i18n), amount: i18n.money(tax.amount) }) }),
        ),
      ),
      h("td", { text: detail }),
      h("td", { class: "desk-number", text: reversal ? "" : i18n.money({ ...entry.amount, amount: sign * entry.amount.amount }) }),
      h(
        "td",
        { class: "desk-actions-cell no-print" },
        reverse && entry.reversible
          ? h("button", {
              type: "button", class: "desk-button is-quiet", text: t("stay.reverse"),
              "aria-label": `${t("stay.reverse")}: ${entry.description}`, onclick: () => reverse(entry),
            })
          : entry.reversed
            ? t("stay.reversed")
            : "",
      ),
    );
  });
  const total = (key, money, id) =>
    h("tr", { class: "folio-total" }, h("td"), h("th", { scope: "row", text: t(key) }), h("td"), h("td", { class: "desk-number", id, text: i18n.money(money) }), h("td"));
  if (!folio.entries.length) return h("p", { class: "desk-empty", text: t("stay.noEntries") });
  return h(
    "table",
    { class: "desk-table" },
    h("tbody", {}, rows),
    h(
      "tfoot",
      {},
      total("stay.charges", folio.totalCharges, "folio-charges"),
      total("stay.payments", folio.totalPayments, "folio-payments"),
      total("stay.balance", folio.balance, "folio-balance"),
    ),
  );
}

/** What a charge or payment form sends. */
function folioBody(name, values) {
  if (name === "charge") {
    return { description: values.description, amount: values.amount, category: values.category, taxClass: values.taxClass };
  }
  return { amount: values.amount, method: values.method, description: values.description || undefined };
}
