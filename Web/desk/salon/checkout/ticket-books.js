// A customer's ticket books (回数券) and prepaid balances (プリペイド) as the desk words them: a sale's line of
// one (sold, or drawn to pay), what is left of one, and which of a customer's books the checkout offers for
// what. The server decides whether a book may be drawn (`usable`), what is left and until when; the desk
// only matches a visit's service to the books that name it, to offer them. No DOM: `node --test` pins it
// (Tests/Web/ticket-books.test.mjs).

/** Whether a sale's line is a ticket book's (category `prepaid`): a book sold, or one drawn. */
export const isPrepaid = (line) => line.category === "prepaid";

/**
 * A prepaid line's words: the book sold (a positive amount), the book paid with (negative), or what was left
 * of a book the sale ended (negative, its book among the sale's `tickets` with `endedOn`), by its name as the
 * salon named it (the line's description).
 * @param {{description: string, amount: {amount: number}, ticketBookId?: number}} line
 * @param {{t: Function, stored?: (text: string) => string}} i18n
 * @param {{ticketBookId?: number, endedOn?: string}[]} [tickets] the sale's books as it left them
 */
export function prepaidLabel(line, i18n, tickets = []) {
  const name = i18n.stored?.(line.description) ?? line.description;
  if (line.amount.amount >= 0) return i18n.t("ticket.sold", { name });
  const ended = tickets.some((ticket) => ticket.endedOn && ticket.ticketBookId === line.ticketBookId);
  return i18n.t(ended ? "ticket.endedLine" : "ticket.paidWith", { name });
}

/**
 * What is left of a book: "7 of 10 left" for visits, "¥8,000 of ¥11,000 left" for an amount (its units are
 * minor units of `currency`).
 * @param {{kind: "visits" | "amount", units: number, remaining: number}} book
 * @param {string} currency the salon's
 */
export function leftWords(book, i18n, currency) {
  if (book.kind === "visits") return i18n.t("ticket.visitsLeft", { remaining: book.remaining, units: book.units });
  const money = (amount) => i18n.money({ amount, currency });
  return i18n.t("ticket.amountLeft", { remaining: money(book.remaining), units: money(book.units) });
}

/**
 * The customer's books the checkout offers to pay a visit with: those of visits the server says are usable
 * whose services include the visit's.
 * @param {{serviceId: number}} appointment
 * @param {{kind: string, usable: boolean, serviceIds: number[]}[]} books
 */
export function visitBooks(appointment, books) {
  return books.filter((book) => book.usable && book.kind === "visits" && book.serviceIds.includes(appointment.serviceId));
}

/** The customer's prepaid balances the server says are usable: each may pay part of the sale. */
export function balanceBooks(books) {
  return books.filter((book) => book.usable && book.kind === "amount");
}
