import Foundation

/// Everything the front desk or a guest does to a stay, one operation each, in the domain's words:
/// book (`FrontDesk+Book.swift`), change dates, guests or room (`+ChangeStay`), move from a night
/// (`+MoveRoom`), check in and out (`+CheckInOut`), cancel, no-show and reinstate (`+Cancel`), and
/// what a booked stay owes before arrival (`+Deposits`). Each is the only code that applies its
/// rules; the JSON API, the board, the forms and the guest site (`GuestsBookings`) all call it. It
/// reads and writes through `StayStorage`, so it runs without HTTP, on either database or in memory.
///
/// The rules every operation keeps, whatever the order of changes:
/// - a night before the property's today never changes room or price;
/// - the folio of a checked-in stay holds exactly one room charge per night of the stay
///   (`StayCharges`), corrected in the change's own transaction;
/// - every change is written with its audit row (who, what, before and after) by the storage;
/// - "today" is the property's day in its time zone (`now` read once per operation).
public struct FrontDesk<Storage: StayStorage>: StayOperations {
    public let storage: Storage
    public let now: @Sendable () -> Date

    public init(storage: Storage, now: @escaping @Sendable () -> Date) {
        self.storage = storage
        self.now = now
    }

    /// Runs `change` on the stay in one transaction, refused when its version is not `version`.
    func change(
        _ stayID: Int, version: Int?, by staff: Staff?, action: String,
        _ change: @escaping @Sendable (inout Stay, Storage.Ledger) async throws -> Void
    ) async throws -> Stay {
        try await storage.change(
            stayID: stayID, expectedVersion: version, by: staff?.user.id, action: action, change)
    }

    /// Runs `change` of stay `id` (answering what the caller answers and the stay after) and writes what it
    /// tells the guest, in one transaction; `fee` is what a cancellation's terms keep.
    func tellingGuest<Answer: Sendable>(
        _ id: Int, fee: Money? = nil, _ change: @escaping @Sendable () async throws -> (Answer, Stay)
    ) async throws -> Answer {
        try await storage.inOneTransaction {
            let before = try await storage.stay(id: id)
            let (answer, after) = try await change()
            if let before { try await notices.tell(deskChangeFrom: before, to: after, fee: fee) }
            return answer
        }
    }
}
