/// What a member of staff may do to a stay now, as the desk offers it: each decided by the transition
/// the operation itself makes (tried on a copy of the stay) and by the role rules the operation checks,
/// so that the desk never offers what the server would refuse for the stay's state, its dates or who
/// asks. The server answers them with a stay; the desk shows the buttons it is told.
public enum StayAction: String, CaseIterable, Sendable {
    /// Check the guest in (`Stay.checkIn`): booked, from the arrival day, before departure, into a room.
    case checkIn
    /// Check the guest out (`Stay.checkOut`); an open balance is then refused, unless `checkOutAnyway`.
    case checkOut
    /// Check out with an open balance: a manager's.
    case checkOutAnyway
    /// Cancel a booked stay, applying or waiving its terms.
    case cancel
    /// Mark a booked guest who never came, from the arrival day.
    case noShow
    /// Take back a cancellation or a no-show before the stay has ended: a manager's.
    case reinstate
    /// Change the dates, the guests or the room (a drag on the board): a booked or checked-in stay.
    case change
    /// Post charges and payments, reverse lines and issue invoices and receipts.
    case post
    /// Give the guest the link to check in online: while they still may (`OnlineCheckIn.isOpen`).
    case giveCheckInLink
}

extension Stay {
    /// What a member of staff with `role` may do to the stay on the property's `today`, in
    /// `StayAction`'s order.
    public func actions(for role: StaffRole, today: Day) -> [StayAction] {
        guard role.may(.deskWork) else { return [] }
        let manager = role == .manager
        // The room's readiness is the desk's to override when it checks in; only which room matters here.
        let tonight = roomID(on: today).map {
            Room(id: $0, propertyID: propertyID, roomTypeID: roomTypeID, number: "", floor: 0)
        }
        // An open balance is the check-out's own refusal, which `checkOutAnyway` passes.
        let settled = Money.zero(.thb)
        let checksOut = allows(self) { try $0.checkOut(balance: settled) }
        return StayAction.allCases.filter { action in
            switch action {
            case .checkIn: allows(self) { try $0.checkIn(today: today, room: tonight, override: true) }
            case .checkOut: checksOut
            case .checkOutAnyway: manager && checksOut
            case .cancel: allows(self) { try $0.cancel() }
            case .noShow: allows(self) { try $0.markNoShow(today: today) }
            case .reinstate: manager && allows(self) { try $0.reinstate(today: today) }
            case .change: state == .booked || state == .checkedIn
            case .post: state != .cancelled && state != .noShow
            case .giveCheckInLink: OnlineCheckIn.isOpen(self, today: today)
            }
        }
    }
}
