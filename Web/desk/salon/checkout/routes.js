// A salon's checkout, お会計 (`#/checkout?appointments={id,…}`), and a sale's receipt (`#/sales/{id}`).
export const routes = {
  checkout: (retry = "") => import(`./checkout.js${retry}`),
  sales: (retry = "") => import(`./receipt.js${retry}`),
};
