// A salon's set-up: `#/salon-setup`.
export const routes = {
  "salon-setup": import.meta.resolve("./salon-setup.js"),
};
