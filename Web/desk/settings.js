// The property's settings a manager keeps: who issues its invoices and receipts (legal name, postal
// address, tax id), through the `issuer` form the server declares, its taxes (`settings-taxes.js`),
// its rate plans (`settings-plans.js`), its own texts in the other languages (`settings-texts.js`), the
// messages it sends its guests (`settings-messages.js`) and the webhooks its events are sent to
// (`settings-webhooks.js`, a manager's alone). Others read the rest.

import { call, declaredForm } from "./api.js";
import { h, fill } from "../common/dom.js";
import { renderForm } from "./form.js";
import { messagesSection } from "./settings-messages.js";
import { plansSection } from "./settings-plans.js";
import { taxesSection } from "./settings-taxes.js";
import { textsSection } from "./settings-texts.js";
import { webhooksSection } from "./settings-webhooks.js";

export async function mount(main, desk) {
  const { t } = desk.i18n;
  const property = desk.property;
  const [declaration, taxes, plans, texts, messages, webhooks] = await Promise.all([
    // Taxes and rate plans are money: served only to a role that reads it.
    declaredForm("issuer"), desk.readsMoney ? taxesSection(desk) : null, desk.readsMoney ? plansSection(desk) : null,
    // Webhooks: null for one who is not a manager.
    textsSection(desk), messagesSection(desk), webhooksSection(desk),
  ]);
  const manager = desk.may("managing");
  const rendered = renderForm(declaration, {
    values: { ...property.issuer },
    t,
    onSubmit: async (values) => {
      const body = { name: values.name ?? "", address: values.address ?? "", taxId: values.taxId ?? "" };
      const { data } = await call("PUT", `/api/v1/properties/${property.id}/issuer`, { body });
      property.issuer = data;
      rendered.setValues({ ...data });
      desk.toast(t("done.saved"));
    },
  });
  if (!manager) {
    for (const control of rendered.element.querySelectorAll("input, textarea, select, button")) control.disabled = true;
  }
  fill(
    main,
    h(
      "div",
      { class: "settings-page" },
      h("h1", { text: t("settings.title") }),
      h(
        "section",
        { class: "settings-section", "aria-labelledby": "settings-issuer" },
        h("h2", { id: "settings-issuer", text: t("settings.issuer") }),
        h("p", { class: "desk-hint", text: t(manager ? "settings.issuerHint" : "settings.managerOnly") }),
        rendered.element,
      ),
      taxes,
      plans,
      texts,
      messages,
      webhooks,
    ),
  );
  return { unmount() {} };
}
