// An appointment's page: `#/appointments/{id}`.
export const routes = {
  appointments: (retry = "") => import(`./appointment.js${retry}`),
};
