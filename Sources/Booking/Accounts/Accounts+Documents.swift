import Foundation

/// What a hotel hands a guest about the account: invoices and receipts (and Thailand's tax invoices),
/// issued from the folio as it stands and numbered per property and kind without gaps (a property being
/// one place of business), and the issuer details they carry.
extension Accounts where Storage: DocumentStorage {
    /// Sets who issues the property's documents (a manager's change); documents already issued keep
    /// the issuer they were issued with.
    public func setIssuer(_ issuer: Issuer, propertyID: Int, by staff: Staff) async throws -> Property {
        try staff.requireManager("change who issues invoices", at: propertyID)
        let property = try await property(propertyID, by: staff)
        let issuer = issuer.trimmed
        try issuer.validate(currency: property.currency)
        return try await storage.updateIssuer(issuer, propertyID: propertyID, by: staff.user.id)
    }

    /// Issues a document of one of the stay's folios as it stands (`folio`, the guest's own unless split),
    /// dated the property's today: an invoice, a receipt, or at a Thai property an abbreviated tax invoice,
    /// or a full one to `buyer` on their request, which refers to the latest abbreviated one of that folio
    /// that no full one has replaced yet. A company's folio is issued to the company, as its buyer; another
    /// guest's names them.
    public func issueDocument(
        _ kind: FolioDocumentKind, buyer: Buyer? = nil, stayID: Int, folio number: Int = FolioSplit.guestsFolio,
        by staff: Staff
    ) async throws -> FolioDocument {
        let context = try await stay(stayID, by: staff)
        let split = try await storage.folio(stayID: stayID).split
        guard let payer = split.payer(of: number) else {
            throw DomainError(.notFound, "this stay has no folio \(number)", field: "folio")
        }
        var buyer = buyer?.trimmed
        var guestName = try await storage.guest(id: context.stay.guestID)?.name ?? ""
        switch payer {
        case .guest: break
        case .person(let name): guestName = name
        case .company(let id):
            guard let company = try await storage.company(id: id) else {
                throw DomainError(.notFound, "no company \(id)")
            }
            buyer = buyer ?? company.buyer(of: kind)
        }
        let issued =
            kind == .taxInvoice ? try await storage.documents(stayID: stayID).filter { $0.folio == number } : []
        let replaced = Set(issued.compactMap(\.replaces))
        let replaces = issued.last { $0.kind == .abbreviatedTaxInvoice && !replaced.contains($0.reference) }?.reference
        let roomNumbers = Dictionary(
            uniqueKeysWithValues: try await storage.rooms(propertyID: context.property.id).map { ($0.id, $0.number) })
        return try await storage.issue(stayID: stayID, by: staff.user.id) { [guestName, buyer] folio in
            var document = try FolioDocument.draft(
                kind, folio: folio.part(number), stay: context.stay, property: context.property, guestName: guestName,
                roomNumbers: roomNumbers, today: context.today, buyer: buyer, replaces: replaces)
            document.folio = number
            // A company's invoice names it, whatever the kind.
            if payer.companyID != nil { document.buyer = buyer }
            return document
        }
    }

    /// The documents issued for a stay, oldest first.
    public func documents(stayID: Int, by staff: Staff) async throws -> [FolioDocument] {
        _ = try await requireStay(stayID, by: staff)
        return try await storage.documents(stayID: stayID)
    }

    public func document(_ id: Int, by staff: Staff) async throws -> FolioDocument {
        guard let document = try await storage.document(id: id), try staff.worksAt(document.propertyID) else {
            throw DomainError(.notFound, "no document \(id)")
        }
        return document
    }

    /// Sends a document by email, in `language`, to `email` (else the guest's own): refused naming `email`
    /// when there is none, or it is no address.
    public func send(_ documentID: Int, to email: String?, in language: Language, by staff: Staff) async throws
        -> OutgoingMessage
    {
        let document = try await document(documentID, by: staff)
        let found = try await stay(document.stayID, by: staff)
        let guest = try await storage.guest(id: found.stay.guestID)
        let email = (email ?? guest?.email ?? "").trimmingCharacters(in: .whitespaces)
        guard !email.isEmpty else {
            throw DomainError.invalid("email", "the guest has no email address: give one", reason: .emailRequired)
        }
        try User.validate(email: email)
        return try await notices.sendAsAsked(
            .document(document, property: found.property, email: email, name: document.guestName, language: language))
    }
}

/// Vietnam's e-invoices, written from the invoices issued.
extension Accounts where Storage: EInvoiceStorage {
    /// The e-invoice of an invoice issued at a property pricing in đồng, numbered in its year, handed to
    /// `provider`.
    public func eInvoice(of documentID: Int, provider: some EInvoiceProvider, by staff: Staff) async throws
        -> (invoice: VietnamEInvoice, submission: EInvoiceSubmission)
    {
        let document = try await document(documentID, by: staff)
        guard let property = try await storage.property(id: document.propertyID) else {
            throw DomainError(.notFound, "no document \(documentID)")
        }
        let number = try await storage.invoiceNumberInYear(of: document)
        let invoice = try VietnamEInvoice.of(document, number: number, property: property)
        return (invoice, try await provider.submit(invoice))
    }
}

/// What e-invoices need of storage besides documents.
public protocol EInvoiceStorage: DocumentStorage {
    /// Which of its property's invoices of its calendar year `document` is, from 1 (invoices are numbered
    /// without gaps, so this restarts each 1 January without gaps too).
    func invoiceNumberInYear(of document: FolioDocument) async throws -> Int
}
