import Foundation

/// What reading a stay at the desk needs of storage besides the day's lists: finding stays by what the
/// desk types, and a stay's history.
public protocol StayReadStorage: DeskDayStorage {
    /// The property's stays whose guest's name, email or phone or whose confirmation code contains
    /// `text`, on any dates and in any state: at most `limit`, the latest arrival first, with their guests.
    func find(_ text: String, propertyID: Int, limit: Int) async throws -> [(Stay, Guest)]
    /// Every change of the stay and every line posted to its folio, oldest first, with who made it.
    func history(stayID: Int) async throws -> [StayHistoryEntry]
}

/// One change in a stay's history.
public struct StayHistoryEntry: Sendable {
    /// A folio line as it was posted.
    public struct Line: Sendable {
        public var kind: FolioEntryKind
        public var description: String
        public var amount: Money

        public init(kind: FolioEntryKind, description: String, amount: Money) {
            self.kind = kind
            self.description = description
            self.amount = amount
        }
    }

    public var atMillis: Int
    public var userName: String?
    public var action: String
    /// The stay as the change left it (changes of the stay).
    public var stay: StaySnapshot?
    /// The line posted (changes of the folio).
    public var line: Line?

    public init(atMillis: Int, userName: String?, action: String, stay: StaySnapshot?, line: Line?) {
        self.atMillis = atMillis
        self.userName = userName
        self.action = action
        self.stay = stay
        self.line = line
    }
}

/// A stay as its page shows it to the signed-in member.
public struct StayDetails: Sendable {
    public var stay: Stay
    public var guest: Guest?
    public var property: Property
    /// Its deposit; nil when its plan asks none or the member does not read money.
    public var deposit: DepositDue?
    /// What cancelling it with its terms would charge now; nil unless booked and the member reads money.
    public var cancellationFee: Money?
    /// What the member may do to it now.
    public var actions: [StayAction]
    /// What its guests sent before arriving, to who reads the guest.
    public var onlineCheckIn: OnlineCheckIn?
}

extension Stay {
    /// What the desk's search of stays takes: a few characters of a name, an email, a phone or a code.
    public static let searchLength = 2...100
    /// The most stays one search answers.
    public static let searchResults = 50
}

extension FrontDesk where Storage: StayReadStorage {
    /// The stay with `id` as its page shows it to `staff`: money only for a role that reads it.
    public func details(_ id: Int, by staff: Staff) async throws -> StayDetails {
        // The stay and its property alone: the room type (its rates read with it) only for a fee to quote.
        let stay = try await requireStay(id, by: staff)
        guard let property = try await storage.property(id: stay.propertyID) else {
            throw DomainError(.notFound, "no property \(stay.propertyID)")
        }
        let today = property.today(now: now())
        let role = staff.roles(property.id)
        let money = role?.readsMoney ?? false
        var fee: Money?
        if money && stay.state == .booked {
            fee = try await cancellationFee(
                of: StayAtProperty(
                    stay: stay, property: property, roomType: try await roomType(stay.roomTypeID, of: property),
                    today: today))
        }
        let guest = try await storage.guest(id: stay.guestID)
        return StayDetails(
            stay: stay, guest: guest, property: property,
            deposit: money ? try await deposits(of: [stay], at: property)[stay.id] : nil, cancellationFee: fee,
            actions: role.map { stay.actions(for: $0, today: today) } ?? [],
            onlineCheckIn: guest == nil ? nil : try await storage.onlineCheckIn(stayID: stay.id))
    }

    /// The property's stays matching `text` (`StayReadStorage.find`), refused (naming `q`) when it is
    /// shorter or longer than `Stay.searchLength`.
    public func find(_ text: String, propertyID: Int, by staff: Staff) async throws -> [(Stay, Guest)] {
        let property = try await property(propertyID, by: staff)
        let text = text.trimmingCharacters(in: .whitespaces)
        guard Stay.searchLength.contains(text.count) else {
            throw DomainError.invalid(
                "q",
                "\(Stay.searchLength.lowerBound) to \(Stay.searchLength.upperBound) characters of a name, an email, a phone or a confirmation code"
            )
        }
        return try await storage.find(text, propertyID: property.id, limit: Stay.searchResults)
    }

    /// The stay's history as `staff` may read it: a role that reads no money sees the stay's own
    /// changes, not its folio's lines.
    public func history(_ id: Int, by staff: Staff) async throws -> [StayHistoryEntry] {
        let stay = try await requireStay(id, by: staff)
        var history = try await storage.history(stayID: stay.id)
        if !(staff.roles(stay.propertyID)?.readsMoney ?? false) { history.removeAll { $0.line != nil } }
        return history
    }
}
