// A salon's set-up: `#/salon-setup`.
export const routes = {
  "salon-setup": (retry = "") => import(`./salon-setup.js${retry}`),
};
