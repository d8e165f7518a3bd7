// The property's taxes and service charges (Settings): a share added to the room and fees, a share
// already inside the prices (a VAT-inclusive rate), an amount a room a night, or an amount a guest a
// night (a city tax) that children or infants may be exempt from, each with an optional cap of nights.
// A manager keeps them; quotes, check-ins and changes of nights follow them from then on.

import { call, errorText, get } from "./api.js";
import { h, fill } from "../common/dom.js";
import { currencyDigits, toMajor, toMinor } from "../common/i18n.js";

const BASES = ["share", "included_share", "per_night", "per_person_night"];

/**
 * @param {object} desk the app (`i18n`, `property`, `role`, `toast`)
 * @returns {Promise<HTMLElement>} the section
 */
export async function taxesSection(desk) {
  const { t } = desk.i18n;
  const property = desk.property;
  const currency = property.currency;
  const manager = desk.role === "manager";
  const { taxes } = await get(`/api/v1/properties/${property.id}/taxes`);
  const list = h("div", { class: "settings-taxes" });
  const message = h("p", { class: "desk-form-error", role: "alert", id: "settings-taxes-error" });
  const rows = [];

  /** One tax's controls; the fields a basis does not use are hidden. */
  function row(tax) {
    const n = rows.length;
    const id = (key) => `tax-${n}-${key}`;
    const field = (key, control, wide = false) =>
      h("div", { class: `free-form-row${wide ? " is-wide" : ""}`, dataset: { field: key } }, h("label", { for: id(key), text: t(`tax.${key}`) }), control);
    const name = h("input", { id: id("name"), type: "text", required: true, maxlength: 60, autocomplete: "off", value: tax.name ?? "" });
    const basis = h(
      "select",
      { id: id("basis") },
      BASES.map((b) => h("option", { value: b, selected: b === (tax.basis ?? "share"), text: t(`tax.basis.${b}`) })),
    );
    const rate = h("input", { id: id("rate"), type: "number", min: "0.01", max: "100", step: "0.01", value: tax.basisPoints != null ? String(tax.basisPoints / 100) : "" });
    const step = currencyDigits(currency) ? String(10 ** -currencyDigits(currency)) : "1";
    const amount = h("input", { id: id("amount"), type: "number", min: step, step, value: tax.amount ? String(toMajor(tax.amount.amount, currency)) : "" });
    const children = h("input", { id: id("exemptChildren"), type: "checkbox", checked: !!tax.exemptChildren });
    const infants = h("input", { id: id("exemptInfants"), type: "checkbox", checked: !!tax.exemptInfants });
    const cap = h("input", { id: id("maxNights"), type: "number", min: "1", max: "366", step: "1", value: tax.maxNights ? String(tax.maxNights) : "" });
    const remove = h("button", {
      type: "button", class: "desk-button is-quiet", text: t("tax.remove"), "aria-label": `${t("tax.remove")}: ${tax.name ?? ""}`,
      onclick: () => {
        fieldset.remove();
        rows.splice(rows.indexOf(entry), 1);
      },
    });
    const fieldset = h(
      "fieldset",
      { class: "free-form-section settings-tax" },
      h("legend", { text: t("tax.legend") }),
      field("name", name),
      field("basis", basis),
      field("rate", rate),
      field("amount", amount),
      field("exemptChildren", children),
      field("exemptInfants", infants),
      field("maxNights", cap),
      h("div", { class: "desk-row" }, remove),
    );
    const shape = () => {
      const share = basis.value === "share" || basis.value === "included_share";
      for (const [key, shown] of [["rate", share], ["amount", !share], ["maxNights", !share], ["exemptChildren", basis.value === "per_person_night"], ["exemptInfants", basis.value === "per_person_night"]]) {
        fieldset.querySelector(`[data-field=${key}]`).hidden = !shown;
      }
      rate.required = share;
      amount.required = !share;
    };
    basis.addEventListener("change", shape);
    shape();
    for (const control of fieldset.querySelectorAll("input, select, button")) control.disabled = !manager;
    const entry = {
      fieldset,
      value() {
        const chosen = { name: name.value.trim(), basis: basis.value };
        if (basis.value === "share" || basis.value === "included_share") {
          chosen.basisPoints = Math.round(Number(rate.value) * 100);
        } else {
          chosen.amount = { amount: toMinor(amount.value, currency), currency };
          if (cap.value) chosen.maxNights = Number(cap.value);
          if (basis.value === "per_person_night") Object.assign(chosen, { exemptChildren: children.checked, exemptInfants: infants.checked });
        }
        return chosen;
      },
    };
    rows.push(entry);
    return fieldset;
  }

  const add = h("button", {
    type: "button", class: "desk-button", id: "settings-tax-add", text: t("tax.add"), disabled: !manager,
    onclick: () => {
      list.append(row({ basis: "share" }));
      list.lastElementChild.querySelector("input").focus();
    },
  });
  const save = h("button", { type: "submit", class: "desk-button is-primary", id: "settings-taxes-save", text: t("tax.save"), disabled: !manager });
  fill(list, taxes.map(row));
  const form = h(
    "form",
    {
      class: "free-form",
      onsubmit: async (event) => {
        event.preventDefault();
        message.textContent = "";
        save.disabled = true;
        try {
          const { data } = await call("PUT", `/api/v1/properties/${property.id}/taxes`, { body: { taxes: rows.map((r) => r.value()) } });
          rows.length = 0;
          fill(list, data.taxes.map(row));
          desk.toast(t("done.saved"));
        } catch (error) {
          message.textContent = errorText(error, t);
        } finally {
          save.disabled = !manager;
        }
      },
    },
    list,
    h("div", { class: "desk-row" }, add, save),
    message,
  );
  return h(
    "section",
    { class: "settings-section", "aria-labelledby": "settings-taxes" },
    h("h2", { id: "settings-taxes", text: t("settings.taxes") }),
    h("p", { class: "desk-hint", text: t(manager ? "settings.taxesHint" : "settings.managerOnly") }),
    form,
  );
}
