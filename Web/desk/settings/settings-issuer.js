// Who issues the property's invoices and receipts (legal name, postal address, tax id or registration
// number), through the `issuer` form the server declares: a manager keeps it, others read it. A section
// of a hotel's Settings and of a salon's set-up.

import { call, declaredForm } from "../api.js";
import { h } from "../../common/dom.js";
import { renderForm } from "../shared/form.js";

/**
 * @param {object} desk the app (`i18n`, `property`, `may`, `toast`)
 * @returns {Promise<HTMLElement>} the section
 */
export async function issuerSection(desk) {
  const { t } = desk.i18n;
  const property = desk.property;
  const declaration = await declaredForm("issuer");
  const manager = desk.may("managing");
  const rendered = renderForm(declaration, {
    values: { ...property.issuer },
    t,
    onSubmit: async (values) => {
      const body = { name: values.name ?? "", address: values.address ?? "", taxId: values.taxId ?? "", branch: values.branch ?? "" };
      const { data } = await call("PUT", `/api/v1/properties/${property.id}/issuer`, { body });
      property.issuer = data;
      rendered.setValues({ ...data });
      desk.toast(t("done.saved"));
    },
  });
  // A branch is a Thai tax invoice's: shown where the server says the property issues them.
  const branch = rendered.element.querySelector('.free-form-row[data-key="branch"]');
  if (branch) branch.hidden = !property.documentKinds?.includes("tax_invoice");
  if (!manager) {
    for (const control of rendered.element.querySelectorAll("input, textarea, select, button")) control.disabled = true;
  }
  return h(
    "section",
    { class: "settings-section", "aria-labelledby": "settings-issuer", id: "settings-issuer-section" },
    h("h2", { id: "settings-issuer", text: t("settings.issuer") }),
    h("p", { class: "desk-hint", text: t(manager ? "settings.issuerHint" : "settings.managerOnly") }),
    rendered.element,
  );
}
