// A salon's customers (`#/customers`) and one's record (`#/customers/{id}`).
export const routes = {
  customers: import.meta.resolve("./customers.js"),
};
