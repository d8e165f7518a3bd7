// The customer of a booking made on the board (board-panel.js): as the receptionist types the name or
// the phone into the declared `appointment` form, the salon's customers that match are suggested (a
// combobox and its listbox: arrows and Enter, Escape closes, a tap or a click chooses). Chosen, the
// booking is for that record: the form's rows are filled from it, a line says so with a button to undo
// the choice, and the record's allergies are shown as a warning. Typing over what was filled, or undoing,
// makes it a booking for a new customer (or the one with the phone typed) again. Where the salon charges a
// hotel's rooms, the hotel's guests staying now are suggested too, by room or name: chosen, the booking is
// for their stay (`stayId`), under their name and phone, and its checkout charges their room.

import { get } from "../../api.js";
import { h, fill } from "../../../common/dom.js";
import { searchAsTyped } from "./customer-facts.js";
import { customerLine } from "./customer-list.js";
import { CUSTOMER_ROWS, movedOption, rowsOf, searchText, stillChosen, suggestions, withReading } from "./booking-customer.js";

let pickers = 0;

/**
 * Suggests the salon's customers for `form` (what `renderForm` returned for the `appointment` form).
 * Returns `chosenId(values)`, the record the booking with these values is for (undefined: as typed),
 * `chosenStayId(values)`, the hotel guest's stay it is for, and `stop()`, for when the form goes.
 */
export function customerPicker(form, desk) {
  const { t } = desk.i18n;
  const id = `customer-picker-${++pickers}`;
  const rowOf = (key) => form.element.querySelector(`.free-form-row[data-key="${key}"]`);
  const control = (key) => rowOf(key)?.querySelector("input");
  const line = customerLine(desk);
  const listbox = h("ul", { class: "customer-picker-list", id: `${id}-list`, role: "listbox", "aria-label": t("board.suggested"), hidden: true });
  const status = h("p", { class: "customer-picker-status visually-hidden", role: "status" });
  const chosenLine = h("div", { class: "customer-picker-chosen", id: `${id}-chosen`, hidden: true });
  /** The customers suggested, the one made active by the arrows (-1: none), and the field they were typed for. */
  let shown = [];
  let active = -1;
  let owner = null;
  /** The record chosen, and the rows as they were before it filled them (undoing puts them back). */
  let chosen = null;
  let filling = false;

  const hotelGuests = (text, signal) =>
    desk.property.chargesHotelId
      ? get(`/api/v1/properties/${desk.property.id}/room-guests?q=${encodeURIComponent(text)}`, { signal }).then(
          ({ guests }) => guests,
          // The salon's own customers are suggested all the same.
          () => [],
        )
      : Promise.resolve([]);
  const searching = searchAsTyped({
    find: async (text, signal) => {
      const [{ customers }, guests] = await Promise.all([
        get(`/api/v1/properties/${desk.property.id}/customers?q=${encodeURIComponent(text)}`, { signal }),
        hotelGuests(text, signal),
      ]);
      return [...guests.slice(0, 3).map((guest) => ({ guest })), ...suggestions(customers)];
    },
    show: (found) => suggest(found),
    // The booking goes on without suggestions: the name typed makes a record, as it always did.
    fail: () => close(),
  });

  const comboboxes = ["customer.name", "customer.phone"].map((key) => [key, control(key)]).filter(([, input]) => input);
  for (const [key, input] of comboboxes) {
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", listbox.id);
    input.autocomplete = "off";
    // The line that names the record chosen is read with the field (empty while no one is chosen).
    input.setAttribute("aria-describedby", [input.getAttribute("aria-describedby"), chosenLine.id].filter(Boolean).join(" "));
    input.addEventListener("input", () => typed(key, input));
    input.addEventListener("keydown", (event) => keyDown(event, input));
    input.addEventListener("blur", () => close());
  }
  control("customer.reading")?.addEventListener("input", () => typedOver());
  rowOf("customer.name")?.before(chosenLine);
  rowOf("customer.name")?.after(status);

  function values() {
    return Object.fromEntries(Object.keys(CUSTOMER_ROWS).map((key) => [key, control(key)?.value ?? ""]));
  }

  /** A row typed in: what was filled from the record chosen, typed over, makes the booking someone else's. */
  function typedOver() {
    if (!filling && chosen && !stillChosen(chosen.record, values())) drop();
  }

  function typed(key, input) {
    if (filling) return;
    typedOver();
    owner = input;
    const text = searchText(key, input.value);
    if (text && !chosen) {
      searching.type(text);
    } else {
      searching.stop();
      shown = [];
      close();
    }
  }

  function keyDown(event, input) {
    // A key that confirms the input method's conversion (Japanese kana to kanji) is the method's, not ours.
    if (event.isComposing || event.keyCode === 229) return;
    const open = !listbox.hidden && owner === input;
    if (event.key === "Escape" && open) {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === "Enter" && open && active >= 0) {
      event.preventDefault();
      choose(shown[active]);
    } else if (event.key === "ArrowDown" && !open && owner === input && shown.length > 0) {
      event.preventDefault();
      suggest(shown);
      activate(0);
    } else if (open) {
      const next = movedOption(active, shown.length, event.key);
      if (next === undefined) return;
      event.preventDefault();
      activate(next);
    }
  }

  function suggest(customers) {
    shown = customers;
    active = -1;
    // An answer that comes after the receptionist has left the field, or chosen, is not shown.
    if (customers.length === 0 || !owner || document.activeElement !== owner || chosen) return close();
    fill(
      listbox,
      customers.map((customer, index) =>
        h(
          "li",
          {
            class: "customer-picker-option", id: `${id}-option-${index}`, role: "option", "aria-selected": "false",
            dataset: customer.guest ? { stayId: String(customer.guest.stayId) } : { customerId: String(customer.id) },
            // The field keeps the focus (and a phone its keyboard) while an option is pressed.
            onmousedown: (event) => event.preventDefault(),
            onclick: () => choose(customer),
          },
          customer.guest ? guestLine(customer.guest) : line(customer),
        ),
      ),
    );
    owner.closest(".free-form-row").append(listbox);
    listbox.hidden = false;
    // The panel scrolls to show the list under the field (on a phone, above its keyboard).
    listbox.scrollIntoView({ block: "nearest" });
    for (const [, input] of comboboxes) input.setAttribute("aria-expanded", String(input === owner));
    owner.removeAttribute("aria-activedescendant");
    status.textContent = t("board.suggestedCount", { count: customers.length });
  }

  function activate(index) {
    active = index;
    listbox.querySelectorAll('[role="option"]').forEach((option, n) => {
      option.setAttribute("aria-selected", String(n === index));
      option.classList.toggle("is-active", n === index);
      if (n === index) option.scrollIntoView({ block: "nearest" });
    });
    owner.setAttribute("aria-activedescendant", `${id}-option-${index}`);
  }

  function close() {
    listbox.hidden = true;
    active = -1;
    status.textContent = "";
    for (const [, input] of comboboxes) {
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
    }
  }

  /** A hotel guest as suggested: their room and name, and whether they are in the house or still to arrive. */
  function guestLine(guest) {
    return h(
      "span",
      { class: "customer-line" },
      h("strong", { text: t("checkout.roomGuest", { room: guest.room, name: guest.name }) }),
      h("span", { class: "desk-hint", text: t(guest.inHouse ? "appointment.inHouse" : "appointment.arriving") }),
    );
  }

  /** Makes the booking `customer`'s: the rows filled from the record, the line saying so, their allergies read. */
  async function choose(customer) {
    if (customer.guest) return chooseGuest(customer.guest);
    searching.stop();
    close();
    const before = values();
    write(rowsOf(customer));
    chosen = { record: customer, before };
    const allergies = h("div", { class: "customer-picker-allergies" });
    fill(
      chosenLine,
      h("p", { class: "customer-picker-who", text: t("board.existingCustomer", { customer: withReading(customer) }) }),
      h("button", { type: "button", class: "desk-button", text: t("board.notThisCustomer"), onclick: undo }),
      allergies,
    );
    chosenLine.hidden = false;
    const record = await get(`/api/v1/customers/${customer.id}`).catch(() => null);
    if (chosen?.record !== customer || !record?.allergies) return;
    fill(
      allergies,
      h(
        "div",
        { class: "customer-allergies", role: "alert" },
        h("strong", { text: t("form.customer.allergies") }),
        h("p", { text: record.allergies }),
      ),
    );
  }

  /** Makes the booking the hotel guest's stay: the rows filled from the guest, the line saying so. */
  function chooseGuest(guest) {
    searching.stop();
    close();
    const before = values();
    const record = { name: guest.name, reading: "", phone: guest.phone };
    write(rowsOf(record));
    chosen = { record, before, stayId: guest.stayId };
    fill(
      chosenLine,
      h("p", { class: "customer-picker-who", text: t("board.hotelGuest", { room: guest.room, name: guest.name }) }),
      h("button", { type: "button", class: "desk-button", text: t("board.notThisCustomer"), onclick: undo }),
    );
    chosenLine.hidden = false;
  }

  /** Back to a booking for whoever was typed: the rows as they were before the choice. */
  function undo() {
    const { before } = chosen;
    drop();
    write(before);
    control("customer.name")?.focus();
  }

  function drop() {
    chosen = null;
    chosenLine.hidden = true;
    fill(chosenLine);
  }

  /** Sets rows as typing would (the form clears their errors), without searching for what is written. */
  function write(rows) {
    filling = true;
    for (const [key, value] of Object.entries(rows)) {
      const input = control(key);
      if (!input) continue;
      input.value = value;
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
    filling = false;
  }

  return {
    chosenId: (formValues) => (chosen && stillChosen(chosen.record, formValues) ? chosen.record.id : undefined),
    /** The hotel guest's stay the booking with these values is for (undefined: none). */
    chosenStayId: (formValues) => (chosen?.stayId && stillChosen(chosen.record, formValues) ? chosen.stayId : undefined),
    stop: () => {
      searching.stop();
      close();
    },
  };
}
