// How the desk names a folio line. A room night's description carries its date for the record
// ("Garden Double, night of 2026-11-24"), which the folio and the documents show in their own date
// column, in the page's language; so the name alone is shown beside it. The lines the server writes
// itself (a payment without words of its own, a salon's sale's payment by its method's code, the
// corrections of a stay's changed nights, the fee for a booking not kept, a salon's deposit taken, taken off
// a checkout, kept towards a fee or refunded) are stored in the server's
// English, in the forms below, and worded here in the page's language. The names a manager entered
// (room types, fees, taxes) show as the manager worded them in that language (`i18n.stored`, from the
// property's translations); what staff typed shows as stored.

const NIGHT_SUFFIX = /, night of (\d{4}-\d{2}-\d{2})$/;
const PAYMENT = /^Payment \((cash|card terminal|transfer|qr)\)$/;
const NIGHT_DROPPED = /^Night of (\d{4}-\d{2}-\d{2}) no longer in the stay$/;
const NIGHTS_CHANGED = /^(.+): the stay's nights changed$/;
// A tax line corrected because a charge was posted or reversed by hand.
const CHARGES_CHANGED = /^(.+): the charges it is on changed$/;
// A line moved to another of the stay's folios: its reversal where it was.
const MOVED = /^Moved to folio (\d+)$/;
// The fees the server posts for a booking not kept (a stay's or a salon's appointment's).
const FEES = {
  "Late cancellation fee": "folio.line.lateCancellationFee",
  "No-show fee": "folio.line.noShowFee",
  "Ending fee": "folio.line.endingFee",
};
// A salon's deposit (category `deposit`): taken, taken off the checkout, kept towards a fee; and the reason the
// server gives the refund of one (a reversal in the ledger carries it as its description).
const DEPOSITS = {
  Deposit: "folio.line.deposit",
  "Deposit paid": "folio.line.depositPaid",
  "Deposit kept": "folio.line.depositKept",
  "Deposit refunded": "folio.line.depositRefunded",
};

/**
 * A folio or document line's description, without the night a date column already shows.
 * @param {{kind?: string, description: string, night?: string, method?: string}} line
 * @param {{t: Function, date: (day: string) => string, stored?: (text: string) => string}} [i18n] words the
 *   server's own lines, and (`stored`) the names a manager worded
 */
export function lineLabel(line, i18n) {
  const text = line.description;
  const word = i18n?.stored ?? ((name) => name);
  if (line.night) return word(text.replace(NIGHT_SUFFIX, ""));
  if (!i18n) return text;
  const { t } = i18n;
  // Without a date column (the history), the night is named in the page's words.
  if (NIGHT_SUFFIX.test(text)) return text.replace(/^(.*), night of (\d{4}-\d{2}-\d{2})$/, (_, name, day) => `${word(name)} (${i18n.date(day)})`);
  const paid = text.match(PAYMENT);
  if (paid && line.kind !== "charge") return t("folio.line.payment", { method: t(`method.${paid[1].replace(/ /g, "_")}`) });
  // A salon's sale stores its payment under the method's code alone ("cash").
  if (line.method && text === line.method && line.kind === "payment") return t("folio.line.payment", { method: t(`method.${line.method}`) });
  const dropped = text.match(NIGHT_DROPPED);
  if (dropped) return t("folio.line.nightDropped", { date: i18n.date(dropped[1]) });
  if (text === "Room charge without a night") return t("folio.line.roomWithoutNight");
  const changed = text.match(NIGHTS_CHANGED);
  if (changed) return t("folio.line.nightsChanged", { name: word(changed[1]) });
  const corrected = text.match(CHARGES_CHANGED);
  if (corrected) return t("folio.line.chargesChanged", { name: word(corrected[1]) });
  const moved = text.match(MOVED);
  if (moved) return t("folio.line.moved", { folio: moved[1] });
  if (Object.hasOwn(FEES, text)) return t(FEES[text]);
  // Only a deposit's own words, not a charge someone typed as "Deposit" under another category.
  if (Object.hasOwn(DEPOSITS, text) && (!line.category || line.category === "deposit")) return t(DEPOSITS[text]);
  return word(text);
}

/** A refund's reason: the server's own ("Deposit refunded") in the page's words, what staff typed as typed. */
export function refundReason(reason, i18n) {
  return reason === "Deposit refunded" ? i18n.t(DEPOSITS[reason]) : reason;
}

/**
 * A tax as papers and reports name it: its name in the page's language and how it is charged, a share by
 * its rate ("VAT 7%") and an amount by the room or the guest a night ("City tax, ฿50.00 a guest a night").
 * @param {{name: string, basis?: string, basisPoints?: number, perNight?: {amount: number, currency: string}}} tax
 * @param {{t: Function, percent: Function, money: Function, stored?: (text: string) => string}} i18n
 */
export function taxLabel(tax, i18n) {
  const name = i18n.stored?.(tax.name) ?? tax.name;
  if (tax.basisPoints != null) return `${name} ${i18n.percent(tax.basisPoints / 10_000)}`;
  if (tax.perNight && (tax.basis === "per_night" || tax.basis === "per_person_night")) {
    return `${name}, ${i18n.t(`tax.charged.${tax.basis}`, { amount: i18n.money(tax.perNight) })}`;
  }
  return name;
}

/** Thailand's place of business as a tax invoice names it: the head office (`00000`, or none set), or a branch by its number. */
export function branchWords(branch, t) {
  return !branch || branch === "00000" ? t("document.headOffice") : t("document.branch", { branch });
}
