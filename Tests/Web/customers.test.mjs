// A salon's customer as the desk reads and edits it (Web/desk/salon/customers/customer-facts.js), without a browser: the
// form's values of a record and what a save sends, the last visit, a visit's service in the salon's words,
// and a search that shows only the answer to what was typed last.

import { mock, test } from "node:test";
import assert from "node:assert/strict";
import { customerChange, formValues, lastVisit, newCustomer, searchAsTyped, serviceName } from "../../Web/desk/salon/customers/customer-facts.js";

// MARK: - factories

const aCustomer = (changes = {}) => ({
  id: 7, propertyId: 2, name: "田中 花子", reading: "タナカ ハナコ", phone: "090-1234-5678", email: "", notes: "",
  allergies: "", erased: false, version: 3, ...changes,
});

const aVisit = (state, changes = {}) => ({
  appointmentId: 40, start: "2026-11-20T02:00:00Z", durationMinutes: 90, state, serviceId: 3, serviceName: "Color",
  staffId: 5, staffName: "Mei", notes: "", visitNotes: "", ...changes,
});

// MARK: - the form's values and what a save sends

test("a record fills the form as it is, without a birthday it does not know", () => {
  assert.deepEqual(formValues(aCustomer()), {
    name: "田中 花子", reading: "タナカ ハナコ", phone: "090-1234-5678", email: "", allergies: "", notes: "",
  });
  assert.equal(formValues(aCustomer({ birthday: "1990-04-01" })).birthday, "1990-04-01");
});

test("a new customer is sent with every field typed, and with no birthday when none was given", () => {
  assert.deepEqual(newCustomer({ name: "田中 花子", reading: "タナカ ハナコ" }), {
    name: "田中 花子", reading: "タナカ ハナコ", phone: "", email: "", allergies: "", notes: "",
  });
  assert.equal(newCustomer({ name: "Ann", birthday: "1990-04-01" }).birthday, "1990-04-01");
});

test("an edit sends only what changed", () => {
  const values = { ...formValues(aCustomer()), email: "hanako@example.com" };
  assert.deepEqual(customerChange(aCustomer(), values), { email: "hanako@example.com" });
});

test("an edit that changed nothing sends nothing", () => {
  assert.equal(customerChange(aCustomer(), formValues(aCustomer())), null);
});

test("a birthday cleared is sent empty, which forgets it", () => {
  const customer = aCustomer({ birthday: "1990-04-01" });
  const { birthday, ...values } = formValues(customer);
  assert.equal(birthday, "1990-04-01");
  assert.deepEqual(customerChange(customer, values), { birthday: "" });
});

// MARK: - visits

test("the last visit is the newest one not called off", () => {
  const visits = [aVisit("cancelled", { appointmentId: 3 }), aVisit("no_show", { appointmentId: 2 }), aVisit("completed", { appointmentId: 1 })];
  assert.equal(lastVisit(visits).appointmentId, 1);
  assert.equal(lastVisit([aVisit("cancelled")]), undefined);
});

test("a visit's service reads as the salon words it, or as the server named it once off the menu", () => {
  const menu = [{ id: 3, name: "カラー" }];
  assert.equal(serviceName(aVisit("completed"), menu), "カラー");
  assert.equal(serviceName(aVisit("completed", { serviceId: 9, serviceName: "Perm" }), menu), "Perm");
});

// MARK: - the search as typed

/** A search whose answers come when the test says: `answer(text)` resolves the request for `text`. */
function searchWithHeldAnswers() {
  const held = new Map();
  const asked = [];
  const shown = [];
  const search = searchAsTyped({
    find: (text) => {
      asked.push(text);
      return new Promise((resolve) => held.set(text, resolve));
    },
    show: (answer, text) => shown.push([text, answer]),
  });
  const answer = async (text) => {
    held.get(text)(`customers for ${text}`);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { search, asked, shown, answer };
}

test("typing asks once the keys pause, for what was typed last", () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { search, asked } = searchWithHeldAnswers();
    search.type("た");
    mock.timers.tick(100);
    search.type("たな");
    mock.timers.tick(100);
    search.type("たなか");
    assert.deepEqual(asked, []);
    mock.timers.tick(200);
    assert.deepEqual(asked, ["たなか"]);
  } finally {
    mock.timers.reset();
  }
});

test("an answer to an older text is dropped, even when it comes last", async () => {
  const { search, shown, answer } = searchWithHeldAnswers();
  search.now("たな");
  search.now("たなか");
  await answer("たなか");
  await answer("たな");
  assert.deepEqual(shown, [["たなか", "customers for たなか"]]);
});

test("an answer that comes while more is being typed is dropped", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { search, shown, answer } = searchWithHeldAnswers();
    search.now("たな");
    search.type("たなか");
    await answer("たな");
    assert.deepEqual(shown, []);
  } finally {
    mock.timers.reset();
  }
});
