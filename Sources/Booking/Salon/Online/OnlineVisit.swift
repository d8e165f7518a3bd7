import Foundation

/// What a customer asks the booking page for: services done one after another, by whom, and when the
/// customer would arrive (minutes since 1970 at UTC; nil while they are still choosing a time).
public struct VisitRequest: Sendable {
    public var propertyID: Int
    /// In the order they are done; 1 to `Visit.maxServices`.
    public var serviceIDs: [Int]
    public var staff: StaffChoice
    public var start: Int?

    public init(propertyID: Int, serviceIDs: [Int], staff: StaffChoice, start: Int? = nil) {
        self.propertyID = propertyID
        self.serviceIDs = serviceIDs
        self.staff = staff
        self.start = start
    }
}

/// A time held for a customer while they fill in the booking form: what the visit would occupy, kept
/// from other customers until the booking is made, it is released, or `expiresAt` passes.
public struct SalonHold: Hashable, Sendable {
    /// Secret to the customer who holds it: they book or release with it.
    public var token: String
    public var propertyID: Int
    public var placement: Placement
    /// Milliseconds since 1970.
    public var expiresAt: Int64

    /// How long a time is held (Square holds one for 10 minutes).
    public static let minutes = 10

    public init(token: String, propertyID: Int, placement: Placement, expiresAt: Int64) {
        self.token = token
        self.propertyID = propertyID
        self.placement = placement
        self.expiresAt = expiresAt
    }
}

/// A customer's online booking: who they are and what they agreed to.
public struct NewOnlineVisit: Sendable {
    public var request: VisitRequest
    /// The hold the page took for this time, if any: its time is the customer's own.
    public var holdToken: String?
    public var customerName: String
    public var customerEmail: String
    public var customerPhone: String
    /// How the name is read (フリガナ), for the record of a customer new to the salon.
    public var customerReading: String
    public var notes: String
    /// The customer read the salon's cancellation terms and agreed to them.
    public var acceptsTerms: Bool
    /// The code of the customer's stay at the hotel the salon charges (booked with `customerEmail`): the visit
    /// is for that stay, charged to its room at checkout (`RoomCharge`). nil: none.
    public var stayCode: String?

    public init(
        request: VisitRequest, holdToken: String? = nil, customerName: String, customerEmail: String,
        customerPhone: String, customerReading: String = "", notes: String = "", acceptsTerms: Bool,
        stayCode: String? = nil
    ) {
        self.stayCode = stayCode
        self.customerReading = customerReading
        self.request = request
        self.holdToken = holdToken
        self.customerName = customerName
        self.customerEmail = customerEmail
        self.customerPhone = customerPhone
        self.notes = notes
        self.acceptsTerms = acceptsTerms
    }
}

/// A visit booked online, as its customer reads it: one appointment per service under one code.
public struct SalonVisit: Sendable {
    public var code: String
    public var salon: Property
    /// In the order they are done.
    public var appointments: [Appointment]
    /// Each appointment's service, in the same order.
    public var services: [Service]
    public var staff: StaffMember?
    public var customer: Guest
    /// The salon's terms: how soon before the visit the customer may still cancel.
    public var window: BookingWindow
    public var cancellation: VisitCancellation
    /// What the salon's terms charge for not keeping it.
    public var fees: VisitFees
    /// The deposit its services ask, and what of it the salon holds.
    public var deposit: VisitDeposit

    /// When the customer arrives, minutes since 1970 at UTC.
    public var start: Int { appointments.map(\.startMinute).min() ?? 0 }
    /// Booked until it is cancelled or under way; `cancelled` when every appointment is.
    public var state: AppointmentState { Self.state(of: appointments) }

    static func state(of appointments: [Appointment]) -> AppointmentState {
        appointments.first { $0.state != .cancelled }?.state ?? .cancelled
    }
}

/// Whether the customer may still cancel a visit, and until when they could.
public struct VisitCancellation: Hashable, Sendable {
    public var allowed: Bool
    /// The last minute (since 1970 at UTC) a cancellation is taken.
    public var until: Int
    /// Why not, in English, when not allowed.
    public var reason: String?

    /// A customer cancels a booked visit up to the salon's notice before it starts.
    public init(state: AppointmentState, start: Int, window: BookingWindow, now: Int) {
        until = start - window.cancelNoticeMinutes
        switch state {
        case .booked where now <= until:
            (allowed, reason) = (true, nil)
        case .booked:
            (allowed, reason) = (
                false, "online cancellations close \(window.cancelNoticeMinutes) minutes before the visit"
            )
        case .cancelled:
            (allowed, reason) = (false, "the visit is already cancelled")
        default:
            (allowed, reason) = (false, "the visit has begun")
        }
    }
}

/// What a visit's terms charge for not keeping it, over its appointments still booked: the fees as the
/// booking page stated them, and what cancelling now costs.
public struct VisitFees: Hashable, Sendable {
    /// A cancellation from this minute (since 1970 at UTC) on is late; nil when cancelling is free.
    public var lateFrom: Int?
    public var lateCancellation: Money
    public var noShow: Money
    /// What cancelling now costs: `lateCancellation` once it is late, else nothing.
    public var cancellingNow: Money

    /// The fees of `appointments` (each's service priced as in `prices`, and `held` of its deposit
    /// paid) at minute `now`: a deposit held is kept by a late cancellation or a no-show.
    public init(
        _ appointments: [Appointment], prices: [Money], terms: SalonTerms, now: Int, currency: Currency,
        held: [Int: Money] = [:]
    ) {
        var (late, noShow, cancellingNow) = (0, 0, 0)
        var lateFrom: Int?
        for (appointment, price) in zip(appointments, prices) where appointment.state == .booked {
            let own = terms.of(serviceID: appointment.serviceID)
            let deposit = held[appointment.id]
            let fee = max(own.lateCancellationFee?.amount(price: price).amount ?? 0, deposit?.amount ?? 0)
            if fee > 0 {
                late = late.addingSaturated(fee)
                let from = appointment.startMinute - own.lateCancellationMinutes
                lateFrom = min(lateFrom ?? from, from)
            }
            noShow = noShow.addingSaturated(
                terms.fee(.noShow, for: appointment, price: price, now: now, held: deposit).amount)
            cancellingNow = cancellingNow.addingSaturated(
                terms.fee(.lateCancellation, for: appointment, price: price, now: now, held: deposit).amount)
        }
        self.lateFrom = lateFrom
        lateCancellation = Money(late, currency)
        self.noShow = Money(noShow, currency)
        self.cancellingNow = Money(cancellingNow, currency)
    }
}

/// What the booking page shows of a salon: the services and the staff a customer may choose.
public struct SalonPage: Sendable {
    public var salon: Property
    /// Services booked online that at least one member booked online performs, with how they are booked.
    public var services: [(service: Service, booking: BookableService)]
    /// Members customers may choose.
    public var staff: [StaffMember]
    public var window: BookingWindow
    /// The fees each service is booked on (`SalonTerms.of(serviceID:)`), stated before the customer books.
    public var terms: SalonTerms
    /// The salon's date now: the first day of its calendar.
    public var today: Day
}

extension SalonVisit {
    /// The code to pay the deposit still open (what its services ask less what the salon holds), the
    /// visit's code its reference: nil once it is no longer booked, when nothing is open, or where the
    /// salon is paid by no code.
    public var payCode: PaymentCode? {
        guard state == .booked else { return nil }
        let open = deposit.asked.amount.addingSaturated(-deposit.held.amount)
        return PaymentCode.due(Money(max(open, 0), deposit.asked.currency), at: salon, confirmationCode: code)
    }
}
