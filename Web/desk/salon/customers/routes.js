// A salon's customers (`#/customers`) and one's record (`#/customers/{id}`).
export const routes = {
  customers: (retry = "") => import(`./customers.js${retry}`),
};
