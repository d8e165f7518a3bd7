// What the desk offers to do to a stay, by the same rules the server keeps (Stay.checkIn and
// Stay.markNoShow in Sources/Booking/Stay.swift): offering what the server would refuse is a dead end.

/** The room a stay holds on a night (`YYYY-MM-DD`), or null. */
export function roomOn(stay, night) {
  const segment = (stay.segments ?? []).find((s) => s.arrival <= night && night < s.departure);
  return segment?.roomId ?? null;
}

/** Whether a booked stay can check in on `today`: from its arrival, before its departure, into a room. */
export function canCheckIn(stay, today) {
  return stay.state === "booked" && stay.arrival <= today && today < stay.departure && roomOn(stay, today) !== null;
}

/** Whether a booked stay can be marked a no-show on `today`: not before its arrival. */
export function canMarkNoShow(stay, today) {
  return stay.state === "booked" && stay.arrival <= today;
}

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
