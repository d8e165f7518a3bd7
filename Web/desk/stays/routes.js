// A stay's page: `#/stays/{id}`.
export const routes = {
  stays: (retry = "") => import(`./stay.js${retry}`),
};
