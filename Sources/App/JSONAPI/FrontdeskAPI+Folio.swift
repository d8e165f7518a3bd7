import API
import Booking
import Foundation
import Storage

/// A stay's folio: reading it, posting charges and payments, reversing a mistake.
extension FrontdeskAPI {
    func getFolio(_ input: Operations.GetFolio.Input) async throws -> Operations.GetFolio.Output {
        let (folio, property, code) = try await accounts.folio(of: input.path.id, by: try staff)
        var body = try Components.Schemas.Folio(folio, taxes: property.taxes)
        body.payCode = try PaymentCode.due(on: folio, at: property, confirmationCode: code).map {
            try .init($0, label: $0.reference)
        }
        return .ok(.init(body: .json(body)))
    }

    /// A folio as the API answers it: each charge with the part of it the property's included taxes are.
    func folioBody(_ folio: Folio, _ propertyID: Int) async throws -> Components.Schemas.Folio {
        try .init(folio, taxes: try await frontDesk.property(propertyID, by: try staff).taxes)
    }

    /// The same, for the folio of the stay `stayID` just posted to.
    func folioBody(_ folio: Folio, stayID: Int) async throws -> Components.Schemas.Folio {
        try await folioBody(folio, try await frontDesk.requireStay(stayID, by: try staff).propertyID)
    }

    func postCharge(_ input: Operations.PostCharge.Input) async throws -> Operations.PostCharge.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let category = try body.category.map { try ChargeCategory.postable(named: $0.rawValue) } ?? .other
        let (folio, property) = try await accounts.postCharge(
            to: input.path.id, description: body.description, amount: try body.amount.money(), category: category,
            taxClass: body.taxClass.flatMap { TaxClass(rawValue: $0.rawValue) } ?? .standard, by: try staff)
        return .created(.init(body: .json(try .init(folio, taxes: property.taxes))))
    }

    func postPayment(_ input: Operations.PostPayment.Input) async throws -> Operations.PostPayment.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let folio = try await accounts.postPayment(
            to: input.path.id, amount: try body.amount.money(), method: try PaymentMethod.named(body.method.rawValue),
            description: body.description, folio: body.folio, by: try staff)
        return .created(.init(body: .json(try await folioBody(folio, stayID: input.path.id))))
    }

    func postReversal(_ input: Operations.PostReversal.Input) async throws -> Operations.PostReversal.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let folio = try await accounts.reverse(
            entry: body.entryId, of: input.path.id, reason: body.reason, by: try staff)
        return .created(.init(body: .json(try await folioBody(folio, stayID: input.path.id))))
    }
}

/// A stay's bill split between payers, lines moved between its folios, and the companies a hotel bills.
extension FrontdeskAPI {
    func splitFolio(_ input: Operations.SplitFolio.Input) async throws -> Operations.SplitFolio.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        var routes: [ChargeCategory: Int] = [:]
        for (name, number) in body.routes?.additionalProperties ?? [:] {
            guard let category = ChargeCategory(rawValue: name) else {
                throw DomainError.invalid("routes.\(name)", "'\(name)' is not a kind of charge")
            }
            routes[category] = number
        }
        let bills = try body.folios.map { folio throws(DomainError) in
            let payer: FolioPayer =
                switch (folio.name, folio.companyId) {
                case (let name?, nil): .person(name: name.trimmingCharacters(in: .whitespaces))
                case (nil, let id?): .company(id: id)
                case (nil, nil) where folio.number == FolioSplit.guestsFolio: .guest
                default:
                    throw DomainError.invalid(
                        "folios.\(folio.number).name", "name the guest who pays this folio, or give a company's id")
                }
            return FolioSplit.Bill(number: folio.number, payer: payer)
        }
        let folio = try await accounts.split(
            input.path.id, into: FolioSplit(bills: bills, routes: routes), by: try staff)
        return .ok(.init(body: .json(try await folioBody(folio, stayID: input.path.id))))
    }

    func moveFolioLines(_ input: Operations.MoveFolioLines.Input) async throws -> Operations.MoveFolioLines.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let (folio, property) = try await accounts.move(
            entries: body.entryIds, of: input.path.id, to: body.folio, by: try staff)
        return .created(.init(body: .json(try .init(folio, taxes: property.taxes))))
    }

    func listCompanies(_ input: Operations.ListCompanies.Input) async throws -> Operations.ListCompanies.Output {
        let companies = try await accounts.companies(propertyID: input.path.id, by: try staff)
        return .ok(.init(body: .json(.init(companies: companies.map(Components.Schemas.Company.init)))))
    }

    func createCompany(_ input: Operations.CreateCompany.Input) async throws -> Operations.CreateCompany.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let company = try await accounts.save(Company(body, id: 0, propertyID: input.path.id), by: try staff)
        return .created(.init(body: .json(.init(company))))
    }

    func updateCompany(_ input: Operations.UpdateCompany.Input) async throws -> Operations.UpdateCompany.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let company = try await accounts.save(
            Company(body, id: input.path.companyId, propertyID: input.path.id), by: try staff)
        return .ok(.init(body: .json(.init(company))))
    }
}

/// A company's months: its account as it stands, and its invoices.
extension FrontdeskAPI {
    func getCompanyAccount(_ input: Operations.GetCompanyAccount.Input) async throws
        -> Operations.GetCompanyAccount.Output
    {
        let staff = try context.staff(for: .accounts)
        let property = try await frontDesk.property(input.path.id, by: staff)
        let month =
            try input.query.month.map { try CompanyInvoice.month(named: $0) }
            ?? {
                let civil = property.today(now: accounts.now()).civil
                return Day(year: civil.year, month: civil.month, day: 1)
            }()
        let account = try await accounts.companyAccount(
            input.path.companyId, at: input.path.id, month: month, by: staff)
        return .ok(
            .init(
                body: .json(
                    .init(
                        company: .init(account.company), monthShown: String(month.iso.prefix(7)),
                        month: try account.month.map(Components.Schemas.CompanyInvoice.init),
                        invoices: try account.invoices.map(Components.Schemas.CompanyInvoice.init)))))
    }

    func issueCompanyInvoice(_ input: Operations.IssueCompanyInvoice.Input) async throws
        -> Operations.IssueCompanyInvoice.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let invoice = try await accounts.issueCompanyInvoice(
            input.path.companyId, at: input.path.id, month: try CompanyInvoice.month(named: body.month), by: try staff)
        return .created(.init(body: .json(try .init(invoice))))
    }

    func getCompanyInvoice(_ input: Operations.GetCompanyInvoice.Input) async throws
        -> Operations.GetCompanyInvoice.Output
    {
        let invoice = try await accounts.companyInvoice(input.path.id, by: try context.staff(for: .accounts))
        return .ok(.init(body: .json(try .init(invoice))))
    }
}

extension Components.Schemas.CompanyInvoice {
    init(_ invoice: CompanyInvoice) throws {
        let issued = invoice.id != 0
        self.init(
            id: issued ? invoice.id : nil, number: issued ? invoice.number : nil,
            reference: issued ? invoice.reference : nil, propertyId: invoice.propertyID, companyId: invoice.companyID,
            month: String(invoice.month.iso.prefix(7)), issuedOn: invoice.issuedOn.iso, issuer: .init(invoice.issuer),
            buyer: .init(invoice.buyer), currency: try documented(invoice.currency.code),
            stays: try invoice.stays.map { stay in
                let document = try Components.Schemas.FolioDocument(stay)
                return .init(
                    stayId: stay.stayID, folio: stay.folio, guestName: stay.guestName,
                    confirmationCode: stay.confirmationCode, arrival: document.arrival, departure: document.departure,
                    rooms: stay.rooms, charges: document.charges, taxes: document.taxes,
                    includedTaxes: document.includedTaxes, payments: document.payments, subtotal: document.subtotal,
                    totalTax: document.totalTax, totalCharges: document.totalCharges,
                    totalPayments: document.totalPayments, balance: document.balance)
            },
            taxes: try invoice.taxes.map(Components.Schemas.FolioDocumentTax.init),
            includedTaxes: invoice.includedTaxes.isEmpty
                ? nil : try invoice.includedTaxes.map(Components.Schemas.FolioDocumentTax.init),
            subtotal: try .init(invoice.subtotal), totalTax: try .init(invoice.totalTax),
            totalCharges: try .init(invoice.totalCharges), totalPayments: try .init(invoice.totalPayments),
            balance: try .init(invoice.balance))
    }
}

extension Company {
    init(_ body: Components.Schemas.CompanyRequest, id: Int, propertyID: Int) {
        self.init(
            id: id, propertyID: propertyID, name: body.name, address: body.address ?? "", taxID: body.taxId ?? "",
            branch: body.branch ?? "", email: body.email ?? "")
    }
}

extension Components.Schemas.Company {
    init(_ company: Company) {
        self.init(
            id: company.id, propertyId: company.propertyID, name: company.name, address: company.address,
            taxId: company.taxID, branch: company.branch, email: company.email)
    }
}

extension PaymentMethod {
    static func named(_ name: String) throws -> PaymentMethod {
        guard let method = PaymentMethod(rawValue: name), atHotelDesk.contains(method) else {
            throw DomainError.invalid(
                "method", "'\(name)' is not a way to pay (\(atHotelDesk.map(\.rawValue).joined(separator: ", ")))")
        }
        return method
    }
}

extension Components.Schemas.Folio {
    init(_ folio: Folio, taxes: [Tax]) throws {
        self.init(
            currency: try documented(folio.currency.code), balance: try .init(folio.balance),
            totalCharges: try .init(folio.totalCharges), totalPayments: try .init(folio.totalPayments),
            entries: try folio.entries.map {
                .init(
                    id: $0.id, kind: try documented($0.kind.rawValue), description: $0.description,
                    amount: try .init($0.amount), category: try $0.category.map { try documented($0.rawValue) },
                    method: try $0.method.map { try documented($0.rawValue) }, reverses: $0.reverses,
                    night: $0.night?.iso, businessDay: $0.businessDay?.iso,
                    includedTaxes: try Self.included(in: $0, taxes: taxes),
                    taxClass: $0.kind == .charge && $0.category != .tax
                        ? try documented($0.taxes.taxClass.rawValue) : nil,
                    reversed: folio.isReversed($0.id), reversible: folio.mayReverse($0), movable: folio.mayMove($0),
                    folio: $0.folio,
                    movedFrom: $0.movedFrom)
            },
            folios: try folio.split.bills.map { bill in
                let part = folio.part(bill.number)
                let (payer, name, companyID): (Components.Schemas.FolioPart.PayerPayload, String?, Int?) =
                    switch bill.payer {
                    case .guest: (.guest, nil, nil)
                    case .person(let name): (.person, name, nil)
                    case .company(let id): (.company, nil, id)
                    }
                return .init(
                    number: bill.number, payer: payer, name: name, companyId: companyID,
                    balance: try .init(part.balance), totalCharges: try .init(part.totalCharges),
                    totalPayments: try .init(part.totalPayments))
            },
            routes: folio.split.routes.isEmpty
                ? nil
                : .init(
                    additionalProperties: Dictionary(
                        uniqueKeysWithValues: folio.split.routes.map { ($0.key.rawValue, $0.value) })),
            routable: try FolioSplit.routable.map { try documented($0.rawValue) },
            dueAtDesk: try .init(folio.dueAtDesk))
    }

    /// A charge's included taxes; nil for other lines and where there are none.
    static func included(in entry: FolioEntry, taxes: [Tax]) throws -> [Components.Schemas.FolioDocumentTax]? {
        guard entry.kind == .charge, entry.category != .tax,
            (entry.taxes.included ?? taxes).contains(where: { $0.basis == .includedShare })
        else { return nil }
        let line = entry.taxes.line(
            entry.amount, kind: entry.category == .room ? .room : .charge,
            day: entry.night ?? entry.businessDay ?? Day(0))
        let parts = TaxEngine.assess([line], taxes: taxes, party: Party(adults: 1), currency: entry.amount.currency)
            .included
        guard !parts.isEmpty else { return nil }
        return try parts.map { try .init(FolioDocument.TaxTotal($0)) }
    }
}
