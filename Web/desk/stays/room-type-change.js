// A change that put the guest in a room of another type than booked, in the desk's words: the server
// decides the price (the stay keeps it) and says the difference; the desk only words it.

/**
 * What a change that put the guest in a room of another type than booked means for the price, in
 * the desk's words (the server's `roomTypeChange`: the stay keeps its price; `difference` is the new
 * type's rates less the booked ones for the nights from today on). Empty when there is none.
 */
export function roomTypeChangeNote(change, i18n) {
  if (!change) return "";
  const { t } = i18n;
  const amount = change.difference.amount;
  const key = amount > 0 ? "move.roomTypeMore" : amount < 0 ? "move.roomTypeLess" : "move.roomTypeSame";
  return t(key, {
    type: change.roomType.name, booked: change.bookedAs.name,
    amount: i18n.money({ ...change.difference, amount: Math.abs(amount) }),
    nights: t("nights", { count: change.nights }),
  });
}
