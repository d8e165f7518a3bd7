/// How a payment was made. Recorded only: Frontdesk never sees card numbers.
public enum PaymentMethod: String, Sendable, CaseIterable {
    case cash
    case cardTerminal = "card_terminal"
    case transfer
    /// A QR payment (PromptPay, PayPay, VietQR), recorded by its reference.
    case qr
    /// A salon's visit charged to the bill of a guest staying at the hotel the salon charges
    /// (`Property.chargesHotelID`): the stay's folio gets the line (`RoomCharge`); the guest pays it at
    /// check-out.
    case room

    /// A payment's line in a folio or a sale when the desk names it no otherwise: "Payment (card terminal)",
    /// which the desk words in its own language.
    public var paymentDescription: String { "Payment (\(rawValue.replacingOccurrences(of: "_", with: " ")))" }

    /// Whether what the guest hands over is counted, and the change given back: cash alone.
    public var takesHandedOver: Bool { self == .cash }

    /// Whether the payment is recorded with a reference (the terminal's slip, the bank's or the scheme's
    /// transaction): every method but cash and a room's bill, which names the stay instead.
    public var takesReference: Bool { self != .cash && self != .room }

    /// Whether it names a stay whose bill it is charged to: a room's bill alone.
    public var chargesRoom: Bool { self == .room }

    /// The ways a hotel's folio is paid: all but a room's bill, which is a salon's way of being paid by one.
    public static let atHotelDesk = allCases.filter { $0 != .room }

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
    /// It names the stay whose bill it is charged to (a salon charging its hotel's guests).
    public var chargesRoom: Bool

    public init(_ method: PaymentMethod, at property: Property) {
        self.method = method
        takesHandedOver = method.takesHandedOver
        takesReference = method.takesReference
        drawsCode = method.drawsCode && property.receivingAccount != nil
        chargesRoom = method.chargesRoom
    }
}

extension PaymentMethod {
    /// The ways `property` is paid, in the order its desk offers them: a salon's counter takes cash, a card
    /// or a code before a transfer, and a visit of a hotel's guest is charged to their room where the salon
    /// charges a hotel's; a hotel's desk takes a transfer (a company's, an agent's) before a code.
    public static func offered(at property: Property) -> [OfferedPaymentMethod] {
        let order: [PaymentMethod] =
            switch property.kind {
            case .hotel: [.cash, .cardTerminal, .transfer, .qr]
            case .salon: [.cash, .cardTerminal, .qr, .transfer] + (property.chargesHotelID == nil ? [] : [.room])
            }
        return order.map { OfferedPaymentMethod($0, at: property) }
    }
}
