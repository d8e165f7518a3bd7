// Reports (`#/reports`) and a hotel's dashboard (`#/dashboard`).
export const routes = {
  reports: import.meta.resolve("./reports.js"),
  dashboard: import.meta.resolve("./dashboard.js"),
};
