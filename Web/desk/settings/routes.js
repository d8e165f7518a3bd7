// A hotel's settings (`#/settings`), its rates (`#/rates`) and a property's staff (`#/staff`).
export const routes = {
  settings: (retry = "") => import(`./settings.js${retry}`),
  rates: (retry = "") => import(`./rates.js${retry}`),
  staff: (retry = "") => import(`./staff.js${retry}`),
};
