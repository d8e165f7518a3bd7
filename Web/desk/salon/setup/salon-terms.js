// What a salon asks before a visit and charges for one not kept (`VisitTerms`): the deposit asked at booking
// (予約金, taken at the desk), how long before the visit a cancellation is late (typed in hours, kept in
// minutes), the fee for a late cancellation and the one for a no-show; the deposit and each fee none, a share
// of the service's price or a fixed amount. The salon's, saved with their own PUT (`…/salon/terms`); and a
// service's, the salon's unless it states its own, sent with the service's booking. What the server refuses
// is said next to the field it names.

import { h } from "../../../common/dom.js";
import { numberRange } from "../../../common/limits.js";
import { currencyDigits, currencySign, toMajorUnits, toMinorUnits } from "../../../common/money.js";
import { labelled } from "./salon-setup-form.js";

/** The ways a fee is stated, as the form offers them. */
const KINDS = ["none", "percent", "amount"];

/** A fee as the form shows it: `{basisPoints: 5000}` is 50 (%), `{amount: {amount: 3000}}` is 3000 (¥). */
function shownFee(fee, digits) {
  if (fee?.basisPoints != null) return { kind: "percent", value: String(fee.basisPoints / 100) };
  if (fee?.amount) return { kind: "amount", value: toMajorUnits(fee.amount.amount, digits) };
  return { kind: "none", value: "" };
}

/**
 * One fee's controls, under the words `label` ("No-show fee") and named `name` ("Perm: No-show fee"): how it
 * is stated, and how much; `none` words the choice of none ("No fee", "No deposit").
 */
function feeControls(desk, fee, { label, name, none = "setup.fee.none" }) {
  const { t, locale } = desk.i18n;
  const currency = desk.property.currency;
  const digits = currencyDigits(currency);
  const shown = shownFee(fee, digits);
  const kind = h(
    "select",
    { "aria-label": name },
    KINDS.map((k) => h("option", { value: k, selected: k === shown.kind, text: t(k === "none" ? none : `setup.fee.${k}`) })),
  );
  const value = h("input", { type: "number", min: "0", inputmode: "decimal", value: shown.value });
  const kindField = labelled(label, kind);
  const valueField = labelled("", value);
  const words = valueField.element.querySelector(".setup-field-label > span");
  const show = () => {
    const unit = kind.value === "percent" ? t("setup.feeShare") : t("setup.feeAmount", { sign: currencySign(currency, locale) });
    valueField.element.hidden = kind.value === "none";
    words.textContent = unit;
    value.setAttribute("aria-label", t("setup.feeValueOf", { fee: name, unit }));
    value.step = kind.value === "percent" ? "0.01" : toMajorUnits(1, digits);
  };
  kind.addEventListener("change", () => {
    // A share is no amount, nor an amount a share: the value is typed again.
    value.value = "";
    show();
    if (kind.value !== "none") value.focus();
  });
  show();
  return {
    elements: [kindField.element, valueField.element],
    // A percentage typed as 12.5 is 1250 basis points: two decimals, as money with two digits.
    value: () =>
      kind.value === "percent" ? { basisPoints: toMinorUnits(value.value, 2) }
      : kind.value === "amount" ? { amount: { amount: toMinorUnits(value.value, digits), currency } }
      : undefined,
    error: () => (kind.value === "none" ? kindField.error : valueField.error),
  };
}

/**
 * Terms' controls as `terms` has them, each named for whose they are (`of`, a service's name; none for the
 * salon's).
 * @returns {{element: HTMLElement, value: () => object, errorAt: (field: string) => HTMLElement | null}}
 */
export function termsControls(desk, terms, of) {
  const { t } = desk.i18n;
  const named = (key) => (of ? t("setup.ofService", { service: of, field: t(key) }) : t(key));
  const fee = (key) => ({ label: t(key), name: named(key) });
  const minutes = terms?.lateCancellationMinutes ?? 0;
  const hours = h("input", {
    type: "number", ...numberRange("terms.lateCancellationMinutes", 1 / 60), step: "1", inputmode: "numeric",
    value: String(Math.round((minutes / 60) * 100) / 100), "aria-label": named("setup.lateWithin"),
  });
  const lateWithin = labelled(t("setup.lateWithin"), hours);
  const late = feeControls(desk, terms?.lateCancellationFee, fee("setup.lateFee"));
  const noShow = feeControls(desk, terms?.noShowFee, fee("setup.noShowFee"));
  const deposit = feeControls(desk, terms?.deposit, { ...fee("setup.deposit"), none: "setup.deposit.none" });
  const fees = { lateCancellationFee: late, noShowFee: noShow, deposit };
  return {
    element: h(
      "div",
      { class: "setup-terms" },
      // What is asked first, then what is charged when the visit is not kept.
      h("div", { class: "setup-terms-line" }, deposit.elements),
      h("div", { class: "setup-terms-line" }, lateWithin.element, late.elements),
      h("div", { class: "setup-terms-line" }, noShow.elements),
    ),
    value: () => ({
      lateCancellationMinutes: hours.value === "" ? null : Math.round(Number(hours.value) * 60),
      ...(late.value() ? { lateCancellationFee: late.value() } : {}),
      ...(noShow.value() ? { noShowFee: noShow.value() } : {}),
      ...(deposit.value() ? { deposit: deposit.value() } : {}),
    }),
    // `noShowFee.basisPoints`, `deposit.amount.amount`, a service's under `terms.`.
    errorAt(field) {
      const [name] = field.replace(/^terms\./, "").split(".");
      if (name === "lateCancellationMinutes") return lateWithin.error;
      return fees[name]?.error() ?? null;
    },
  };
}

/** The salon's terms, for `savingForm`: drawn from the set-up, sent with their own PUT. */
export function drawTerms(desk) {
  return (setup) => termsControls(desk, setup.terms);
}

/** The salon's PUT of its terms. */
export function termsPut(desk, terms) {
  return { path: `/api/v1/properties/${desk.property.id}/salon/terms`, body: terms };
}

/**
 * A service's terms in its booking form: the salon's (`terms` absent, the default), or its own with the
 * same controls, started from the salon's.
 * @returns {{element: HTMLElement, value: () => object | undefined, errorAt: (field: string) => HTMLElement | null}}
 */
export function serviceTerms(desk, service, booking, salonTerms) {
  const { t } = desk.i18n;
  const salons = h("input", { type: "checkbox", checked: !booking.terms, "aria-label": t("setup.salonTermsOf", { service: service.name }) });
  const own = termsControls(desk, booking.terms ?? salonTerms, service.name);
  const show = () => {
    own.element.hidden = salons.checked;
  };
  salons.addEventListener("change", show);
  show();
  return {
    element: h(
      "fieldset",
      { class: "setup-field is-wide setup-service-terms" },
      h("legend", { text: t("setup.terms") }),
      labelled(t("setup.salonTerms"), salons).element,
      own.element,
    ),
    value: () => (salons.checked ? undefined : own.value()),
    errorAt: own.errorAt,
  };
}
