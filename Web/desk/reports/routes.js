// Reports (`#/reports`) and a hotel's dashboard (`#/dashboard`).
export const routes = {
  reports: (retry = "") => import(`./reports.js${retry}`),
  dashboard: (retry = "") => import(`./dashboard.js${retry}`),
};
