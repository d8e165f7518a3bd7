/// An appointment's page as a member of staff may read it: its customer, and for a role that reads money
/// the fees calling it off would charge now, its deposit and its sales; what they may do to it now; and the
/// other appointments of its visit.
public struct AppointmentDetails: Sendable {
    public var appointment: Appointment
    public var customer: Customer?
    /// While it is booked, for a role that reads money.
    public var fees: CallOffFees?
    /// For a role that reads money.
    public var deposit: VisitDeposit?
    public var sales: [Sale]?
    public var actions: [AppointmentAction]
    /// The appointments checked out with it, as one visit.
    public var visit: [Int]
    /// The hotel's guest whose stay it is for (`Appointment.stayID`), as the stay stands now.
    public var roomGuest: RoomGuest?
}

extension SalonDesk where Storage: CheckoutStorage {
    /// Appointment `id` as `staff` may read it (`AppointmentDetails`): another salon's does not exist for
    /// them, and no money reaches a role that does not read it.
    public func details(_ id: Int, by staff: Staff) async throws -> AppointmentDetails {
        let (appointment, customer) = try await appointment(id, by: staff)
        let role = staff.roles(appointment.propertyID)
        let checkout = Checkout(storage: storage, now: now)
        let sales = role?.readsMoney == true ? try await checkout.sales(appointmentID: id, by: staff) : nil
        let deposit = try await deposit(of: id, by: staff)
        return AppointmentDetails(
            appointment: appointment, customer: customer,
            fees: appointment.state == .booked ? try await callOffFees(id, by: staff) : nil, deposit: deposit,
            sales: sales, actions: role.map { appointment.actions(for: $0, sales: sales, deposit: deposit) } ?? [],
            visit: try await checkout.visit(of: id, by: staff),
            roomGuest: try await roomGuest(of: appointment))
    }

    /// The guest of the stay a visit is for, on the salon's today; nil when it is for none, or the stay is
    /// another hotel's than the one the salon charges now.
    private func roomGuest(of appointment: Appointment) async throws -> RoomGuest? {
        guard let stayID = appointment.stayID,
            let salon = try await storage.property(id: appointment.propertyID), salon.chargesHotelID != nil,
            let guest = try await storage.roomGuest(stayID: stayID, today: salon.today(now: now())),
            guest.hotelID == salon.chargesHotelID
        else { return nil }
        return guest
    }
}
