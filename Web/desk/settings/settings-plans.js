// The property's rate plans (Settings): the same room sold several ways, each with its price against
// the night's rate (10 % less), an extra a guest a night (breakfast), its cancellation terms (the
// property's, free until some days before, or non-refundable) and the deposit due at booking. A plan
// left out of the list is kept for the stays booked on it but no longer offered.

import { get } from "../api.js";
import { h } from "../../common/dom.js";
import { numberRange, textLength } from "../../common/limits.js";
import { currencyDigits, toMajorUnits, toMinorUnits } from "../../common/money.js";
import { listSection } from "./settings-list.js";

const DEPOSITS = ["none", "first_night", "share", "all"];
const TERMS = ["property", "free", "non_refundable"];

/**
 * @param {object} desk the app (`i18n`, `property`, `role`, `toast`)
 * @returns {Promise<HTMLElement>} the section
 */
export async function plansSection(desk) {
  const { t } = desk.i18n;
  const currency = desk.property.currency;
  const path = `/api/v1/properties/${desk.property.id}/rate-plans`;
  const { plans } = await get(path);
  const digits = currencyDigits(currency);
  const step = toMajorUnits(1, digits);
  const options = (values, chosen, key) => values.map((v) => h("option", { value: v, selected: v === chosen, text: t(`${key}.${v}`) }));
  const percent = (basisPoints) => (basisPoints != null ? String(basisPoints / 100) : "");

  /** One plan's controls; the terms' days and share, and a deposit's share, show when chosen. */
  function row(plan, field) {
    const name = h("input", { type: "text", required: true, ...textLength("plan.name"), autocomplete: "off", value: plan.name ?? "" });
    const adjustment = h("input", { type: "number", ...numberRange("plan.adjustmentBasisPoints", 0.01), step: "0.01", required: true, value: percent(plan.adjustmentBasisPoints ?? 0) });
    const extraName = h("input", { type: "text", ...textLength("plan.name"), autocomplete: "off", value: plan.extraName ?? "" });
    const extra = h("input", { type: "number", min: step, step, value: toMajorUnits(plan.extraPerGuestNight?.amount, digits) });
    const chosenTerms = plan.nonRefundable ? "non_refundable" : plan.freeCancellationDays != null ? "free" : "property";
    const terms = h("select", {}, options(TERMS, chosenTerms, "plan.terms"));
    const days = h("input", { type: "number", ...numberRange("plan.freeCancellationDays"), step: "1", value: plan.freeCancellationDays != null ? String(plan.freeCancellationDays) : "" });
    const late = h("input", { type: "number", ...numberRange("plan.lateCancellationBasisPoints", 0.01), step: "0.01", value: percent(plan.lateCancellationBasisPoints ?? 10_000) });
    const deposit = h("select", {}, options(DEPOSITS, plan.deposit ?? "none", "plan.deposit"));
    const share = h("input", { type: "number", ...numberRange("plan.depositBasisPoints", 0.01), step: "0.01", value: percent(plan.depositBasisPoints) });
    const active = h("input", { type: "checkbox", checked: plan.active !== false });
    return {
      controls: [
        field("name", name), field("adjustment", adjustment), field("extraName", extraName), field("extraPerGuestNight", extra),
        field("terms", terms), field("freeCancellationDays", days), field("latePercent", late),
        field("deposit", deposit), field("depositPercent", share), field("active", active),
      ],
      shape(fieldset) {
        const shape = () => {
          const free = terms.value === "free";
          for (const [key, shown] of [["freeCancellationDays", free], ["latePercent", free], ["depositPercent", deposit.value === "share"]]) {
            fieldset.querySelector(`[data-field=${key}]`).hidden = !shown;
          }
          days.required = late.required = free;
          share.required = deposit.value === "share";
          extraName.required = extra.value !== "";
        };
        for (const control of [terms, deposit, extra]) control.addEventListener("input", shape);
        for (const control of [terms, deposit]) control.addEventListener("change", shape);
        shape();
      },
      value() {
        const chosen = {
          name: name.value.trim(), adjustmentBasisPoints: Math.round(Number(adjustment.value) * 100), deposit: deposit.value,
          active: active.checked,
        };
        if (plan.id) chosen.id = plan.id;
        if (extra.value !== "") {
          Object.assign(chosen, { extraName: extraName.value.trim(), extraPerGuestNight: { amount: toMinorUnits(extra.value, digits), currency } });
        }
        if (terms.value === "non_refundable") chosen.nonRefundable = true;
        if (terms.value === "free") {
          Object.assign(chosen, { freeCancellationDays: Number(days.value), lateCancellationBasisPoints: Math.round(Number(late.value) * 100) });
        }
        if (deposit.value === "share") chosen.depositBasisPoints = Math.round(Number(share.value) * 100);
        return chosen;
      },
    };
  }

  return listSection(desk, {
    name: "plans", prefix: "plan", path, items: plans, blank: { deposit: "none", adjustmentBasisPoints: 0 }, row, hint: "settings.plansHint",
  });
}
