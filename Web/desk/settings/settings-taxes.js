// The property's taxes and service charges (Settings): a share added to the room and fees, a share
// already inside the prices (a VAT-inclusive rate), an amount a room a night, or an amount a guest a
// night (a city tax) that children or infants may be exempt from, each with an optional cap of nights.
// A share may compound on the shares before it (Thailand's VAT on the service charge) and apply to the
// reduced lines (Japan's 8 %); an amount by the night may go by bands of the night's room-only price
// (Tokyo's and Kyoto's accommodation taxes); each tax may apply from and until a day (a rate that changes).
// A manager keeps them; quotes, check-ins and changes of nights follow them from then on, and the lines
// already posted keep what they were charged.

import { get } from "../api.js";
import { h } from "../../common/dom.js";
import { numberRange, textLength } from "../../common/limits.js";
import { currencyDigits, toMajorUnits, toMinorUnits } from "../../common/money.js";
import { listSection } from "./settings-list.js";

const BASES = ["share", "included_share", "per_night", "per_person_night"];

/**
 * @param {object} desk the app (`i18n`, `property`, `role`, `toast`)
 * @param {{ hint?: string }} [options] the key of the section's hint (a salon's Set-up words its own)
 * @returns {Promise<HTMLElement>} the section
 */
export async function taxesSection(desk, { hint = "settings.taxesHint" } = {}) {
  const { t } = desk.i18n;
  const currency = desk.property.currency;
  const path = `/api/v1/properties/${desk.property.id}/taxes`;
  // The kinds of tax the server says this property may have (a salon's are shares of its prices).
  const { taxes, bases = BASES } = await get(path);
  const digits = currencyDigits(currency);
  const step = toMajorUnits(1, digits);

  /** One tax's controls; the fields a basis does not use are hidden. */
  function row(tax, field) {
    const name = h("input", { type: "text", required: true, ...textLength("tax.name"), autocomplete: "off", value: tax.name ?? "" });
    const basis = h(
      "select",
      {},
      bases.map((b) => h("option", { value: b, selected: b === (tax.basis ?? "share"), text: t(`tax.basis.${b}`) })),
    );
    const rate = h("input", { type: "number", ...numberRange("tax.basisPoints", 0.01), step: "0.01", value: tax.basisPoints != null ? String(tax.basisPoints / 100) : "" });
    const amount = h("input", { type: "number", min: step, step, value: toMajorUnits(tax.amount?.amount, digits) });
    const children = h("input", { type: "checkbox", checked: !!tax.exemptChildren });
    const infants = h("input", { type: "checkbox", checked: !!tax.exemptInfants });
    const cap = h("input", { type: "number", ...numberRange("tax.maxNights"), step: "1", value: tax.maxNights ? String(tax.maxNights) : "" });
    const compounds = h("input", { type: "checkbox", checked: !!tax.compounds });
    const appliesTo = choice(["standard", "reduced"], tax.appliesTo ?? "standard", "tax.appliesTo");
    const from = h("input", { type: "date", value: tax.from ?? "" });
    const through = h("input", { type: "date", value: tax.through ?? "" });
    const rounding = choice(["half_up", "down", "up"], tax.rounding ?? "half_up", "tax.rounding");
    const bands = bandList(tax.bands ?? []);
    const isShare = () => basis.value === "share" || basis.value === "included_share";
    return {
      controls: [
        field("name", name), field("basis", basis), field("rate", rate), field("amount", amount),
        field("exemptChildren", children), field("exemptInfants", infants), field("maxNights", cap),
        field("compounds", compounds), field("appliesTo", appliesTo), field("bands", bands.element),
        field("from", from), field("through", through), field("rounding", rounding),
      ],
      shape(fieldset) {
        const shape = () => {
          const perGuest = basis.value === "per_person_night";
          const shown = [
            ["rate", isShare()], ["amount", !isShare() && !bands.count()], ["maxNights", !isShare()], ["exemptChildren", perGuest],
            ["exemptInfants", perGuest], ["compounds", isShare()], ["appliesTo", isShare()], ["bands", !isShare()],
            ["rounding", isShare()],
          ];
          for (const [key, visible] of shown) fieldset.querySelector(`[data-field=${key}]`).hidden = !visible;
          rate.required = isShare();
          amount.required = !isShare() && !bands.count();
        };
        basis.addEventListener("change", shape);
        bands.element.addEventListener("bands-changed", shape);
        shape();
      },
      value() {
        // The tax's id goes back, so that the lines it charged stay its own whatever its rate becomes.
        const chosen = { name: name.value.trim(), basis: basis.value, ...(tax.id ? { id: tax.id } : {}) };
        if (from.value) chosen.from = from.value;
        if (through.value) chosen.through = through.value;
        if (isShare()) {
          Object.assign(chosen, {
            basisPoints: Math.round(Number(rate.value) * 100), compounds: compounds.checked, appliesTo: appliesTo.value,
            rounding: rounding.value,
          });
        } else {
          if (bands.count()) chosen.bands = bands.value();
          else chosen.amount = { amount: toMinorUnits(amount.value, digits), currency };
          if (cap.value) chosen.maxNights = Number(cap.value);
          if (basis.value === "per_person_night") Object.assign(chosen, { exemptChildren: children.checked, exemptInfants: infants.checked });
        }
        return chosen;
      },
    };
  }

  /** A select of `values`, each worded by `prefix.value`. */
  function choice(values, selected, prefix) {
    return h("select", {}, values.map((v) => h("option", { value: v, selected: v === selected, text: t(`${prefix}.${v}`) })));
  }

  /**
   * A tax by the night's bands: from a room-only price of a night, an amount; rows added and removed.
   * Fires `bands-changed` so that the single amount hides while there are bands.
   */
  function bandList(start) {
    const rows = h("div", { class: "tax-bands" });
    const element = h("div", {}, rows);
    const changed = () => element.dispatchEvent(new Event("bands-changed"));
    const money = (value) => h("input", { type: "number", min: "0", step, required: true, value: toMajorUnits(value?.amount, digits) });
    const add = (band) => {
      const priceFrom = money(band?.from);
      const amountOf = money(band?.amount);
      priceFrom.dataset.part = "from";
      amountOf.dataset.part = "amount";
      const remove = h("button", { type: "button", class: "desk-button is-quiet", text: t("tax.bands.remove") });
      const line = h(
        "div",
        { class: "tax-band" },
        h("label", {}, t("tax.bands.from"), priceFrom),
        h("label", {}, t("tax.bands.amount"), amountOf),
        remove,
      );
      remove.addEventListener("click", () => {
        line.remove();
        changed();
      });
      rows.append(line);
      changed();
    };
    const more = h("button", { type: "button", class: "desk-button is-quiet", text: t("tax.bands.add") });
    more.addEventListener("click", () => add(null));
    element.append(more);
    start.forEach(add);
    return {
      element,
      count: () => rows.children.length,
      value: () =>
        [...rows.children].map((line) => ({
          from: { amount: toMinorUnits(line.querySelector("[data-part=from]").value, digits), currency },
          amount: { amount: toMinorUnits(line.querySelector("[data-part=amount]").value, digits), currency },
        })),
    };
  }

  return listSection(desk, { name: "taxes", prefix: "tax", path, items: taxes, blank: { basis: "share" }, row, hint });
}
