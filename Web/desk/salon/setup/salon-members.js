// The salon's staff, the rows of its board: each member's name, team, colour and whether customers may
// choose them online, changed with the member's PATCH and taken off with its DELETE (asked first; the
// server keeps one with appointments to come), and a form adding one. Not logins: those are Staff's.
// After each, the page reads the property and the set-up again (`changed`) and follows them.

import { call } from "../../api.js";
import { h, fill } from "../../../common/dom.js";
import { catalogueRow, changedFields, keptRows, labelled, submitting } from "./salon-setup-form.js";

// What a colour input shows for a member without a colour of their own (the board's); sent only when changed.
const NO_COLOUR = "#808080";

/** A member as their row shows them; a colour in the lower case a colour input gives. */
export function shownMember(member) {
  return {
    name: member.name,
    team: member.team ?? "",
    colour: (member.colour || NO_COLOUR).toLowerCase(),
    bookableOnline: member.bookableOnline ?? true,
  };
}

/** The words over a member's fields. */
function columns(t) {
  return [t("setup.memberName"), t("setup.team"), t("setup.colour"), t("setup.memberOnline")];
}

/** The list's head: the fields' words once over their columns (each control is named for its member). */
function head(t) {
  return h("div", { class: "setup-catalogue-row is-member setup-catalogue-head", "aria-hidden": "true" }, columns(t).map((words) => h("span", { text: words })));
}

/** A member's four fields, named for whose they are (`of`: "Aoi", or "New member"), each with its refusal's place. */
function memberFields(desk, shown, of, teams) {
  const { t } = desk.i18n;
  const name = h("input", { type: "text", autocomplete: "off", value: shown.name, "aria-label": t("setup.memberNameOf", { name: of }) });
  const team = h("input", { type: "text", autocomplete: "off", list: teams, value: shown.team, "aria-label": t("setup.teamOf", { name: of }) });
  const colour = h("input", { type: "color", value: shown.colour, "aria-label": t("setup.colourOf", { name: of }) });
  const online = h("input", { type: "checkbox", checked: shown.bookableOnline, "aria-label": t("setup.memberOnlineOf", { name: of }) });
  const [nameWords, teamWords, colourWords, onlineWords] = columns(t);
  const fields = {
    name: labelled(nameWords, name),
    team: labelled(teamWords, team),
    colour: labelled(colourWords, colour),
    bookableOnline: labelled(onlineWords, online),
  };
  return {
    elements: Object.values(fields).map((f) => f.element),
    focus: () => name.focus(),
    value: () => ({ name: name.value.trim(), team: team.value.trim(), colour: colour.value.toLowerCase(), bookableOnline: online.checked }),
    errorAt: (field) => fields[field]?.error ?? null,
  };
}

/** One member's row: their fields, Save (what changed), and Remove. */
function memberRow(desk, member, { changed, teams }) {
  const { t } = desk.i18n;
  const shown = shownMember(member);
  return catalogueRow(desk, {
    path: `/api/v1/properties/${desk.property.id}/salon/staff/${member.id}`,
    shown,
    fields: memberFields(desk, shown, member.name, teams),
    form: { className: "is-member", dataset: { staffId: String(member.id) } },
    words: {
      save: t("setup.saveMember", { name: member.name }),
      remove: t("setup.removeMemberOf", { name: member.name }),
      question: t("setup.confirmRemoveMember", { name: member.name }),
      removed: t("setup.memberRemoved", { name: member.name }),
    },
    changed,
  });
}

/** A new member: a name, a team, a colour (the board's own unless one is chosen), bookable online; and Add. */
function addForm(desk, { changed, teams }) {
  const { t } = desk.i18n;
  const blank = shownMember({ name: "" });
  const fields = memberFields(desk, blank, t("setup.newMember"), teams);
  const message = h("p", { class: "desk-form-error", role: "alert" });
  const button = h("button", { type: "submit", class: "desk-button", text: t("setup.addMember") });
  const form = h(
    "form",
    { class: "setup-catalogue-new", novalidate: true },
    h("h3", { text: t("setup.newMember") }),
    h("div", { class: "setup-catalogue-row is-member" }, fields.elements, h("div", { class: "desk-row setup-catalogue-actions" }, button)),
    message,
  );
  submitting(desk, {
    form, button, message, errorAt: fields.errorAt,
    async send() {
      const { colour, ...rest } = fields.value();
      const body = { ...rest, ...changedFields(blank, { colour }) };
      const { data } = await call("POST", `/api/v1/properties/${desk.property.id}/salon/staff`, { body });
      desk.toast(t("setup.memberAdded", { name: data.name }));
      // A blank form for the next one.
      const next = addForm(desk, { changed, teams });
      form.replaceWith(next.element);
      next.focus();
      await changed();
    },
  });
  return { element: form, focus: fields.focus };
}

/**
 * The staff: a row a member of `desk.property.staff`, and a form adding one; `redraw()` follows the
 * property as last read, keeping the rows of members unchanged (and what is typed in them).
 * @param {object} desk the app
 * @param {{changed: () => Promise<void>}} page `changed` reads the property and the set-up again
 * @returns {{element: HTMLElement, redraw: () => void}}
 */
export function membersPart(desk, { changed }) {
  const { t } = desk.i18n;
  const rows = keptRows();
  const list = h("div", { class: "setup-catalogue is-member" });
  // The teams there are, offered as a member's team is typed.
  const teams = h("datalist", { id: "setup-teams" });
  const redraw = () => {
    const staff = desk.property.staff ?? [];
    fill(teams, [...new Set(staff.map((m) => m.team).filter(Boolean))].map((team) => h("option", { value: team })));
    const drawn = rows(staff, {
      key: (member) => member.id,
      signature: (member) => JSON.stringify(shownMember(member)),
      make: (member) => memberRow(desk, member, { changed, teams: teams.id }),
    });
    fill(list, drawn.length ? [head(t), drawn] : h("p", { class: "desk-hint", text: t("setup.noMembers") }));
  };
  redraw();
  return { element: h("div", {}, teams, list, addForm(desk, { changed, teams: teams.id }).element), redraw };
}
