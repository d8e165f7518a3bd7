// A salon's checkout, お会計 (`#/checkout?appointments={id,…}`), and a sale's receipt (`#/sales/{id}`).
export const routes = {
  checkout: import.meta.resolve("./checkout.js"),
  sales: import.meta.resolve("./receipt.js"),
};
