// The front desk's side of the API: the calls themselves are `Web/common/api.js`'s; here, which
// refusals the desk may pass, and the forms the server declares.

import { errorText, get } from "../common/api.js";

export { APIError, call, errorText, get, getEarly, keyPerBody, newIdempotencyKey, onSessionLost, post, unreachable, wordRefusals } from "../common/api.js";

/**
 * A refused check-in or check-out that the desk may pass: a room not ready can be checked into
 * anyway; an open balance can be forced when the server lists `checkOutAnyway` among the stay's
 * `actions` for this member. The body to send again and its button's words, or null.
 */
export function passableRefusal(error, actions = []) {
  if (error.field === "override") return { body: { override: true }, label: "action.checkInAnyway" };
  if (error.field === "force" && actions.includes("checkOutAnyway")) return { body: { force: true }, label: "action.checkOutAnyway" };
  return null;
}

/**
 * What a screen throws when what it shows (a stay, an appointment, a document) belongs to another
 * property than the one chosen: the desk switches to that property and opens the screen again, so
 * that a hotel's stay never renders with a salon's rooms, zone or words.
 */
export class OtherProperty extends Error {
  constructor(propertyId) {
    super(`property ${propertyId}`);
    this.propertyId = propertyId;
  }
}

/**
 * Runs what a press of `control` does: the control waits disabled and `message` is emptied; a refusal
 * is shown in `message` in the page's words and the control can be used again. After success the
 * control stays disabled: the screen draws itself again, or moves on.
 */
export async function pressing(control, message, t, work) {
  control.disabled = true;
  message.textContent = "";
  try {
    await work();
  } catch (error) {
    control.disabled = false;
    message.textContent = errorText(error, t);
  }
}

const declarations = new Map();

/** A form's declaration (`GET /api/v1/forms/{name}`), read once a session. */
export function declaredForm(name) {
  if (!declarations.has(name)) {
    const reading = get(`/api/v1/forms/${name}`);
    reading.catch(() => declarations.delete(name));
    declarations.set(name, reading);
  }
  return declarations.get(name);
}
