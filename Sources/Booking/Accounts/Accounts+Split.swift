import Foundation

/// A stay's bill split between payers (`FolioSplit`): who pays which folio, where each kind of charge goes,
/// and lines moved from one folio to another, as reversals with history.
extension Accounts where Storage: CompanyStorage {
    /// Splits the stay's folio as `split` says, refused (naming the field) when it is not a split
    /// (`FolioSplit.validate`), names a company the property does not bill, or leaves out a folio that
    /// holds lines: move them first. Lines already posted stay where they are; the routes send what is
    /// posted from now on.
    public func split(_ stayID: Int, into split: FolioSplit, by staff: Staff) async throws -> Folio {
        try split.validate()
        let stay = try await requireStay(stayID, by: staff)
        for bill in split.bills {
            guard let id = bill.payer.companyID else { continue }
            guard let company = try await storage.company(id: id), company.propertyID == stay.propertyID else {
                throw DomainError(
                    .notFound, "no company \(id) at this property", field: "folios.\(bill.number).companyId")
            }
        }
        return try await storage.split(stayID: stayID, by: staff.user.id) { folio in
            for number in folio.split.numbers where !split.numbers.contains(number) {
                guard !folio.entries.contains(where: { $0.folio == number }) else {
                    throw DomainError(
                        .notAllowed, "folio \(number) has lines: move them to another folio first", field: "folios",
                        reason: .folioHasLines, params: ["folio": String(number)])
                }
            }
            return split
        }
    }

    /// Moves lines to folio `target` of the same stay: each a charge or payment standing on another folio
    /// (a tax line follows its charges), reversed where it was and posted again on `target` as it was
    /// (amount, kind, night, taxes), naming the line it came from. The taxes of both folios follow, in the
    /// same transaction. Moving all of a folio's lines merges it into `target`.
    public func move(entries ids: [Int], of stayID: Int, to target: Int, by staff: Staff) async throws
        -> (folio: Folio, property: Property)
    {
        guard !ids.isEmpty, ids.count <= Folio.maxEntries else {
            throw DomainError.invalid("entryIds", "name 1 to \(Folio.maxEntries) lines to move")
        }
        let found = try await stay(stayID, by: staff)
        let folio = try await storage.folio(stayID: stayID)
        guard folio.split.numbers.contains(target) else {
            throw DomainError(.notFound, "this stay has no folio \(target)", field: "folio")
        }
        var postings: [Posting] = []
        for (index, id) in ids.enumerated() {
            let field = "entryIds[\(index)]"
            guard let entry = folio.entries.first(where: { $0.id == id }) else {
                throw DomainError(.notFound, "no entry \(id) on this stay's folio", field: field)
            }
            guard !entry.followsCharges else {
                throw DomainError(
                    .notAllowed, "a tax line follows the charges it is on: move the charge instead", field: field,
                    reason: .folioTaxFollowsCharges)
            }
            guard entry.kind != .reversal, !folio.isReversed(id), entry.folio != target else {
                throw DomainError.invalid(field, "entry \(id) is not a standing line of another folio")
            }
            guard !ids[..<index].contains(id) else { throw DomainError.invalid(field, "entry \(id) is named twice") }
            postings.append(
                Posting(kind: .reversal, description: "Moved to folio \(target)", amount: entry.amount, reverses: id))
            postings.append(
                Posting(
                    kind: entry.kind, description: entry.description, amount: entry.amount, category: entry.category,
                    method: entry.method, night: entry.night, taxes: entry.taxes, folio: target, movedFrom: id))
        }
        let (stay, property, today) = (found.stay, found.property, found.today)
        let after = try await storage.post(postings, stayID: stayID, by: staff.user.id) { folio in
            StayCharges.taxCorrections(folio: folio, taxes: property.taxes, party: stay.party, today: today)
                .map(Posting.init)
        }
        return (after, property)
    }

    /// A company of the property, or 404 naming `companyId`.
    public func company(_ id: Int, at propertyID: Int, by staff: Staff) async throws -> Company {
        _ = try await property(propertyID, by: staff)
        guard let company = try await storage.company(id: id), company.propertyID == propertyID else {
            throw DomainError(.notFound, "no company \(id) at this property", field: "companyId")
        }
        return company
    }

    /// A company's month as its invoice would bill it now (nil: nothing charged on its folios of the stays
    /// that left that month), and the invoices issued to it: what the desk reads of a company's account.
    public func companyAccount(_ id: Int, at propertyID: Int, month: Day, by staff: Staff) async throws -> (
        company: Company, month: CompanyInvoice?, invoices: [CompanyInvoice]
    ) {
        let company = try await company(id, at: propertyID, by: staff.doing(.accounts))
        let property = try await property(propertyID, by: staff)
        let billed = try await storage.billed(companyID: id, departing: CompanyInvoice.days(of: month))
        let rooms = try await roomNumbers(of: property)
        let draft = try? CompanyInvoice.draft(
            company: company, month: month, billed: billed, property: property, roomNumbers: rooms,
            today: property.today(now: now()))
        return (company, draft, try await storage.companyInvoices(companyID: id))
    }

    /// Issues a company's invoice for the month beginning `month`: its folios of the stays that left that
    /// month, as they stand, numbered with the property's invoices (`CompanyInvoice`).
    public func issueCompanyInvoice(_ id: Int, at propertyID: Int, month: Day, by staff: Staff) async throws
        -> CompanyInvoice
    {
        let company = try await company(id, at: propertyID, by: staff)
        let property = try await property(propertyID, by: staff)
        let rooms = try await roomNumbers(of: property)
        let today = property.today(now: now())
        return try await storage.issue(companyID: id, departing: CompanyInvoice.days(of: month), by: staff.user.id) {
            try CompanyInvoice.draft(
                company: company, month: month, billed: $0, property: property, roomNumbers: rooms, today: today)
        }
    }

    /// A company's invoice as issued.
    public func companyInvoice(_ id: Int, by staff: Staff) async throws -> CompanyInvoice {
        guard let invoice = try await storage.companyInvoice(id: id),
            try staff.doing(.accounts).worksAt(invoice.propertyID)
        else { throw DomainError(.notFound, "no invoice \(id)") }
        return invoice
    }

    private func roomNumbers(of property: Property) async throws -> [Int: String] {
        Dictionary(uniqueKeysWithValues: try await storage.rooms(propertyID: property.id).map { ($0.id, $0.number) })
    }

    /// The companies the property bills, by name.
    public func companies(propertyID: Int, by staff: Staff) async throws -> [Company] {
        _ = try await property(propertyID, by: staff)
        return try await storage.companies(propertyID: propertyID).sorted {
            $0.name.localizedStandardCompare($1.name) == .orderedAscending
        }
    }

    /// Adds a company to bill (id 0) or changes one; its folios' documents issued already keep the details
    /// they were issued with.
    public func save(_ company: Company, by staff: Staff) async throws -> Company {
        let property = try await property(company.propertyID, by: staff)
        let company = company.trimmed
        try company.validate(currency: property.currency)
        if company.id != 0 {
            guard let stored = try await storage.company(id: company.id), stored.propertyID == property.id else {
                throw DomainError(.notFound, "no company \(company.id)")
            }
        }
        return try await storage.save(company, by: staff.user.id)
    }
}
