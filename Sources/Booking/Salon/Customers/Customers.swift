import Foundation

/// What a salon's desk does with its customer records (顧客 / カルテ): find them as the receptionist types,
/// read one with its visits and figures, add, change, merge two records of one person, and export or
/// erase one at the person's request. Callable without HTTP; access is decided here.
public struct Customers<Storage: SalonStorage>: Sendable {
    public let storage: Storage
    public let now: @Sendable () -> Date

    public init(storage: Storage, now: @escaping @Sendable () -> Date) {
        self.storage = storage
        self.now = now
    }

    var nowMinute: Int { Int((now().timeIntervalSince1970 / 60).rounded(.down)) }

    /// The salon's customers whose name, reading or phone holds `query` (`Customer.folded`), at most
    /// `Customer.searchLimit`; without a query, those seen most recently.
    public func find(_ query: String, at propertyID: Int, by staff: Staff) async throws -> [CustomerSummary] {
        let salon = try await storage.salon(propertyID, by: staff)
        guard query.count <= Customer.queryLimit else {
            throw DomainError.invalid(
                "q", "at most \(Customer.queryLimit) characters", reason: .textTooLong,
                params: ["limit": String(Customer.queryLimit)])
        }
        return try await storage.customers(
            propertyID: salon.id, containing: Customer.searchKey(query), at: nowMinute, limit: Customer.searchLimit)
    }

    /// A customer's record with their visits, the next ones, and their figures.
    public func record(_ id: Int, by staff: Staff) async throws -> CustomerRecord {
        let customer = try await customer(id, by: staff)
        let visits = try await storage.visits(customerID: id)
        let now = nowMinute
        let past = visits.filter { $0.appointment.startMinute <= now || !Self.isToCome($0.appointment.state) }
        let upcoming = visits.filter { $0.appointment.startMinute > now && Self.isToCome($0.appointment.state) }
        let completed = visits.filter { $0.appointment.state == .completed }
        let money = staff.roles(customer.propertyID)?.readsMoney ?? false
        var record = CustomerRecord(
            customer: customer, visits: Array(past.prefix(CustomerRecord.visitLimit)),
            upcoming: Array(upcoming.reversed().prefix(CustomerRecord.visitLimit)),
            visitsLastYear: completed.filter { $0.appointment.startMinute > now - 365 * 24 * 60 }.count,
            spent: money ? try Self.total(completed.compactMap(\.price)) : nil,
            owing: money ? try await storage.owing(customerID: id) : nil)
        if !money {
            for index in record.visits.indices { record.visits[index].price = nil }
            for index in record.upcoming.indices { record.upcoming[index].price = nil }
        }
        return record
    }

    /// Adds a record.
    public func add(_ new: Customer, by staff: Staff) async throws -> Customer {
        let salon = try await storage.salon(new.propertyID, by: staff)
        var customer = new
        customer.erased = false
        try customer.validate(today: Day.today(in: salon.timeZone, now: now()))
        return try await storage.insert(customer, by: staff.user.id)
    }

    /// Changes a record's details; `.stale` when its version is not `version`, `.notAllowed` once erased.
    public func change(_ id: Int, version: Int?, _ change: CustomerChange, by staff: Staff) async throws -> Customer {
        let current = try await customer(id, by: staff)
        let today = Day.today(in: try await storage.salon(current.propertyID, by: staff).timeZone, now: now())
        return try await storage.change(customerID: id, version: version, by: staff.user.id) { customer in
            guard !customer.erased else {
                throw DomainError(.notAllowed, "customer \(id) was erased", reason: .customerErased)
            }
            change.apply(to: &customer)
            try customer.validate(today: today)
        }
    }

    /// Merges `otherID`, another record of the same person at the same salon, into `id`: every visit of
    /// the other becomes this one's, details this record lacks are taken from it, notes and allergies are
    /// joined; the other record is gone.
    public func merge(_ otherID: Int, into id: Int, by staff: Staff) async throws -> Customer {
        guard otherID != id else {
            throw DomainError.invalid("customerId", "a customer cannot be merged into themselves")
        }
        let kept = try await customer(id, by: staff)
        guard let other = try await storage.customer(id: otherID), other.propertyID == kept.propertyID else {
            throw DomainError(.notFound, "no customer \(otherID) at this salon", field: "customerId")
        }
        guard !kept.erased, !other.erased else {
            throw DomainError(.notAllowed, "an erased customer cannot be merged", reason: .customerErased)
        }
        return try await storage.merge(otherID, into: Self.merged(kept, other), by: staff.user.id)
    }

    /// `kept` with what it lacks taken from `other`: its reading, phone, email and birthday when `kept` has
    /// none, and both records' notes and allergies, each cut to its limit.
    static func merged(_ kept: Customer, _ other: Customer) -> Customer {
        var merged = kept
        if merged.reading.isEmpty { merged.reading = other.reading }
        if merged.phone.isEmpty { merged.phone = other.phone }
        if merged.email.isEmpty { merged.email = other.email }
        if merged.birthday == nil { merged.birthday = other.birthday }
        let joined = { (first: String, second: String) in
            String(
                [first, second].filter { !$0.isEmpty }.reduce(into: [String]()) { texts, text in
                    if !texts.contains(text) { texts.append(text) }
                }.joined(separator: "\n").prefix(Customer.notesLimit))
        }
        merged.notes = joined(kept.notes, other.notes)
        merged.allergies = joined(kept.allergies, other.allergies)
        return merged
    }

    /// Erases the person at their request (a manager's act): their details go, their visits stay.
    public func erase(_ id: Int, by staff: Staff) async throws {
        let customer = try await customer(id, by: staff.doing(.managing))
        guard !customer.erased else { return }
        try await storage.erase(customerID: id, by: staff.user.id)
    }

    /// The record, for staff who work at its salon (404 otherwise, as for one that does not exist).
    func customer(_ id: Int, by staff: Staff) async throws -> Customer {
        guard let customer = try await storage.customer(id: id), try staff.worksAt(customer.propertyID) else {
            throw DomainError(.notFound, "no customer \(id)")
        }
        return customer
    }

    /// Whether an appointment in `state` is still to come when its start is ahead.
    static func isToCome(_ state: AppointmentState) -> Bool { state == .booked || state == .checkedIn }

    static func total(_ prices: [Money]) throws -> Money? {
        guard let first = prices.first else { return nil }
        return try prices.dropFirst().reduce(first) { try $0.adding($1) }
    }
}
