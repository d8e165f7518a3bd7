import API
import Booking
import Storage

/// Bank statements: how each bank writes its CSV, kept once; an import that settles the bookings its
/// lines pay; the lines that wait, and settling one to a booking by hand.
extension FrontdeskAPI {
    var statements: BankStatements<Store> { store.operations() }

    func listStatementFormats(_ input: Operations.ListStatementFormats.Input) async throws
        -> Operations.ListStatementFormats.Output
    {
        let formats = try await statements.formats(propertyID: input.path.id, by: try staff)
        return .ok(.init(body: .json(.init(formats: try formats.map(Components.Schemas.StatementFormat.init)))))
    }

    func saveStatementFormat(_ input: Operations.SaveStatementFormat.Input) async throws
        -> Operations.SaveStatementFormat.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let format = StatementFormat(
            bank: body.bank, dateColumn: body.dateColumn, amountColumn: body.amountColumn, textColumn: body.textColumn,
            referenceColumn: body.referenceColumn ?? "",
            dateOrder: body.dateOrder.flatMap { StatementFormat.DateOrder(rawValue: $0.rawValue) } ?? .yearMonthDay,
            decimalComma: body.decimalComma ?? false)
        let formats = try await statements.saveFormat(format, propertyID: input.path.id, by: try staff)
        return .ok(.init(body: .json(.init(formats: try formats.map(Components.Schemas.StatementFormat.init)))))
    }

    func importStatement(_ input: Operations.ImportStatement.Input) async throws -> Operations.ImportStatement.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let result = try await statements.importStatement(
            Array(body.statement.utf8), bank: body.bank, propertyID: input.path.id, by: try staff)
        return .ok(
            .init(
                body: .json(
                    .init(
                        settled: try result.settled.map { try .init($0) },
                        waiting: try result.waiting.map { try .init($0.kept, owed: $0.owed) },
                        repeated: result.repeated))))
    }

    func listWaitingStatementLines(_ input: Operations.ListWaitingStatementLines.Input) async throws
        -> Operations.ListWaitingStatementLines.Output
    {
        let lines = try await statements.waiting(propertyID: input.path.id, by: try staff)
        return .ok(.init(body: .json(.init(lines: try lines.map { try .init($0) }))))
    }

    func settleStatementLine(_ input: Operations.SettleStatementLine.Input) async throws
        -> Operations.SettleStatementLine.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let line = try await statements.settle(
            lineID: input.path.lineId, confirmationCode: body.confirmationCode, propertyID: input.path.id,
            by: try staff)
        return .ok(.init(body: .json(try .init(line))))
    }
}

extension Components.Schemas.StatementFormat {
    init(_ format: StatementFormat) throws {
        self.init(
            bank: format.bank, dateColumn: format.dateColumn, amountColumn: format.amountColumn,
            textColumn: format.textColumn, referenceColumn: format.referenceColumn,
            dateOrder: try documented(format.dateOrder.rawValue), decimalComma: format.decimalComma)
    }
}

extension Components.Schemas.StatementLine {
    init(_ kept: KeptStatementLine, owed: Money? = nil) throws {
        self.init(
            id: kept.id, bank: kept.bank, line: kept.line.line, date: kept.line.day.iso,
            amount: try .init(kept.line.amount), text: kept.line.text, bankReference: kept.line.bankReference,
            stayId: kept.stayID, confirmationCode: kept.confirmationCode,
            unmatched: try kept.unmatched.map { try documented($0.rawValue) }, owed: try owed.map { try .init($0) })
    }
}
