// Staff: who works at the property and what each may do here, kept by its managers. A manager adds
// someone (a new account with a password, or an account from another property with its own), changes
// a role, sets a new password for someone who forgot theirs (their sessions end), and takes someone
// off. Their own role and place on the staff are not theirs to change here.

import { call, errorText, get, pressing } from "../api.js";
import { h, fill } from "../../common/dom.js";
import { textLength } from "../../common/limits.js";

export const ROLES = ["manager", "front_desk", "housekeeping", "viewer"];

export async function mount(main, desk) {
  const { t } = desk.i18n;
  const property = desk.property;
  const title = h("h1", { text: t("staff.title") });
  if (!desk.may("managing")) {
    fill(main, h("div", { class: "settings-page staff-page" }, title, h("p", { class: "desk-hint", text: t("staff.managersOnly") })));
    return { unmount() {} };
  }
  const message = h("p", { class: "desk-form-error", role: "alert" });
  const rows = h("tbody");
  const roleSelect = (value, label) =>
    h("select", { "aria-label": label }, ROLES.map((choice) => h("option", { value: choice, selected: choice === value, text: t(`role.${choice}`) })));
  fill(
    main,
    h(
      "div",
      { class: "settings-page staff-page" },
      title,
      h("p", { class: "desk-hint", text: t("staff.hint", { property: property.name }) }),
      message,
      h(
        "table",
        { class: "desk-table staff-table", "aria-label": t("staff.title") },
        h(
          "thead",
          {},
          h("tr", {}, ["staff.name", "staff.email", "staff.role", "staff.newPassword", "staff.actions"].map((key) => h("th", { scope: "col", text: t(key) }))),
        ),
        rows,
      ),
      addForm(),
    ),
  );

  async function load() {
    const { staff } = await get(`/api/v1/properties/${property.id}/staff`);
    fill(rows, staff.map(row));
  }

  /** One member of staff: their role here, a new password, and taking them off. */
  function row(member) {
    const self = member.id === desk.user.id;
    const error = h("p", { class: "desk-form-error", role: "alert" });
    const path = `/api/v1/properties/${property.id}/staff/${member.id}`;
    const role = roleSelect(member.role, `${t("staff.role")}, ${member.name}`);
    role.disabled = self;
    role.addEventListener("change", async () => {
      await pressing(role, error, t, async () => {
        const { data } = await call("PATCH", path, { body: { role: role.value } });
        member.role = data.role;
        role.disabled = false;
        desk.toast(t("staff.changed", { name: data.name, role: t(`role.${data.role}`) }));
      });
      // A refused role goes back to the one they have.
      role.value = member.role;
    });
    const password = h("input", {
      type: "password", autocomplete: "new-password", ...textLength("staff.password"),
      "aria-label": `${t("staff.newPassword")}, ${member.name}`,
    });
    const setPassword = h("button", {
      type: "button", class: "desk-button", text: t("staff.setPassword"), "aria-label": `${t("staff.setPassword")}, ${member.name}`,
      onclick: () =>
        pressing(setPassword, error, t, async () => {
          await call("PATCH", path, { body: { password: password.value } });
          password.value = "";
          setPassword.disabled = false;
          desk.toast(t("staff.passwordSet", { name: member.name }));
        }),
    });
    const choice = h("div", { class: "desk-row" });
    if (self) {
      choice.append(h("span", { class: "desk-hint", text: t("staff.you") }));
    } else {
      const remove = h("button", {
        type: "button", class: "desk-button is-danger", text: t("staff.remove"), "aria-label": `${t("staff.remove")}, ${member.name}`,
        onclick: () => confirmRemoval(remove, error, member, path),
      });
      choice.append(remove);
    }
    // A refusal of any of the row's changes shows under its actions.
    const actions = h("td", {}, choice, error);
    return h(
      "tr",
      { dataset: { userId: String(member.id) } },
      h("th", { scope: "row", text: member.name }),
      h("td", { text: member.email }),
      h("td", {}, role),
      h("td", {}, self ? null : h("div", { class: "desk-row" }, password, setPassword)),
      actions,
    );
  }

  /** Asks before taking someone off, in the row: their account stays for their other properties. */
  function confirmRemoval(button, error, member, path) {
    const place = button.parentElement;
    const question = h("p", { role: "alert", text: t("staff.confirmRemove", { name: member.name, property: property.name }) });
    const yes = h("button", {
      type: "button", class: "desk-button is-danger", text: t("confirm.yes"),
      onclick: () =>
        pressing(yes, error, t, async () => {
          await call("DELETE", path);
          desk.toast(t("staff.removed", { name: member.name }));
          await load();
        }),
    });
    const keep = h("button", { type: "button", class: "desk-button", text: t("confirm.keep"), onclick: () => fill(place, button) });
    fill(place, question, yes, keep);
    keep.focus();
  }

  /** Someone new on the staff: an email, a name and a password for a new account, and a role. */
  function addForm() {
    const field = (key, input) => h("label", {}, h("span", { text: t(key) }), input);
    const email = h("input", { type: "email", name: "email", required: true, ...textLength("guest.email"), autocomplete: "off" });
    const name = h("input", { type: "text", name: "name", ...textLength("staff.name"), autocomplete: "off" });
    const role = roleSelect("front_desk", t("staff.role"));
    const password = h("input", { type: "password", name: "password", autocomplete: "new-password", ...textLength("staff.password") });
    const error = h("p", { class: "desk-form-error", role: "alert" });
    const add = h("button", { type: "submit", class: "desk-button is-primary", text: t("staff.addButton") });
    const form = h(
      "form",
      { class: "desk-form staff-add", "aria-labelledby": "staff-add-title" },
      h("h2", { id: "staff-add-title", text: t("staff.add") }),
      field("staff.email", email),
      field("staff.name", name),
      h("label", {}, h("span", { text: t("staff.role") }), role),
      field("staff.password", password),
      h("p", { class: "desk-hint", text: t("staff.passwordHint") }),
      h("div", { class: "desk-row" }, add),
      error,
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      pressing(add, error, t, async () => {
        const body = { email: email.value.trim(), role: role.value };
        if (name.value.trim()) body.name = name.value.trim();
        if (password.value) body.password = password.value;
        const { data } = await call("POST", `/api/v1/properties/${property.id}/staff`, { body });
        desk.toast(t("staff.added", { name: data.name, role: t(`role.${data.role}`) }));
        form.reset();
        add.disabled = false;
        await load();
      });
    });
    return form;
  }

  try {
    await load();
  } catch (error) {
    message.textContent = errorText(error, t);
  }
  return { unmount() {} };
}
