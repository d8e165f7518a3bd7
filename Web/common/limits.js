// The bounds of every field, as the server checks them (`GET /api/v1/public/limits`, the domain's
// `FieldLimits`): a page asks here by the field's name (`stay.adults`) and writes no bound of its own.
// `loadLimits` is awaited before any screen or page mounts; a failed read is tried again by the next.

import { getEarly } from "./api.js";

let fields = null;
let loading = null;

/** Reads the bounds once; again only after a read that failed. */
export function loadLimits() {
  if (fields) return Promise.resolve(fields);
  // The read the page's early script started, when it did (desk/early.js).
  loading ??= getEarly("/api/v1/public/limits").then(
    (answer) => (fields = answer.fields),
    (error) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Sets the bounds without asking the server (the tests of modules, which run without one). */
export function useLimits(served) {
  fields = served;
}

/** The bound of the field `name`: `{ min, max }` or `{ choices }`. */
export function bound(name) {
  const found = fields?.[name];
  if (!found) throw new Error(`no bound for the field ${name}${fields ? "" : " (the bounds are not read yet)"}`);
  return found;
}

/** A number input's `min` and `max` for the field `name`, scaled by `scale` (basis points as percent: 0.01). */
export function numberRange(name, scale = 1) {
  const { min, max } = bound(name);
  const scaled = (value) => String(Math.round(value * scale * 1e6) / 1e6);
  return { ...(min != null && { min: scaled(min) }), ...(max != null && { max: scaled(max) }) };
}

/**
 * A text input's `maxlength` for the field `name`. A least length is left to the server, whose refusal
 * says what is missing where the browser would only stop the form.
 */
export function textLength(name) {
  return { maxlength: String(bound(name).max) };
}
