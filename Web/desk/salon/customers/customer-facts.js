// A salon's customer (顧客 / カルテ) as the desk reads and edits it: the `customer` form's values of a
// record and what a save sends, the visit that counts as the last, a visit's service in the salon's
// words, and a search that follows typing. No DOM: `node --test` pins it (Tests/Web/customers.test.mjs).

/** The fields of the `customer` form, as `POST /api/v1/properties/{id}/customers` and `PATCH` take them. */
export const CUSTOMER_FIELDS = ["name", "reading", "phone", "email", "birthday", "allergies", "notes"];

/** The form's values for a record: every field as text, no birthday when it is not known. */
export function formValues(customer) {
  const values = {};
  for (const field of CUSTOMER_FIELDS) {
    const value = customer[field];
    if (value !== undefined && value !== null && !(field === "birthday" && value === "")) values[field] = value;
  }
  return values;
}

/** What adding a customer sends: the fields typed (blank text as ""), a birthday only when one is given. */
export function newCustomer(values) {
  const body = {};
  for (const field of CUSTOMER_FIELDS) {
    const value = values[field] ?? "";
    if (field !== "birthday" || value !== "") body[field] = value;
  }
  return body;
}

/**
 * What an edit sends: the fields that differ from the record (a birthday cleared as "", which forgets
 * it), or null when nothing changed. Fields left alone are not sent, so they stay as they are.
 */
export function customerChange(customer, values) {
  const before = formValues(customer);
  const change = {};
  for (const field of CUSTOMER_FIELDS) {
    const now = values[field] ?? "";
    if (now !== (before[field] ?? "")) change[field] = now;
  }
  return Object.keys(change).length > 0 ? change : null;
}

/** Whether a visit was called off (cancelled, or the customer never came). */
export const calledOff = (visit) => visit.state === "cancelled" || visit.state === "no_show";

/** Their last visit: the newest of the record's past visits (newest first) not called off, or undefined. */
export function lastVisit(visits = []) {
  return visits.find((visit) => !calledOff(visit));
}

/**
 * A visit's service as the salon words it in the page's language (its menu, `desk.property.services`),
 * or as the server named it when it is off the menu now.
 */
export function serviceName(visit, services = []) {
  return services.find((service) => service.id === visit.serviceId)?.name ?? visit.serviceName;
}

/**
 * A search that follows typing: `type(text)` asks `find(text, signal)` once typing has paused for `delay`
 * ms, `now(text)` at once; only the answer to what was typed last is shown (`show(answer, text)`), an
 * answer to an older text is dropped (and its request aborted). `fail(error)` hears the last one's failure.
 */
export function searchAsTyped({ find, show, fail = () => {}, delay = 200 }) {
  let timer = 0;
  let latest = 0;
  let asking = null;
  async function ask(text, ticket) {
    asking?.abort();
    const controller = new AbortController();
    asking = controller;
    try {
      const answer = await find(text, controller.signal);
      if (ticket === latest) show(answer, text);
    } catch (error) {
      if (ticket === latest) fail(error);
    }
  }
  return {
    type(text) {
      const ticket = ++latest;
      clearTimeout(timer);
      timer = setTimeout(() => ask(text, ticket), delay);
    },
    now(text) {
      const ticket = ++latest;
      clearTimeout(timer);
      return ask(text, ticket);
    },
    /** Drops whatever is under way: the screen has gone. */
    stop() {
      latest++;
      clearTimeout(timer);
      asking?.abort();
    },
  };
}
