import Foundation

/// Korea's cash receipts (현금영수증, Income Tax Act art. 162-3; docs/law/korea-cash-receipt.md): hotels and
/// beauty businesses issue one for every payment of ₩100,000 or more in cash or by transfer, asked for or
/// not, within 5 days of receiving it; to the number the customer gives (a phone's, a business's), else to
/// the tax office's number for an anonymous one. The receipt is issued on the tax office's Hometax or a
/// provider's terminal; the desk lists what is due and keeps each receipt's approval number.
public enum CashReceiptRule {
    /// The least payment that needs one, in won.
    public static let threshold = 100_000
    /// The days after the money is received within which it is issued.
    public static let issueWithinDays = 5
    /// The tax office's number a receipt is issued to when the customer gives none (자진발급).
    public static let anonymousNumber = "010-000-1234"
    /// The methods that count as cash: notes, and transfers to the business's account.
    public static let methods: [PaymentMethod] = [.cash, .transfer]

    /// Whether a payment of `amount` by `method` needs a cash receipt: in won, by cash or transfer, from
    /// the threshold.
    public static func isDue(_ method: PaymentMethod, _ amount: Money) -> Bool {
        amount.currency == .krw && methods.contains(method) && amount.amount >= threshold
    }
}

/// A cash receipt as issued: the tax office's approval number, and who it was issued to.
public struct CashReceipt: Hashable, Sendable {
    /// The approval number Hometax or the provider answered (9 digits as seen; 8 to 12 taken).
    public var approvalNumber: String
    /// The customer's number it was issued to (a phone's or a business's, digits and hyphens); "" for an
    /// anonymous one, issued to `CashReceiptRule.anonymousNumber`.
    public var identifier: String
    public var issuedOn: Day

    /// How many digits an approval number has.
    public static let approvalDigits = 8...12
    /// The longest number it is issued to, hyphens included.
    public static let identifierLimit = 20

    public init(approvalNumber: String, identifier: String = "", issuedOn: Day) {
        self.approvalNumber = approvalNumber
        self.identifier = identifier
        self.issuedOn = issuedOn
    }

    /// Who it was issued to, as the receipt says it: the number given, else the tax office's own.
    public var issuedTo: String { identifier.isEmpty ? CashReceiptRule.anonymousNumber : identifier }

    /// Checks what the desk types: an approval number of 8 to 12 digits; a number of 10 to 13 digits,
    /// hyphens between them, or none.
    public func validate() throws(DomainError) {
        guard Self.approvalDigits.contains(approvalNumber.count),
            approvalNumber.allSatisfy({ $0.isASCII && $0.isNumber })
        else {
            throw .invalid(
                "approvalNumber", "'\(approvalNumber.prefix(20))' is not an approval number: 8 to 12 digits",
                reason: .cashReceiptApproval)
        }
        guard !identifier.isEmpty else { return }
        let digits = identifier.filter { $0 != "-" }
        guard identifier.count <= Self.identifierLimit, (10...13).contains(digits.count),
            digits.allSatisfy({ $0.isASCII && $0.isNumber }), !identifier.hasPrefix("-"), !identifier.hasSuffix("-")
        else {
            throw .invalid(
                "identifier", "'\(identifier.prefix(20))' is not a phone or business number: 10 to 13 digits",
                reason: .cashReceiptIdentifier)
        }
    }
}

/// A payment that needs a cash receipt: where it was taken (a salon's sale, a stay's folio), when, how
/// much, from whom, and the receipt once issued.
public struct CashPayment: Hashable, Sendable {
    public enum Source: String, Sendable, CaseIterable {
        case sale
        case folio
    }

    public var source: Source
    /// The sale's or folio's entry of the payment.
    public var entryID: Int
    /// The business day the money was received.
    public var receivedOn: Day
    public var amount: Money
    public var method: PaymentMethod
    /// The customer's or guest's name.
    public var payer: String
    /// The sale's reference (`RCT-000042`) or the booking's code.
    public var reference: String
    public var receipt: CashReceipt?

    public init(
        source: Source, entryID: Int, receivedOn: Day, amount: Money, method: PaymentMethod, payer: String,
        reference: String, receipt: CashReceipt? = nil
    ) {
        self.source = source
        self.entryID = entryID
        self.receivedOn = receivedOn
        self.amount = amount
        self.method = method
        self.payer = payer
        self.reference = reference
        self.receipt = receipt
    }

    /// The last day the receipt may be issued.
    public var dueBy: Day { receivedOn.adding(days: CashReceiptRule.issueWithinDays) }
}

/// The cash receipts a Korean property owes: the payments still without one, and recording one issued.
public struct CashReceipts<Storage: CashReceiptStorage>: StayOperations {
    public let storage: Storage
    public let now: @Sendable () -> Date

    public init(storage: Storage, now: @escaping @Sendable () -> Date) {
        self.storage = storage
        self.now = now
    }

    /// The payments still without a cash receipt, oldest first, and the property's today (past a payment's
    /// `dueBy`, it is late). Nothing where the rule does not apply (a property not pricing in won).
    public func due(propertyID: Int, by staff: Staff) async throws -> (
        payments: [CashPayment], today: Day, applies: Bool
    ) {
        let property = try await property(propertyID, by: staff.doing(.accounts))
        let today = property.today(now: now())
        guard property.currency == .krw else { return ([], today, false) }
        let payments = try await storage.cashPayments(
            propertyID: propertyID, atLeast: Money.whole(CashReceiptRule.threshold, .krw),
            methods: CashReceiptRule.methods)
        return (payments.filter { CashReceiptRule.isDue($0.method, $0.amount) }, today, true)
    }

    /// Records the receipt issued for a payment that needs one, dated the property's today.
    public func record(
        approvalNumber: String, identifier: String, for source: CashPayment.Source, entryID: Int, propertyID: Int,
        by staff: Staff
    ) async throws -> CashPayment {
        let property = try await property(propertyID, by: staff.doing(.deskWork))
        let receipt = CashReceipt(
            approvalNumber: approvalNumber.trimmingCharacters(in: .whitespaces),
            identifier: identifier.trimmingCharacters(in: .whitespaces), issuedOn: property.today(now: now()))
        try receipt.validate()
        let waiting = try await due(propertyID: propertyID, by: staff).payments
        guard var payment = waiting.first(where: { $0.source == source && $0.entryID == entryID }) else {
            throw DomainError(
                .notFound, "no payment \(source.rawValue) \(entryID) waits for a cash receipt here", field: "entryId",
                reason: .cashReceiptNotDue)
        }
        payment.receipt = receipt
        try await storage.recordCashReceipt(payment, propertyID: propertyID, by: staff.user.id)
        return payment
    }
}

/// What cash receipts need of storage.
public protocol CashReceiptStorage: StayStorage {
    /// The property's payments by `methods` of at least `atLeast` (not reversed, not refunded) that have
    /// no cash receipt recorded, from its sales and its stays' folios, oldest first.
    func cashPayments(propertyID: Int, atLeast: Money, methods: [PaymentMethod]) async throws -> [CashPayment]
    /// Records `payment`'s receipt, with its audit row; `.conflict` when one is recorded for it meanwhile.
    func recordCashReceipt(_ payment: CashPayment, propertyID: Int, by userID: Int?) async throws
}
