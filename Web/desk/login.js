// The sign-in form: errors are shown in place, and what was typed stays. `desk` is what opens the desk
// (app.js's door, or the desk itself after a sign-out): its words (`i18n`) and `signedIn(user, properties)`.

import { APIError, call } from "./api.js";
import { h, fill } from "../common/dom.js";

export function showLogin(root, desk, notice) {
  const { t } = desk.i18n;
  const email = h("input", { id: "login-email", type: "email", name: "email", autocomplete: "username", required: true });
  const password = h("input", {
    id: "login-password", type: "password", name: "password", autocomplete: "current-password", required: true,
  });
  const message = h("p", { class: "desk-form-error", role: "alert", id: "login-error" });
  if (notice) message.textContent = notice;
  const submit = h("button", { type: "submit", class: "desk-button is-primary", text: t("login.submit") });
  const form = h(
    "form",
    { class: "desk-login", "aria-labelledby": "login-title", novalidate: true },
    h("h1", { id: "login-title", text: t("login.title") }),
    h("label", { for: "login-email", text: t("login.email") }),
    email,
    h("label", { for: "login-password", text: t("login.password") }),
    password,
    message,
    submit,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    message.textContent = "";
    submit.disabled = true;
    submit.textContent = t("login.working");
    try {
      const { data } = await call("POST", "/api/v1/session", {
        body: { email: email.value.trim(), password: password.value },
      });
      // The answer holds the properties the member works at: the desk opens one without asking again.
      const { properties, ...user } = data;
      await desk.signedIn(user, properties);
    } catch (error) {
      const failed = error instanceof APIError && (error.status === 401 || error.status === 400);
      message.textContent = error.code === "network" ? t("error.network") : failed ? t("login.failed") : error.message;
      submit.disabled = false;
      submit.textContent = t("login.submit");
      (failed ? password : email).focus();
    }
  });
  fill(root, h("main", { class: "desk-login-page" }, form));
  email.focus();
}
