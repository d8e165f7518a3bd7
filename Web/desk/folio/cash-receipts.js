// Korea's cash receipts (현금영수증) on the day close: the payments of ₩100,000 or more in cash or by transfer
// still waiting for their receipt, with the day each is due by (5 days after; late ones marked), and, for
// each, the approval number Hometax or the terminal gave and the customer's number (none: the tax office's
// number, an anonymous receipt). Which payments need one, and every check of what is typed, are the server's.

import { call, errorText, get } from "../api.js";
import { fill, h } from "../../common/dom.js";
import { textLength } from "../../common/limits.js";

/**
 * @param {object} desk the app (`i18n`, `property`, `may`, `toast`)
 * @returns {Promise<HTMLElement|null>} the section, or null where no cash receipts are owed (outside Korea)
 */
export async function cashReceiptsSection(desk) {
  const i18n = desk.i18n;
  const { t } = i18n;
  const path = `/api/v1/properties/${desk.property.id}/cash-receipts`;
  let due = await get(path);
  if (!due.applies) return null;
  const mayRecord = desk.may("deskWork");
  const section = h("section", { class: "audit-list cash-receipts no-print", id: "cash-receipts", "aria-labelledby": "cash-receipts-title" });

  const draw = () => {
    const rows = due.payments.map((payment) => {
      const late = payment.dueBy < due.today;
      const key = `${payment.source}-${payment.entryId}`;
      const approval = h("input", {
        id: `cash-receipt-approval-${key}`, type: "text", inputmode: "numeric", ...textLength("cashReceipt.approvalNumber"), autocomplete: "off",
        "aria-label": t("cashReceipt.approvalFor", { amount: i18n.money(payment.amount) }),
      });
      const identifier = h("input", {
        id: `cash-receipt-identifier-${key}`, type: "text", inputmode: "tel", ...textLength("cashReceipt.identifier"), autocomplete: "off",
        placeholder: due.anonymousNumber, "aria-label": t("cashReceipt.identifierFor", { amount: i18n.money(payment.amount) }),
      });
      const error = h("p", { class: "desk-form-error", role: "alert", id: `cash-receipt-error-${key}` });
      const record = h("button", { type: "submit", class: "desk-button", id: `cash-receipt-record-${key}`, text: t("cashReceipt.record") });
      const form = h("form", { class: "desk-row", novalidate: true }, approval, identifier, record);
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        error.textContent = "";
        record.disabled = true;
        try {
          const body = { source: payment.source, entryId: payment.entryId, approvalNumber: approval.value, identifier: identifier.value };
          const { data } = await call("POST", path, { body });
          desk.toast(t("cashReceipt.recorded", { amount: i18n.money(data.amount), to: data.issuedTo }));
          due = await get(path);
          draw();
        } catch (refusal) {
          record.disabled = false;
          error.textContent = errorText(refusal, t);
          (refusal.field === "identifier" ? identifier : approval).focus();
        }
      });
      return h(
        "tr",
        { class: late ? "is-late" : "", dataset: { payment: key } },
        h("td", { text: i18n.date(payment.receivedOn) }),
        h("td", { text: payment.payer || "—" }),
        h("td", { text: payment.reference }),
        h("td", { text: t(`method.${payment.method}`) }),
        h("td", { class: "desk-number", text: i18n.money(payment.amount) }),
        h("td", { text: late ? t("cashReceipt.late", { day: i18n.date(payment.dueBy) }) : i18n.date(payment.dueBy) }),
        h("td", {}, mayRecord ? [form, error] : null),
      );
    });
    fill(
      section,
      h("h3", { id: "cash-receipts-title", text: `${t("cashReceipt.title")} (${due.payments.length})` }),
      h("p", { class: "desk-hint", text: t("cashReceipt.hint", { number: due.anonymousNumber }) }),
      rows.length
        ? h(
            "table",
            { class: "desk-table", id: "cash-receipts-due" },
            h(
              "thead",
              {},
              h(
                "tr",
                {},
                ["cashReceipt.received", "cashReceipt.payer", "cashReceipt.reference", "cashReceipt.method", "cashReceipt.amount", "cashReceipt.dueBy", "cashReceipt.approval"].map(
                  (key) => h("th", { scope: "col", text: t(key) }),
                ),
              ),
            ),
            h("tbody", {}, rows),
          )
        : h("p", { class: "desk-empty", id: "cash-receipts-none", text: t("cashReceipt.none") }),
    );
  };
  draw();
  return section;
}
