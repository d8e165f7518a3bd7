import PayCode

/// A country's scheme of codes to pay that any business can draw itself: Thailand's PromptPay and
/// Vietnam's VietQR (EMVCo merchant-presented codes). Japan's JPQR and Korea's Zero Pay are issued by their
/// schemes, so a property in those countries draws none.
public enum PayScheme: String, Sendable, CaseIterable {
    case promptPay = "promptpay"
    case vietQR = "vietqr"

    /// The scheme of a property's country, by the currency it prices in; nil where there is none.
    public static func of(_ currency: Currency) -> PayScheme? {
        switch currency.code {
        case "THB": .promptPay
        case "VND": .vietQR
        default: nil
        }
    }
}

/// Where a property is paid by a code: a PromptPay proxy (a mobile number, a national or tax ID, an
/// e-wallet) or a Vietnamese bank account (its bank's BIN and the account's number), with the name the
/// payer's bank shows for it. A manager sets it on the desk.
public struct ReceivingAccount: Hashable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case promptPayMobile = "promptpay_mobile"
        case promptPayID = "promptpay_id"
        case promptPayWallet = "promptpay_wallet"
        case vietQRAccount = "vietqr_account"

        public var scheme: PayScheme {
            self == .vietQRAccount ? .vietQR : .promptPay
        }
    }

    public var kind: Kind
    /// The mobile number, the ID, the e-wallet or the account number, as the manager writes it.
    public var number: String
    /// A VietQR account's bank: its six-digit BIN (970436 is Vietcombank).
    public var bankBIN: String
    /// The account holder's name, shown beside the code.
    public var holder: String

    public init(kind: Kind, number: String, bankBIN: String = "", holder: String = "") {
        self.kind = kind
        self.number = number
        self.bankBIN = bankBIN
        self.holder = holder
    }

    public static let holderLimit = 70
    /// The longest number, ID or account number, as the manager writes it.
    public static let numberLimit = 40

    /// Checks the account for a property pricing in `currency`: its scheme is the country's, and a code
    /// drawn to it is well formed (each refusal names its field: `kind`, `number`, `bankBin`, `holder`).
    public func validate(currency: Currency) throws(DomainError) {
        try requireScheme(of: currency)
        try FreeText.validate(holder, field: "holder", limit: Self.holderLimit, lines: false)
        try FreeText.validate(number, field: "number", limit: Self.numberLimit, lines: false)
        _ = try PaymentCode.payload(account: self, amount: nil, reference: nil)
    }

    /// Refuses an account that is not of the scheme of a property pricing in `currency`.
    func requireScheme(of currency: Currency) throws(DomainError) {
        guard let scheme = PayScheme.of(currency) else {
            throw .invalid(
                "kind",
                "no code to pay is drawn for prices in \(currency.code): PromptPay is Thailand's, VietQR Vietnam's",
                reason: .payAccountScheme)
        }
        guard kind.scheme == scheme else {
            throw .invalid(
                "kind", "a property pricing in \(currency.code) is paid by \(scheme.rawValue)",
                reason: .payAccountScheme)
        }
    }
}

/// A code to pay an amount due to a property's account, the booking's code as its reference: the
/// payload its scheme defines, and the code drawn as SVG. Drawn by the server, offline.
public struct PaymentCode: Hashable, Sendable {
    public var scheme: PayScheme
    public var amount: Money
    public var reference: String
    public var holder: String
    public var payload: String

    /// The code for `amount` to `account`, with `reference` (a booking's code; letters, digits and
    /// dashes, at most 25).
    public static func make(amount: Money, reference: String, account: ReceivingAccount) throws(DomainError)
        -> PaymentCode
    {
        // A stored account was validated when set; its scheme must still be the currency's.
        try account.requireScheme(of: amount.currency)
        guard amount.amount > 0 else { throw .invalid("amount", "nothing is due") }
        return PaymentCode(
            scheme: account.kind.scheme, amount: amount, reference: reference, holder: account.holder,
            payload: try payload(
                account: account, amount: amount.amount, reference: reference.isEmpty ? nil : reference))
    }

    /// The code drawn: an SVG of its modules, labelled for a screen reader.
    public func svg(label: String) -> String {
        // A payload is at most a few hundred ASCII characters: version 40 holds it at any level.
        (try? QRCode(text: payload, errorCorrection: .medium))?.svg(label: label) ?? ""
    }

    static func payload(account: ReceivingAccount, amount: Int?, reference: String?) throws(DomainError) -> String {
        do {
            switch account.kind {
            case .promptPayMobile:
                return try PromptPay(recipient: .mobile(account.number), amountSatang: amount, reference: reference)
                    .payload
            case .promptPayID:
                return try PromptPay(recipient: .nationalID(account.number), amountSatang: amount, reference: reference)
                    .payload
            case .promptPayWallet:
                return try PromptPay(recipient: .eWallet(account.number), amountSatang: amount, reference: reference)
                    .payload
            case .vietQRAccount:
                return try VietQR(
                    bankBIN: account.bankBIN, beneficiary: .account(account.number), amountDong: amount,
                    reference: reference
                ).payload
            }
        } catch {
            let field =
                switch error.field {
                case .bankBIN: "bankBin"
                case .amount: "amount"
                case .reference: "reference"
                default: "number"
                }
            throw .invalid(field, error.reason, reason: .payAccountNumber)
        }
    }
}
