/// What a salon's customer records are read and written through. Implemented on SQLite and PostgreSQL by
/// Storage; every change is journaled (its audit row and the salon's next event) in its transaction.
public protocol CustomerStorage: Sendable {
    func customer(id: Int) async throws -> Customer?
    /// The salon's record, not erased, with the phone number's digits `phoneDigits` (when not empty), or
    /// else with the email `email` (when not empty, compared as `Customer.matchingEmail`).
    func customer(propertyID: Int, phoneDigits: String, email: String) async throws -> Customer?
    /// Stores a new record (`customer.id` is ignored).
    func insert(_ customer: Customer, by userID: Int?) async throws -> Customer
    /// Runs `change` on the record in one transaction, refused (`.stale`) when its version is not `version`.
    func change(
        customerID: Int, version: Int?, by userID: Int?,
        _ change: @escaping @Sendable (inout Customer) throws -> Void
    ) async throws -> Customer
    /// The salon's records, not erased, whose `Customer.searchText` holds `folded` (all when it is empty),
    /// the most recently seen first (by their latest appointment's start, then the newest record), at most
    /// `limit`; each with their last visit begun before `minute` and their next booked one.
    func customers(propertyID: Int, containing folded: String, at minute: Int, limit: Int) async throws
        -> [CustomerSummary]
    /// Every appointment of the customer, latest first, with its service's and its stylist's names and the
    /// service's price.
    func visits(customerID: Int) async throws -> [CustomerVisit]
    /// The customer's sales not refunded that still owe something (fees for visits not kept), oldest first.
    func owing(customerID: Int) async throws -> [Sale]
    /// Gives every appointment of `otherID` to `id`, stores `merged` as `id`'s record (its version moved
    /// on), and leaves of `otherID` only that it went into `id` (it is found no more), in one transaction.
    func merge(_ otherID: Int, into merged: Customer, by userID: Int?) async throws -> Customer
    /// Every record of the salon still its own and not erased, oldest first, each with its visits completed,
    /// its last visit begun before `minute`, its next booked one, and its completed visits' services' prices.
    func customerList(propertyID: Int, at minute: Int) async throws -> [CustomerListEntry]
    /// Forgets the person's details: the record's, those each of their bookings was made under, their
    /// visits' notes, and the audit rows and events that held them. Their appointments stay.
    func erase(customerID: Int, by userID: Int?) async throws
}
