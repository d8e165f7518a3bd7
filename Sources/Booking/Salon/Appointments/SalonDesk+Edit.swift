/// What the desk asks of an appointment in one edit (a drag on the staff board, the appointment's page):
/// a change of its time, member, length, customer or notes, and perhaps calling it off through the salon's
/// terms, for this visit or this one and the rest of its series.
public struct AppointmentEdit: Sendable {
    public var change: AppointmentChange
    /// Cancelling it or marking a no-show, through the salon's terms (which may post a fee); nil for neither.
    public var callOff: VisitFee.Kind?
    /// Why the desk waives the fee the terms would charge.
    public var waiveFeeReason: String?
    /// This visit and every later one of its series still booked alike.
    public var following: Bool
    /// A later visit of the series may be moved over another appointment.
    public var overlapping: Bool

    /// The edit a desk asks: `change.state` cancelled or no-show is a call-off by the terms; a reason to
    /// waive a fee only with one (refused naming `waiveFeeReason`).
    public init(
        _ change: AppointmentChange, waiveFeeReason: String? = nil, following: Bool = false, overlapping: Bool = false
    ) throws(DomainError) {
        var change = change
        callOff =
            switch change.state {
            case .cancelled: .lateCancellation
            case .noShow: .noShow
            default: nil
            }
        if callOff != nil { change.state = nil }
        if let reason = waiveFeeReason {
            guard callOff != nil else {
                throw DomainError.invalid("waiveFeeReason", "only with state cancelled or no_show")
            }
            do { try DeskCancellation.validate(reason: reason) } catch {
                var named = error
                named.field = "waiveFeeReason"
                throw named
            }
        }
        guard !following || callOff != .noShow else {
            throw DomainError.invalid("applyTo", "a no-show is marked one visit at a time")
        }
        self.change = change
        self.waiveFeeReason = waiveFeeReason
        self.following = following
        self.overlapping = overlapping
    }

    var terms: DeskCancellation { waiveFeeReason.map { .waiveFee(reason: $0) } ?? .applyTerms }

    /// Whether it changes more than the state: done first, then the call-off.
    var changesMore: Bool {
        [change.staffID, change.startMinute, change.durationMinutes, change.customerID].contains { $0 != nil }
            || change.notes != nil || change.visitNotes != nil
    }
}

extension SalonDesk where Storage: CheckoutStorage {
    /// Makes the desk's `edit` of appointment `id` at `version` (`.stale` otherwise): the change, then the
    /// call-off through the terms; with the rest of its series when it says so (`changeFollowing`, or each
    /// later visit cancelled by the same terms). The customer is told once of a new time or a cancellation
    /// (with the fee the terms keep, and how many later visits went with it), in the edit's transaction.
    public func edit(_ id: Int, version: Int?, _ edit: AppointmentEdit, by staff: Staff) async throws -> Appointment {
        let (before, _) = try await appointment(id, by: staff)
        let rest = edit.following ? try await following(before) : []
        let fee =
            edit.callOff == .lateCancellation && edit.waiveFeeReason == nil
            ? try await callOffFees(id, by: staff)?.cancellation : nil
        return try await storage.inOneTransaction {
            let after: Appointment
            switch (edit.callOff, edit.following) {
            case (nil, false):
                after = try await change(id, version: version, edit.change, by: staff)
            case (nil, true):
                after = try await changeFollowing(
                    id, version: version, edit.change, overlapping: edit.overlapping, by: staff)[0]
            case (let kind?, _):
                var version = version
                if edit.changesMore { version = try await change(id, version: version, edit.change, by: staff).version }
                after = try await callOff(id, version: version, as: kind, terms: edit.terms, by: staff).appointment
                for later in rest {
                    _ = try await callOff(later.id, version: later.version, as: kind, terms: edit.terms, by: staff)
                }
            }
            try await notices.tell(deskChangeFrom: before, to: after, fee: fee, later: rest.count)
            return after
        }
    }
}
