// Where the property is paid by a code (PromptPay in Thailand, VietQR in Vietnam): the kinds of account
// its country's scheme takes come from the server, which draws every code; a manager keeps the account,
// others read it. No section where no code is drawn (Japan, Korea).

import { call, get, errorText } from "../api.js";
import { h } from "../../common/dom.js";
import { textLength } from "../../common/limits.js";

/**
 * @param {object} desk the app (`i18n`, `property`, `may`, `toast`)
 * @returns {Promise<HTMLElement|null>} the section, or null where the country has no scheme
 */
export async function paymentsSection(desk) {
  const { t } = desk.i18n;
  const path = `/api/v1/properties/${desk.property.id}/receiving-account`;
  const setting = await get(path);
  if (!setting.kinds?.length) return null;
  const manager = desk.may("managing");
  const account = setting.account ?? {};
  const labelled = (key, control) =>
    h("div", { class: "free-form-row", dataset: { field: key } }, h("label", { for: control.id, text: t(`payAccount.${key}`) }), control);
  const kind = h(
    "select",
    { id: "pay-account-kind" },
    setting.kinds.map((k) => h("option", { value: k, selected: k === account.kind, text: t(`payAccount.kind.${k}`) })),
  );
  const number = h("input", { id: "pay-account-number", type: "text", ...textLength("account.number"), autocomplete: "off", value: account.number ?? "" });
  const bankBin = h("input", { id: "pay-account-bankBin", type: "text", inputmode: "numeric", ...textLength("account.bankBin"), value: account.bankBin ?? "" });
  const holder = h("input", { id: "pay-account-holder", type: "text", ...textLength("account.holder"), value: account.holder ?? "" });
  const bankRow = labelled("bankBin", bankBin);
  const shape = () => {
    bankRow.hidden = !kind.value.startsWith("vietqr");
  };
  kind.addEventListener("change", shape);
  shape();
  const message = h("p", { class: "desk-form-error", role: "alert", id: "settings-payments-error" });
  const save = h("button", { type: "submit", class: "desk-button is-primary", id: "settings-payments-save", text: t("payAccount.save") });
  const form = h(
    "form",
    { class: "free-form" },
    labelled("kind", kind), labelled("number", number), bankRow, labelled("holder", holder), message,
    h("div", { class: "desk-row" }, save),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    message.textContent = "";
    save.disabled = true;
    try {
      const body = number.value.trim()
        ? { account: { kind: kind.value, number: number.value, holder: holder.value, ...(bankRow.hidden ? {} : { bankBin: bankBin.value }) } }
        : {};
      await call("PUT", path, { body });
      desk.toast(t("done.saved"));
    } catch (error) {
      message.textContent = errorText(error, t);
    } finally {
      save.disabled = !manager;
    }
  });
  for (const control of form.querySelectorAll("input, select, button")) control.disabled = !manager;
  return h(
    "section",
    { class: "settings-section", "aria-labelledby": "settings-payments", id: "settings-payments-section" },
    h("h2", { id: "settings-payments", text: t("settings.payments") }),
    h("p", { class: "desk-hint", text: t(manager ? "settings.paymentsHint" : "settings.managerOnly") }),
    form,
  );
}
