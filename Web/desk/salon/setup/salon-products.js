// The products the salon sells over the counter (店販), added at checkout: each one's name and price in a
// row, and a form adding one. The server keeps the list whole (one PUT): a change or a removal sends the
// products on sale again, the one changed as edited or the one removed left out, which the server then
// keeps off sale so that the receipts that sold it keep its name. Only those on sale are shown.

import { call } from "../../api.js";
import { h, fill } from "../../../common/dom.js";
import { textLength } from "../../../common/limits.js";
import { currencyDigits, currencySign, toMajorUnits, toMinorUnits } from "../../../common/money.js";
import { catalogueNew, catalogueRow, keptRows, labelled } from "./salon-setup-form.js";

/** A product as the list sends it back unchanged. */
const kept = ({ id, name, price }) => ({ id, name, price });

/** The words over a product's fields: its name and its price in the salon's currency. */
function columns(desk) {
  const { t, locale } = desk.i18n;
  return [t("setup.serviceName"), t("setup.price", { sign: currencySign(desk.property.currency, locale) })];
}

/** A product's two fields, named for whose they are (`of`), each with the place for its refusal. */
function productFields(desk, shown, of) {
  const { t } = desk.i18n;
  const currency = desk.property.currency;
  const digits = currencyDigits(currency);
  const name = h("input", { type: "text", ...textLength("product.name"), autocomplete: "off", value: shown.name, "aria-label": t("setup.productNameOf", { product: of }) });
  const price = h("input", {
    type: "number", min: "0", step: toMajorUnits(1, digits), value: toMajorUnits(shown.price?.amount, digits),
    "aria-label": t("setup.productPriceOf", { product: of }),
  });
  const [nameWords, priceWords] = columns(desk);
  const fields = { name: labelled(nameWords, name), price: labelled(priceWords, price) };
  return {
    elements: Object.values(fields).map((f) => f.element),
    focus: () => name.focus(),
    value: () => ({ name: name.value.trim(), price: { amount: toMinorUnits(price.value, digits), currency } }),
    // `products[2].price.amount` is the price of the third product sent.
    errorAt: (field) => fields[field.replace(/^products\[\d+\]\./, "").replace(/\..*$/, "")]?.error ?? null,
  };
}

/**
 * The products on sale, a row each, and a form adding one; each change is one PUT of the whole list,
 * whose answer the list is drawn again from.
 * @param {object} desk the app
 * @param {object[]} products the salon's products as the server lists them (those off sale among them)
 * @returns {{element: HTMLElement}}
 */
export function productsPart(desk, products) {
  const { t } = desk.i18n;
  const path = `/api/v1/properties/${desk.property.id}/products`;
  let stored = products;
  const onSale = () => stored.filter((product) => product.active);
  const put = async (list) => {
    const { data } = await call("PUT", path, { body: { products: list } });
    stored = data.products;
  };
  const rows = keptRows();
  const list = h("div", { class: "setup-catalogue is-product" });
  const head = () =>
    h("div", { class: "setup-catalogue-row is-product setup-catalogue-head", "aria-hidden": "true" }, columns(desk).map((words) => h("span", { text: words })));

  const redraw = async () => {
    const drawn = rows(onSale(), {
      key: (product) => product.id,
      signature: (product) => JSON.stringify(kept(product)),
      make: (product) => productRow(product),
    });
    fill(list, drawn.length ? [head(), drawn] : h("p", { class: "desk-hint", text: t("setup.noProducts") }));
  };

  function productRow(product) {
    const fields = productFields(desk, product, product.name);
    return catalogueRow(desk, {
      shown: kept(product),
      fields,
      form: { className: "is-product", dataset: { productId: String(product.id) } },
      words: {
        save: t("setup.saveProduct", { product: product.name }),
        remove: t("setup.removeProductOf", { product: product.name }),
        question: t("setup.confirmRemoveProduct", { product: product.name }),
        removed: t("setup.productRemoved", { product: product.name }),
      },
      save: (edited) => put(onSale().map((other) => (other.id === product.id ? { id: product.id, ...edited } : kept(other)))),
      drop: () => put(onSale().filter((other) => other.id !== product.id).map(kept)),
      changed: redraw,
    });
  }

  const addForm = () =>
    catalogueNew(desk, {
      title: t("setup.newProduct"),
      submit: t("setup.addProduct"),
      className: "is-product",
      fields: () => productFields(desk, { name: "", price: null }, t("setup.newProduct")),
      async add(added) {
        await put([...onSale().map(kept), added]);
        return t("setup.productAdded", { product: added.name });
      },
      redraw,
    });

  redraw();
  return { element: h("div", {}, list, addForm().element) };
}
