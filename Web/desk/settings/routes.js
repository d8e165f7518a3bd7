// A hotel's settings (`#/settings`), its rates (`#/rates`) and a property's staff (`#/staff`).
export const routes = {
  settings: import.meta.resolve("./settings.js"),
  rates: import.meta.resolve("./rates.js"),
  staff: import.meta.resolve("./staff.js"),
};
