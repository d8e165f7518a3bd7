/// A company a hotel bills: for the folios of its guests' stays it pays (`FolioPayer.company`), gathered
/// into one invoice a month (`CompanyInvoice`). Its details are what an invoice to it states, and in
/// Thailand what a full tax invoice names as its buyer.
public struct Company: Hashable, Sendable, Identifiable {
    public var id: Int
    public var propertyID: Int
    public var name: String
    /// Lines separated by newlines.
    public var address: String
    /// As its country writes it (`TaxIDRule`), or "" for a company without one.
    public var taxID: String
    /// A Thai company's head office (`00000`) or branch; "" elsewhere.
    public var branch: String
    /// Where its invoices are sent; "" for none.
    public var email: String

    public init(
        id: Int = 0, propertyID: Int, name: String, address: String = "", taxID: String = "", branch: String = "",
        email: String = ""
    ) {
        self.id = id
        self.propertyID = propertyID
        self.name = name
        self.address = address
        self.taxID = taxID
        self.branch = branch
        self.email = email
    }

    /// The most companies one property bills.
    public static let maxPerProperty = 2_000

    /// The company as entered, trimmed as an issuer is.
    public var trimmed: Company {
        let issuer = Issuer(name: name, address: address, taxID: taxID, branch: branch).trimmed
        var company = self
        (company.name, company.address, company.taxID, company.branch) = (
            issuer.name, issuer.address, issuer.taxID, issuer.branch
        )
        company.email = email.trimmingCharacters(in: .whitespaces)
        return company
    }

    /// Checks each field as an issuer's are (`Issuer.validate`), with a name required, the tax ID by the
    /// rule of the country of a property pricing in `currency` when there is one, and the email as an
    /// address when there is one.
    public func validate(currency: Currency) throws(DomainError) {
        guard !name.isEmpty else { throw .invalid("name", "name the company", reason: .textRequired) }
        try Issuer(name: name, address: address, taxID: taxID, branch: branch).validate(currency: currency)
        if !email.isEmpty { try User.validate(email: email) }
    }

    /// The company as an invoice's buyer; on a Thai tax invoice, its head office unless a branch is set.
    public func buyer(of kind: FolioDocumentKind) -> Buyer {
        Buyer(
            name: name, address: address, taxID: taxID,
            branch: branch.isEmpty && kind.isThaiTaxInvoice ? Issuer.headOffice : branch)
    }
}

/// What billing companies needs of storage: a property's companies.
public protocol CompanyStorage: StayStorage {
    func companies(propertyID: Int) async throws -> [Company]
    func company(id: Int) async throws -> Company?
    /// Stores a new company (id 0) or changes one, with its audit row; refused past
    /// `Company.maxPerProperty`. Answers it as stored.
    func save(_ company: Company, by userID: Int?) async throws -> Company
    /// The folios a company pays of the stays leaving on one of `days`, with their stays and guests.
    func billed(companyID: Int, departing days: ClosedRange<Day>) async throws -> [CompanyInvoice.Billed]
    /// Issues a company's invoice in one transaction: reads what it pays of the stays leaving on `days`,
    /// drafts the invoice (`draft` may refuse), numbers it from the property's invoices and stores it. A
    /// refused issue takes no number.
    func issue(
        companyID: Int, departing days: ClosedRange<Day>, by userID: Int?,
        _ draft: @escaping @Sendable ([CompanyInvoice.Billed]) throws -> CompanyInvoice
    ) async throws -> CompanyInvoice
    /// A company's invoices, the latest first.
    func companyInvoices(companyID: Int) async throws -> [CompanyInvoice]
    func companyInvoice(id: Int) async throws -> CompanyInvoice?
}
