/// How a payment was made. Recorded only: Frontdesk never sees card numbers.
public enum PaymentMethod: String, Sendable, CaseIterable {
    case cash
    case cardTerminal = "card_terminal"
    case transfer
    /// A QR payment (PromptPay, PayPay, VietQR), recorded by its reference.
    case qr

    /// A payment's line in a folio or a sale when the desk names it no otherwise: "Payment (card terminal)",
    /// which the desk words in its own language.
    public var paymentDescription: String { "Payment (\(rawValue.replacingOccurrences(of: "_", with: " ")))" }

    /// Whether what the guest hands over is counted, and the change given back: cash alone.
    public var takesHandedOver: Bool { self == .cash }

    /// Whether the payment is recorded with a reference (the terminal's slip, the bank's or the scheme's
    /// transaction): every method but cash.
    public var takesReference: Bool { self != .cash }

    /// Whether the property may draw a code for it to be paid by (`PaymentCode`): a QR payment.
    public var drawsCode: Bool { self == .qr }
}

/// One way a property is paid, as the desk offers it: the method and what taking it asks for.
public struct OfferedPaymentMethod: Hashable, Sendable {
    public var method: PaymentMethod
    /// Cash handed over is counted, and its change given.
    public var takesHandedOver: Bool
    /// A reference is written with it.
    public var takesReference: Bool
    /// The property draws a code for the amount, to its receiving account.
    public var drawsCode: Bool

    public init(_ method: PaymentMethod, at property: Property) {
        self.method = method
        takesHandedOver = method.takesHandedOver
        takesReference = method.takesReference
        drawsCode = method.drawsCode && property.receivingAccount != nil
    }
}

extension PaymentMethod {
    /// The ways `property` is paid, in the order its desk offers them: a salon's counter takes cash, a card
    /// or a code before a transfer; a hotel's desk takes a transfer (a company's, an agent's) before a code.
    public static func offered(at property: Property) -> [OfferedPaymentMethod] {
        let order: [PaymentMethod] =
            switch property.kind {
            case .hotel: [.cash, .cardTerminal, .transfer, .qr]
            case .salon: [.cash, .cardTerminal, .qr, .transfer]
            }
        return order.map { OfferedPaymentMethod($0, at: property) }
    }
}
