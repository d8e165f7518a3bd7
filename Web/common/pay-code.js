// A code to pay, as the server draws it (PromptPay, VietQR): its SVG shown as an image, so nothing in it
// runs, with what it pays and to whom beneath. The desk's folio and the guest's own booking show it.

import { h } from "./dom.js";

/**
 * @param {{svg: string}} code the server's `PaymentCode`
 * @param {{caption: string, alt: string, id?: string}} words the caption and the image's text, in the page's
 *   language; `id` the figure's (`pay-code` unless given)
 * @returns {HTMLElement}
 */
export function payCodeFigure(code, { caption, alt, id = "pay-code" }) {
  return h(
    "figure",
    { class: "pay-code", id },
    h("img", { src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(code.svg)}`, alt, width: 240, height: 240 }),
    h("figcaption", { text: caption }),
  );
}
