// A salon's terms as the guest site words them: a notice in the locale's units, the fees the chosen
// services are booked on (cancelling late, not coming) and the deposit they ask at booking. Read on the
// booking page's form (salon-visit-form.js) and on a waitlist's offer (offer-page.js).

/**
 * A notice in words, in the locale's own units: whole days past one ("2 days"), else whole hours
 * ("24 hours"), else minutes.
 * @param {string} locale
 * @param {number} minutes
 */
export function noticeText(locale, minutes) {
  const [unit, count] = minutes > 1440 && minutes % 1440 === 0 ? ["day", minutes / 1440]
    : minutes % 60 === 0 ? ["hour", minutes / 60]
    : ["minute", minutes];
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(count);
}

/**
 * The fees the chosen services are booked on (each its `terms`, and its `fees` in money as the server
 * works them out): what cancelling late costs, summed over one window when the services share it, else
 * each service's with its own; and what not coming costs, summed. Fees of nothing are left out.
 * @param {{name: string, price: {amount: number, currency: string}, terms: object, fees: object}[]} services
 * @returns {{late: {minutes: number, fee: {amount: number, currency: string}, service?: string}[], noShow: {amount: number, currency: string}}}
 */
export function statedFees(services) {
  const currency = services[0]?.price.currency;
  const money = (amount) => ({ amount, currency });
  const late = services
    .map((service) => ({ service, amount: service.fees.lateCancellation.amount }))
    .filter(({ amount }) => amount > 0);
  const windows = new Set(late.map(({ service }) => service.terms.lateCancellationMinutes));
  const noShow = services.reduce((sum, s) => sum + s.fees.noShow.amount, 0);
  return {
    late: windows.size > 1
      ? late.map(({ service, amount }) => ({ minutes: service.terms.lateCancellationMinutes, fee: money(amount), service: service.name }))
      : late.length ? [{ minutes: [...windows][0], fee: money(late.reduce((sum, l) => sum + l.amount, 0)) }] : [],
    noShow: money(noShow),
  };
}

/** The chosen services' fees in the page's words, a sentence each; cancelling free when none is stated. */
export function feeSentences(i18n, services) {
  const { t } = i18n;
  const { late, noShow } = statedFees(services);
  const sentences = late.length
    ? late.map(({ minutes, fee, service }) => t(service ? "salon.feeLateService" : "salon.feeLate", {
      notice: noticeText(i18n.locale, minutes), fee: i18n.money(fee), service,
    }))
    : [t("salon.feesFree")];
  if (noShow.amount > 0) sentences.push(t("salon.feeNoShow", { fee: i18n.money(noShow) }));
  else if (late.length) sentences.push(t("salon.feeNoShowFree"));
  return sentences;
}

/**
 * The deposit the chosen services ask at booking (each its `fees.deposit`, as the server works it out),
 * summed; null when none asks one.
 * @param {{price: {amount: number, currency: string}, fees: {deposit?: {amount: number}}}[]} services
 */
export function depositAsked(services) {
  const amount = services.reduce((sum, s) => sum + (s.fees.deposit?.amount ?? 0), 0);
  return amount > 0 ? { amount, currency: services[0].price.currency } : null;
}
