import API
import Booking
import Storage

/// Korea's cash receipts: the payments still waiting for one, and recording one issued.
extension FrontdeskAPI {
    var cashReceipts: CashReceipts<Store> { store.operations() }

    func listCashReceiptsDue(_ input: Operations.ListCashReceiptsDue.Input) async throws
        -> Operations.ListCashReceiptsDue.Output
    {
        let due = try await cashReceipts.due(propertyID: input.path.id, by: try staff)
        return .ok(
            .init(
                body: .json(
                    .init(
                        applies: due.applies, today: due.today.iso,
                        anonymousNumber: due.applies ? CashReceiptRule.anonymousNumber : nil,
                        payments: try due.payments.map(Components.Schemas.CashPayment.init)))))
    }

    func recordCashReceipt(_ input: Operations.RecordCashReceipt.Input) async throws
        -> Operations.RecordCashReceipt.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let payment = try await cashReceipts.record(
            approvalNumber: body.approvalNumber, identifier: body.identifier ?? "",
            for: CashPayment.Source(rawValue: body.source.rawValue) ?? .sale, entryID: body.entryId,
            propertyID: input.path.id, by: try staff)
        return .ok(.init(body: .json(try .init(payment))))
    }
}

extension Components.Schemas.CashPayment {
    init(_ payment: CashPayment) throws {
        self.init(
            source: try documented(payment.source.rawValue), entryId: payment.entryID,
            receivedOn: payment.receivedOn.iso, dueBy: payment.dueBy.iso, amount: try .init(payment.amount),
            method: try documented(payment.method.rawValue), payer: payment.payer, reference: payment.reference,
            approvalNumber: payment.receipt?.approvalNumber, issuedTo: payment.receipt?.issuedTo)
    }
}
