// Products added at the checkout (checkout.js): one chosen from the salon's list of those on sale, how many,
// and who sold it; Add puts it in the order, and the quote prices it.

import { h } from "../../../common/dom.js";
import { numberRange } from "../../../common/limits.js";
import { field } from "./payment-fields.js";

/**
 * The products' section. Add pushes the product chosen onto `state.items` and calls `changed(true)`;
 * `productField` and `quantityField` say a refusal of either.
 * @param {object[]} products the salon's products, as the server lists them
 * @param {object | undefined} first the first visit checked out: its stylist is the seller first chosen
 */
export function productsPart(i18n, { property, products, first, state, changed }) {
  const { t } = i18n;
  const word = (text) => i18n.stored?.(text) ?? text;
  const onSale = products.filter((product) => product.active);
  const productSelect = h(
    "select",
    { id: "checkout-product" },
    onSale.map((product) => h("option", { value: String(product.id), text: `${word(product.name)} · ${i18n.money(product.price)}` })),
  );
  const quantity = h("input", { id: "checkout-quantity", type: "number", ...numberRange("sale.quantity"), step: "1", value: "1", inputmode: "numeric" });
  const seller = h(
    "select",
    { id: "checkout-seller" },
    h("option", { value: "", text: t("form.choose") }),
    (property.staff ?? []).map((member) => h("option", { value: String(member.id), selected: member.id === first?.staffId, text: member.name })),
  );
  const productField = field(t("checkout.product"), productSelect, "is-wide");
  const quantityField = field(t("checkout.quantity"), quantity, "is-narrow");
  const sellerField = field(t("checkout.soldBy"), seller);
  const addProduct = h("button", {
    type: "button", class: "desk-button", id: "checkout-add-product", text: t("checkout.addProduct"),
    onclick: () => {
      productField.error.textContent = "";
      quantityField.error.textContent = "";
      state.items.push({
        productId: Number(productSelect.value),
        quantity: quantity.value === "" ? undefined : Number(quantity.value),
        staffId: seller.value ? Number(seller.value) : undefined,
      });
      changed(true);
    },
  });
  const element = h(
    "section",
    { class: "checkout-part", "aria-labelledby": "checkout-products" },
    h("h2", { id: "checkout-products", text: t("checkout.products") }),
    onSale.length
      ? h("div", { class: "checkout-fields" }, productField.element, quantityField.element, sellerField.element, h("div", { class: "checkout-field is-button" }, addProduct))
      : h("p", { class: "desk-hint", text: t("checkout.noProducts") }),
  );
  return { element, productField, quantityField };
}
