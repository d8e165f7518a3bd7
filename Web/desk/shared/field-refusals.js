// A hand-made form's refusals, each said under the field the server names (`error.field`), which is
// marked invalid and takes the focus; a refusal naming no field of the form is said under the form.

import { errorText } from "../api.js";
import { h } from "../../common/dom.js";

/** The refusals of a form whose general refusals go in `general` (an element of the form's). */
export function fieldRefusals(general) {
  const spots = new Map();
  return {
    /** The element, to put under `control`, where a refusal of `field` is said; read out with it. */
    place(field, control, id = `${control.id}-error`) {
      const error = h("p", { class: "free-form-row-error", role: "alert", id });
      control.setAttribute("aria-describedby", error.id);
      spots.set(field, { error, control });
      return error;
    },
    /** Clears every refusal, before the form is sent again. */
    clear() {
      general.textContent = "";
      for (const { error, control } of spots.values()) {
        error.textContent = "";
        control.removeAttribute("aria-invalid");
      }
    },
    /** Says `error` (the server's, or thrown by the page) where it belongs, in the page's words. */
    show(error, t) {
      const spot = spots.get(error.field);
      (spot?.error ?? general).textContent = errorText(error, t);
      if (spot) {
        spot.control.setAttribute("aria-invalid", "true");
        spot.control.focus();
      }
    },
  };
}
