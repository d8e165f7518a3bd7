import API
import Booking

/// Where a property is paid by a code: its staff who read money read it, a manager sets it.
extension FrontdeskAPI {
    func getReceivingAccount(_ input: Operations.GetReceivingAccount.Input) async throws
        -> Operations.GetReceivingAccount.Output
    {
        let property = try await settings.accountsSettings(propertyID: input.path.id, by: try staff)
        return .ok(.init(body: .json(try .init(property))))
    }

    func setReceivingAccount(_ input: Operations.SetReceivingAccount.Input) async throws
        -> Operations.SetReceivingAccount.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let account = try body.account.map { account in
            guard let kind = ReceivingAccount.Kind(rawValue: account.kind.rawValue) else {
                throw DomainError.invalid("kind", "unknown kind of account")
            }
            return ReceivingAccount(
                kind: kind, number: account.number, bankBIN: account.bankBin ?? "", holder: account.holder ?? "")
        }
        let property = try await accounts.setReceivingAccount(account, propertyID: input.path.id, by: try staff)
        return .ok(.init(body: .json(try .init(property))))
    }
}

extension Components.Schemas.ReceivingAccountSetting {
    init(_ property: Property) throws {
        let scheme = PayScheme.of(property.currency)
        self.init(
            account: try property.receivingAccount.map {
                .init(
                    kind: try documented($0.kind.rawValue), number: $0.number,
                    bankBin: $0.bankBIN.isEmpty ? nil : $0.bankBIN, holder: $0.holder.isEmpty ? nil : $0.holder)
            },
            kinds: ReceivingAccount.Kind.allCases.filter { $0.scheme == scheme }.map(\.rawValue))
    }
}

extension Components.Schemas.PaymentCode {
    init(_ code: PaymentCode, label: String) throws {
        self.init(
            scheme: try documented(code.scheme.rawValue), amount: try .init(code.amount), reference: code.reference,
            holder: code.holder, payload: code.payload, svg: code.svg(label: label))
    }
}
