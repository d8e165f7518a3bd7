import Foundation

/// Why a line of money received settled nothing.
public enum UnmatchedReason: String, Sendable, CaseIterable {
    /// Its text names no booking's code.
    case noCode = "no_code"
    /// The code it names is no booking of this property.
    case unknownCode = "unknown_code"
    /// The booking owes nothing now.
    case nothingOwed = "nothing_owed"
    /// The amount is neither what the booking's code asks nor its balance.
    case amountDiffers = "amount_differs"
}

/// A line of a statement as the property keeps it: settled to a booking, or waiting for the desk.
public struct KeptStatementLine: Hashable, Sendable, Identifiable {
    public var id: Int
    public var bank: String
    public var line: StatementLine
    /// The booking it settled (its stay and code); nil while it waits.
    public var stayID: Int?
    public var confirmationCode: String?
    /// Why it waits; nil once settled.
    public var unmatched: UnmatchedReason?

    public init(
        id: Int, bank: String, line: StatementLine, stayID: Int? = nil, confirmationCode: String? = nil,
        unmatched: UnmatchedReason? = nil
    ) {
        self.id = id
        self.bank = bank
        self.line = line
        self.stayID = stayID
        self.confirmationCode = confirmationCode
        self.unmatched = unmatched
    }
}

/// What one import did: the lines it settled, those it keeps waiting (with what the booking they name
/// owes, when they name one), and how many it had read before.
public struct StatementImport: Sendable {
    public struct Waiting: Sendable {
        public var kept: KeptStatementLine
        /// What the booking its text names owes now, when it names one.
        public var owed: Money?
    }

    public var settled: [KeptStatementLine] = []
    public var waiting: [Waiting] = []
    /// Lines an earlier import read: settled or kept then, and left alone now.
    public var repeated = 0
}

/// Money received by the bank, matched rather than typed: a bank's statement (CSV, its columns mapped once
/// per bank) is read, and each line of money received whose text names a booking's code and whose amount
/// is what that booking's code asks (the open deposit, else the balance) or its balance settles it, as a
/// transfer with the bank's reference; a booking of several rooms, by its first room's code, for all of them. The rest wait, listed, for the desk to settle by hand to a booking.
/// Each line is kept by its fingerprint: importing a statement again settles nothing twice.
public struct BankStatements<Storage: BankStatementStorage>: StayOperations {
    public let storage: Storage
    public let now: @Sendable () -> Date

    public init(storage: Storage, now: @escaping @Sendable () -> Date) {
        self.storage = storage
        self.now = now
    }

    /// The banks whose statements the property reads, by name.
    public func formats(propertyID: Int, by staff: Staff) async throws -> [StatementFormat] {
        _ = try await property(propertyID, by: staff.doing(.deskWork))
        return try await storage.statementFormats(propertyID: propertyID)
    }

    /// Keeps how a bank writes its statement, replacing what the property kept for a bank of that name.
    public func saveFormat(_ format: StatementFormat, propertyID: Int, by staff: Staff) async throws
        -> [StatementFormat]
    {
        _ = try await property(propertyID, by: staff.doing(.deskWork))
        let format = StatementFormat(
            bank: format.bank.trimmingCharacters(in: .whitespaces),
            dateColumn: format.dateColumn.trimmingCharacters(in: .whitespaces),
            amountColumn: format.amountColumn.trimmingCharacters(in: .whitespaces),
            textColumn: format.textColumn.trimmingCharacters(in: .whitespaces),
            referenceColumn: format.referenceColumn.trimmingCharacters(in: .whitespaces),
            dateOrder: format.dateOrder, decimalComma: format.decimalComma)
        try format.validate()
        let kept = try await storage.statementFormats(propertyID: propertyID)
        guard kept.contains(where: { $0.bank == format.bank }) || kept.count < StatementFormat.perProperty else {
            throw DomainError.invalid(
                "bank", "a property keeps the formats of at most \(StatementFormat.perProperty) banks")
        }
        try await storage.saveStatementFormat(format, propertyID: propertyID, by: staff.user.id)
        return try await storage.statementFormats(propertyID: propertyID)
    }

    /// Imports `bytes`, a statement of `bank` (whose format the property keeps): each line of money
    /// received not read before settles the booking it names or waits.
    public func importStatement(_ bytes: [UInt8], bank: String, propertyID: Int, by staff: Staff) async throws
        -> StatementImport
    {
        let property = try await property(propertyID, by: staff.doing(.deskWork))
        guard let format = try await storage.statementFormats(propertyID: propertyID).first(where: { $0.bank == bank })
        else {
            throw DomainError(
                .notFound, "no format kept for a bank named '\(bank.prefix(60))': map its columns first", field: "bank",
                reason: .statementNoFormat)
        }
        let lines = try BankStatement.read(bytes, format: format, currency: property.currency)
        var result = StatementImport()
        for line in lines {
            var owed: Money?
            var settles: StatementSettlement?
            let reason: UnmatchedReason?
            if let found = try await owing(named: line.bookingCodes, at: property) {
                owed = found.due
                if found.due.amount <= 0 {
                    reason = .nothingOwed
                } else if found.accepts.contains(line.amount) {
                    settles = settlement(of: found, by: line, bank: bank, staff: staff)
                    reason = nil
                } else {
                    reason = .amountDiffers
                }
            } else {
                reason = line.bookingCodes.isEmpty ? .noCode : .unknownCode
            }
            guard
                let kept = try await storage.keep(
                    line, bank: bank, settling: settles, unmatched: reason, propertyID: propertyID, by: staff.user.id)
            else {
                result.repeated += 1
                continue
            }
            if kept.unmatched == nil {
                result.settled.append(kept)
            } else {
                result.waiting.append(.init(kept: kept, owed: owed))
            }
        }
        return result
    }

    /// The lines that wait for the desk, oldest first.
    public func waiting(propertyID: Int, by staff: Staff) async throws -> [KeptStatementLine] {
        _ = try await property(propertyID, by: staff.doing(.accounts))
        return try await storage.waitingStatementLines(propertyID: propertyID)
    }

    /// Settles a line that waits to the booking whose code the desk gives (the guest wrote none, or
    /// another): its amount is paid to the stay's folio as a transfer with the bank's reference, or it takes
    /// a salon visit's open deposits, when it is what they come to.
    public func settle(lineID: Int, confirmationCode: String, propertyID: Int, by staff: Staff) async throws
        -> KeptStatementLine
    {
        let property = try await property(propertyID, by: staff.doing(.deskWork))
        let code = confirmationCode.trimmingCharacters(in: .whitespaces).uppercased()
        guard code.count <= StayImport.codeLimit, let found = try await owing(named: [code], at: property) else {
            throw DomainError(
                .notFound, "no booking '\(code.prefix(40))' at this property", field: "confirmationCode",
                reason: .statementNoBooking)
        }
        return try await storage.settleWaiting(lineID: lineID, propertyID: propertyID, userID: staff.user.id) {
            [self] kept in
            settlement(of: found, by: kept.line, bank: kept.bank, staff: staff)
        }
    }

    /// What a booking named by the first of `codes` that is one of `property`'s owes: a stay (the open
    /// deposit, else the balance; either settles it), or a salon visit (its deposits not yet taken).
    private func owing(named codes: [String], at property: Property) async throws -> Owing? {
        let bookings = GuestsBookings(storage: storage, now: now)
        for code in codes {
            if let stay = try await bookings.booking(code: code, at: property) {
                // A booking of several rooms goes by its first room's code: a line naming it pays them all, the
                // deposits (or balances) they owe summed, as its confirmation asked.
                let others = try await bookings.otherRooms(of: stay)
                if !others.isEmpty, others.allSatisfy({ $0.stay.id > stay.stay.id }) {
                    let rooms = [stay] + others
                    return Owing(
                        due: Money(rooms.map(\.due.amount).saturatedSum(), stay.folio.currency),
                        accepts: [
                            Money(rooms.map(\.due.amount).saturatedSum(), stay.folio.currency),
                            Money(rooms.map { max($0.folio.dueAtDesk.amount, 0) }.saturatedSum(), stay.folio.currency),
                        ], booking: .group(rooms))
                }
                let balance = Money(max(stay.folio.dueAtDesk.amount, 0), stay.folio.currency)
                return Owing(due: stay.due, accepts: [stay.due, balance], booking: .stay(stay))
            }
            if let visit = try await VisitDeposits.open(code: code, at: property, in: storage) {
                return Owing(due: visit.total, accepts: [visit.total], booking: .visit(visit))
            }
        }
        return nil
    }

    /// How a line settles what is owed: a payment to the stay's folio, or the visit's deposits taken as
    /// transfers (a sale each, with its receipt), in the transaction that keeps the line.
    private func settlement(of owing: Owing, by line: StatementLine, bank: String, staff: Staff)
        -> StatementSettlement
    {
        switch owing.booking {
        case .stay(let booking): return .stay(id: booking.stay.id, posting: Self.payment(line, bank: bank))
        case .group(let rooms):
            // Each room its own share when the line brought what they owe together (their deposits, else their
            // balances); another amount, settled by hand, is paid to the first room whole, as a room alone.
            let deposits = rooms.map(\.due.amount)
            let balances = rooms.map { max($0.folio.dueAtDesk.amount, 0) }
            guard
                let shares = [deposits, balances].first(where: { $0.saturatedSum() == line.amount.amount })
            else { return .stay(id: rooms[0].stay.id, posting: Self.payment(line, bank: bank)) }
            return .stays(
                zip(rooms, shares).filter { $0.1 > 0 }.map { room, share in
                    var posting = Self.payment(line, bank: bank)
                    posting.amount = Money(share, line.amount.currency)
                    return (room.stay.id, posting)
                })
        case .visit(let visit):
            let reference = String(line.bankReference.prefix(SaleOrder.referenceLimit))
            return .visit(code: visit.code) { [storage, now] in
                // Each deposit is taken whole: a line of another amount would take what it did not bring.
                guard line.amount == visit.total else {
                    throw DomainError.invalid(
                        "confirmationCode",
                        "the visit's deposits come to \(visit.total), the line brought \(line.amount)",
                        reason: .statementAmount)
                }
                let checkout = Checkout(storage: storage, now: now)
                for (appointment, amount) in visit.open {
                    _ = try await checkout.takeDeposit(
                        appointmentID: appointment.id,
                        payments: [SalePayment(method: .transfer, amount: amount, reference: reference)], by: staff)
                }
            }
        }
    }

    /// The payment a line settles: its amount as a transfer, described by the bank, its day and its
    /// reference.
    static func payment(_ line: StatementLine, bank: String) -> Posting {
        let words = [bank, line.day.iso, line.bankReference].filter { !$0.isEmpty }.joined(separator: " · ")
        return Posting(
            kind: .payment, description: String(words.prefix(Posting.descriptionLimit)), amount: line.amount,
            method: .transfer)
    }
}

/// How a line of money received settles a booking, in the transaction that keeps it.
public enum StatementSettlement: Sendable {
    /// A payment posted to a stay's folio.
    case stay(id: Int, posting: Posting)
    /// A booking of several rooms paid at once: each room's share posted to its folio, the first named the line's.
    case stays([(id: Int, posting: Posting)])
    /// A salon visit's deposits, taken by `take` (their sales, written in the same transaction).
    case visit(code: String, take: @Sendable () async throws -> Void)
}

/// What a booking a line names owes: `due` now, and the amounts that settle it.
struct Owing: Sendable {
    enum Booking: Sendable {
        case stay(GuestsBooking)
        /// A booking of several rooms by its first room's code: that room first.
        case group([GuestsBooking])
        case visit(VisitDeposits)
    }

    var due: Money
    var accepts: [Money]
    var booking: Booking
}

/// What reading bank statements needs of storage.
public protocol BankStatementStorage: StayStorage, CheckoutStorage {
    func statementFormats(propertyID: Int) async throws -> [StatementFormat]
    /// Writes a bank's format (replacing the one kept by its name), with its audit row.
    func saveStatementFormat(_ format: StatementFormat, propertyID: Int, by userID: Int?) async throws
    /// Keeps a line by its fingerprint, in one transaction with the payment that settles it (to the stay,
    /// when `settling`); nil when the property kept that line before, and then nothing is posted.
    func keep(
        _ line: StatementLine, bank: String, settling: StatementSettlement?, unmatched: UnmatchedReason?,
        propertyID: Int, by userID: Int?
    ) async throws -> KeptStatementLine?
    /// The lines still waiting, oldest first.
    func waitingStatementLines(propertyID: Int) async throws -> [KeptStatementLine]
    /// Settles a waiting line in one transaction by what `settlement` makes of it; `.notFound` for no
    /// waiting line of the property with that id.
    func settleWaiting(
        lineID: Int, propertyID: Int, userID: Int?,
        by settlement: @escaping @Sendable (KeptStatementLine) -> StatementSettlement
    ) async throws -> KeptStatementLine
}
