// Who an appointment booked at the desk is for: one of the salon's records, chosen from the customers
// suggested as the receptionist types the name or the phone (customer-picker.js), or, as before, the
// record with the same phone or a new one. No DOM: `node --test` pins it (Tests/Web/booking-customer.test.mjs).

/** How many of the salon's customers are suggested at once: a short list to read at a glance. */
export const SUGGESTED = 5;

/** The `appointment` form's rows that say who the customer is, each with the record's field it is filled from. */
export const CUSTOMER_ROWS = Object.freeze({ "customer.name": "name", "customer.reading": "reading", "customer.phone": "phone" });

/** Fewer digits of a phone than this match too many customers to be worth suggesting. */
const PHONE_DIGITS = 3;

/**
 * What to search the salon's customers for as a row is typed in, or "" for no search: a name as typed
 * (its reading in either kana, or part of it); a phone's digits alone, as the search matches them.
 */
export function searchText(row, value) {
  if (row === "customer.phone") {
    const digits = value.normalize("NFKC").replace(/\D/g, "");
    return digits.length >= PHONE_DIGITS ? digits : "";
  }
  return value.trim().slice(0, 100);
}

/** The customers to suggest of a search's answer (the most recently seen first, as the server lists them). */
export function suggestions(customers) {
  return customers.slice(0, SUGGESTED);
}

/** The form's customer rows filled from a record. */
export function rowsOf(record) {
  return Object.fromEntries(Object.entries(CUSTOMER_ROWS).map(([row, field]) => [row, record[field] ?? ""]));
}

/**
 * Whether the rows still say who the chosen record is: typing over its name, reading or phone makes the
 * booking someone else's (a new record, or the one with the phone typed), as it was before anyone was chosen.
 */
export function stillChosen(record, values) {
  return Object.entries(CUSTOMER_ROWS).every(([row, field]) => (values[row] ?? "").trim() === (record[field] ?? "").trim());
}

/** A customer as the desk names them: the name, with its reading after it when there is one. */
export function withReading(customer) {
  return customer.reading ? `${customer.name} (${customer.reading})` : customer.name;
}

/**
 * The `customer` of `POST /api/v1/properties/{id}/appointments` for the details of the booking form: the
 * chosen record (`customerId`) and the name the booking is made under; else the name, reading and phone,
 * which go on the record with that phone or on a new one.
 */
export function appointmentCustomer({ customerId, name, reading, phone }) {
  if (customerId) return { id: customerId, name };
  return { name, reading: reading || undefined, phone: phone || undefined };
}

/**
 * The suggestion an arrow key makes active among `count` (-1: none yet): Down goes on and Up back, each
 * coming round at the end; undefined for any other key, which is the text field's own.
 */
export function movedOption(active, count, key) {
  if (count === 0) return undefined;
  if (key === "ArrowDown") return active < 0 || active >= count - 1 ? 0 : active + 1;
  if (key === "ArrowUp") return active <= 0 ? count - 1 : active - 1;
  return undefined;
}
