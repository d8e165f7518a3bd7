// The property's taxes and service charges (Settings): a share added to the room and fees, a share
// already inside the prices (a VAT-inclusive rate), an amount a room a night, or an amount a guest a
// night (a city tax) that children or infants may be exempt from, each with an optional cap of nights.
// A manager keeps them; quotes, check-ins and changes of nights follow them from then on.

import { get } from "./api.js";
import { h } from "../common/dom.js";
import { currencyDigits, toMajorUnits, toMinorUnits } from "../common/money.js";
import { listSection } from "./settings-list.js";

const BASES = ["share", "included_share", "per_night", "per_person_night"];

/**
 * @param {object} desk the app (`i18n`, `property`, `role`, `toast`)
 * @returns {Promise<HTMLElement>} the section
 */
export async function taxesSection(desk) {
  const { t } = desk.i18n;
  const currency = desk.property.currency;
  const path = `/api/v1/properties/${desk.property.id}/taxes`;
  // The kinds of tax the server says this property may have (a salon's are shares of its prices).
  const { taxes, bases = BASES } = await get(path);
  const digits = currencyDigits(currency);
  const step = toMajorUnits(1, digits);

  /** One tax's controls; the fields a basis does not use are hidden. */
  function row(tax, field) {
    const name = h("input", { type: "text", required: true, maxlength: 60, autocomplete: "off", value: tax.name ?? "" });
    const basis = h(
      "select",
      {},
      bases.map((b) => h("option", { value: b, selected: b === (tax.basis ?? "share"), text: t(`tax.basis.${b}`) })),
    );
    const rate = h("input", { type: "number", min: "0.01", max: "100", step: "0.01", value: tax.basisPoints != null ? String(tax.basisPoints / 100) : "" });
    const amount = h("input", { type: "number", min: step, step, value: toMajorUnits(tax.amount?.amount, digits) });
    const children = h("input", { type: "checkbox", checked: !!tax.exemptChildren });
    const infants = h("input", { type: "checkbox", checked: !!tax.exemptInfants });
    const cap = h("input", { type: "number", min: "1", max: "366", step: "1", value: tax.maxNights ? String(tax.maxNights) : "" });
    const isShare = () => basis.value === "share" || basis.value === "included_share";
    return {
      controls: [
        field("name", name), field("basis", basis), field("rate", rate), field("amount", amount),
        field("exemptChildren", children), field("exemptInfants", infants), field("maxNights", cap),
      ],
      shape(fieldset) {
        const shape = () => {
          const perGuest = basis.value === "per_person_night";
          for (const [key, shown] of [["rate", isShare()], ["amount", !isShare()], ["maxNights", !isShare()], ["exemptChildren", perGuest], ["exemptInfants", perGuest]]) {
            fieldset.querySelector(`[data-field=${key}]`).hidden = !shown;
          }
          rate.required = isShare();
          amount.required = !isShare();
        };
        basis.addEventListener("change", shape);
        shape();
      },
      value() {
        const chosen = { name: name.value.trim(), basis: basis.value };
        if (isShare()) {
          chosen.basisPoints = Math.round(Number(rate.value) * 100);
        } else {
          chosen.amount = { amount: toMinorUnits(amount.value, digits), currency };
          if (cap.value) chosen.maxNights = Number(cap.value);
          if (basis.value === "per_person_night") Object.assign(chosen, { exemptChildren: children.checked, exemptInfants: infants.checked });
        }
        return chosen;
      },
    };
  }

  return listSection(desk, { name: "taxes", prefix: "tax", path, items: taxes, blank: { basis: "share" }, row,
    // A salon's words speak of its prices, not of rooms and nights.
    hint: desk.property.kind === "salon" ? "settings.taxesHintSalon" : "settings.taxesHint",
  });
}
