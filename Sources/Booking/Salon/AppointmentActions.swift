/// What a member of staff may do to an appointment now, as the desk offers it: each decided by the
/// transition the operation itself makes, tried on a copy, and by the role's work. The server answers
/// them with an appointment; the desk shows the buttons it is told.
public enum AppointmentAction: String, CaseIterable, Sendable {
    /// The customer has come (`checked_in`, shown as "arrived").
    case arrive
    /// The visit is done.
    case complete
    /// Call it off.
    case cancel
    /// Mark a customer who never came.
    case noShow
    /// Move, resize or give it to another member (a drag on the board), or change its notes.
    case change
    /// Write the stylist's notes on the visit (カルテ), before, during or after it.
    case record
}

extension Appointment {
    /// What a member of staff with `role` may do to the appointment, in `AppointmentAction`'s order.
    public func actions(for role: StaffRole) -> [AppointmentAction] {
        guard role.may(.deskWork) else { return [] }
        return AppointmentAction.allCases.filter { action in
            switch action {
            case .arrive: allows(self) { try $0.transition(to: .checkedIn) }
            case .complete: allows(self) { try $0.transition(to: .completed) }
            case .cancel: allows(self) { try $0.transition(to: .cancelled) }
            case .noShow: allows(self) { try $0.transition(to: .noShow) }
            case .change:
                allows(self) {
                    try $0.reschedule(staffID: staffID, startMinute: startMinute, durationMinutes: durationMinutes)
                }
            case .record: hasVisit
            }
        }
    }
}
