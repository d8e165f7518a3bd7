// Vietnam's e-invoice, downloaded from the desk: a hotel's invoice (document.js) and a salon's sale
// (receipt.js) offer it the same way.

import { APIError, errorText } from "../api.js";
import { h } from "../../common/dom.js";
import { textLength } from "../../common/limits.js";

/**
 * Vietnam's e-invoice of a hotel's invoice or a salon's sale the server says has one (`eInvoice`): its XML,
 * written by the server (at `path`) for the licensed provider named by its tax code, downloaded as
 * `fileName`.xml to be uploaded to the provider's portal, which signs and sends it. A refusal is said under
 * the provider's code.
 * @param {object} desk
 * @param {{path: string, fileName: string}} options
 */
export function eInvoiceForm(desk, { path, fileName }) {
  const { t } = desk.i18n;
  const provider = h("input", { id: "document-einvoice-provider", type: "text", inputmode: "numeric", ...textLength("eInvoice.provider"), autocomplete: "off" });
  const error = h("p", { class: "free-form-row-error", role: "alert", id: "document-einvoice-error" });
  const download = h("button", { type: "submit", class: "desk-button", id: "document-einvoice", text: t("document.eInvoice") });
  const form = h(
    "form",
    { class: "desk-row document-send no-print", "aria-label": t("document.eInvoice") },
    h("label", { for: provider.id, text: t("document.eInvoiceProvider") }),
    provider,
    download,
    error,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    download.disabled = true;
    try {
      const response = await fetch(`${path}?provider=${encodeURIComponent(provider.value.trim())}`);
      if (!response.ok) {
        const refusal = (await response.json().catch(() => ({}))).error ?? {};
        throw new APIError(response.status, refusal.code ?? "internal", refusal.message ?? String(response.status), refusal.field, refusal.reason, refusal.params);
      }
      const link = h("a", { href: URL.createObjectURL(await response.blob()), download: `${fileName}.xml`, id: "document-einvoice-file" });
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(link.href);
    } catch (refusal) {
      error.textContent = refusal instanceof APIError ? errorText(refusal, t) : t("error.network");
      provider.setAttribute("aria-invalid", "true");
    } finally {
      download.disabled = false;
    }
  });
  return form;
}
