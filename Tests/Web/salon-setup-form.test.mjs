// What the salon's set-up parts share (Web/desk/salon/setup/salon-setup-form.js, salon-menu.js, salon-members.js):
// a PATCH of what was changed, rows kept across redraws, and a service or member as its row shows it,
// without a browser.

import assert from "node:assert/strict";
import test from "node:test";

import { shownMember } from "../../Web/desk/salon/setup/salon-members.js";
import { shownService } from "../../Web/desk/salon/setup/salon-menu.js";
import { changedFields, keptRows } from "../../Web/desk/salon/setup/salon-setup-form.js";

test("a PATCH sends only the fields changed, a price compared whole whatever the order of its fields", () => {
  const shown = { name: "Cut", durationMinutes: 45, price: { currency: "JPY", amount: 6600 } };
  assert.deepEqual(changedFields(shown, { name: "Cut", durationMinutes: 45, price: { amount: 6600, currency: "JPY" } }), {});
  assert.deepEqual(
    changedFields(shown, { name: "Cut", durationMinutes: 50, price: { amount: 7150, currency: "JPY" } }),
    { durationMinutes: 50, price: { amount: 7150, currency: "JPY" } },
  );
  // A length left empty is sent as nothing, for the server to refuse naming it.
  assert.deepEqual(changedFields(shown, { durationMinutes: null }), { durationMinutes: null });
});

test("rows of things unchanged are kept, changed ones made afresh, gone ones dropped, in the things' order", () => {
  const rows = keptRows();
  let made = 0;
  const draw = (items) =>
    rows(items, { key: (item) => item.id, signature: (item) => item.name, make: (item) => ({ name: item.name, n: ++made }) });
  const first = draw([{ id: 1, name: "Aoi" }, { id: 2, name: "Mei" }]);
  const second = draw([{ id: 3, name: "Ren" }, { id: 2, name: "Mei" }, { id: 1, name: "Aoi K." }]);
  assert.equal(second[1], first[1]);
  assert.deepEqual(second.map((row) => [row.name, row.n]), [["Ren", 3], ["Mei", 2], ["Aoi K.", 4]]);
  assert.deepEqual(draw([{ id: 2, name: "Mei" }]), [first[1]]);
});

test("a service's row shows its name as stored, not as worded in the page's language", () => {
  const service = { id: 1, name: "カット", storedName: "Cut", durationMinutes: 45, price: { amount: 6600, currency: "JPY" } };
  assert.deepEqual(shownService(service), { name: "Cut", durationMinutes: 45, price: { amount: 6600, currency: "JPY" } });
  assert.equal(shownService({ ...service, storedName: undefined }).name, "カット");
});

test("a member without a colour shows the board's own, and a colour in the lower case a colour input gives", () => {
  assert.deepEqual(shownMember({ name: "Aoi", team: "Cut", colour: "#3366CC", bookableOnline: false }), {
    name: "Aoi", team: "Cut", colour: "#3366cc", bookableOnline: false,
  });
  const plain = shownMember({ name: "Mei", team: "Cut", colour: "", bookableOnline: true });
  // Left as shown, it is not sent: the member keeps the board's own colour.
  assert.deepEqual(changedFields(plain, { ...plain }), {});
});
