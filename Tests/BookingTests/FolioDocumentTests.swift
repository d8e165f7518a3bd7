import Testing

@testable import Booking

/// Drafting an invoice or a receipt from a folio, and the issuer a manager enters.
struct FolioDocumentTests {
    static func entry(
        _ id: Int, _ kind: FolioEntryKind, _ description: String, _ baht: Int, category: ChargeCategory? = nil,
        method: PaymentMethod? = nil, reverses: Int? = nil, night: Day? = nil
    ) -> FolioEntry {
        FolioEntry(
            id: id, kind: kind, description: description, amount: .whole(baht, .thb), category: category,
            method: method, reverses: reverses, night: night)
    }

    static let folio = Folio(
        currency: .thb,
        entries: [
            entry(1, .charge, "Garden Double", 1_200, category: .room, night: Make.arrival),
            entry(2, .charge, "Garden Double", 1_200, category: .room, night: Make.arrival.adding(days: 1)),
            entry(3, .charge, "VAT", 84, category: .tax),
            entry(4, .charge, "VAT", 84, category: .tax),
            entry(5, .charge, "Minibar", 150, category: .minibar),
            entry(6, .reversal, "Not taken", 150, reverses: 5),
            entry(7, .payment, "Payment (cash)", 1_000, method: .cash),
            entry(8, .charge, "City fee", 50, category: .tax),
        ])

    static func draft(
        _ kind: FolioDocumentKind, _ folio: Folio = folio, issuer: Issuer = Issuer(), buyer: Buyer? = nil,
        currency: Currency = .thb
    ) throws -> FolioDocument {
        var property = Make.hotel(currency: currency, taxes: [Tax(name: "VAT", basisPoints: 700)])
        property.issuer = issuer
        let stay = Make.stay(id: 9, room: 1, state: .checkedIn)
        return try FolioDocument.draft(
            kind, folio: folio, stay: stay, property: property, guestName: "Ann Lee", roomNumbers: [1: "101"],
            today: Make.arrival.adding(days: 2), buyer: buyer)
    }

    @Test func aDocumentListsStandingLinesAndSumsTaxesByName() throws {
        let invoice = try Self.draft(.invoice)
        #expect(invoice.charges.map(\.description) == ["Garden Double", "Garden Double"])
        #expect(invoice.taxes.map(\.name) == ["VAT", "City fee"])
        #expect(invoice.taxes.map(\.basisPoints) == [700, nil])
        #expect(invoice.taxes.map(\.amount) == [.whole(168, .thb), .whole(50, .thb)])
        #expect(invoice.subtotal == .whole(2_400, .thb) && invoice.totalTax == .whole(218, .thb))
        #expect(invoice.totalCharges == Self.folio.totalCharges && invoice.balance == Self.folio.balance)
        #expect(invoice.payments.map(\.method) == [.cash])
        #expect(invoice.rooms == ["101"] && invoice.issuedOn == Make.arrival.adding(days: 2))
    }

    @Test func anEmptyInvoiceOrReceiptIsRefused() {
        let onlyCharges = Folio(currency: .thb, entries: [Self.entry(1, .charge, "Minibar", 10, category: .minibar)])
        #expect(throws: DomainError.self) { try Self.draft(.receipt, onlyCharges) }
        #expect(throws: DomainError.self) { try Self.draft(.invoice, Folio(currency: .thb)) }
        // A charge and its reversal leave nothing to bill.
        let reversed = Folio(
            currency: .thb,
            entries: [
                Self.entry(1, .charge, "Minibar", 10, category: .minibar),
                Self.entry(2, .reversal, "x", 10, reverses: 1),
            ])
        #expect(throws: DomainError.self) { try Self.draft(.invoice, reversed) }
        #expect(throws: Never.self) { try Self.draft(.invoice, onlyCharges) }
    }

    @Test func theIssuerIsThePropertysNameUntilAManagerSetsOne() throws {
        #expect(try Self.draft(.invoice).issuer.name == "Baan Suan")
        let set = Issuer(name: "Baan Suan Co., Ltd.", address: "1 Tha Phae Rd", taxID: "0505561000123")
        #expect(try Self.draft(.invoice, issuer: set).issuer == set)
    }

    @Test func aReferenceIsTheKindAndSixDigitsAtLeast() throws {
        var document = try Self.draft(.receipt)
        document.number = 42
        #expect(document.reference == "RCT-000042")
        document.number = 1_234_567
        #expect(document.reference == "RCT-1234567")
    }

    @Test func anIssuerIsTrimmedThenChecked() {
        let entered = Issuer(
            name: "  Baan Suan Co.  ", address: " 1 Tha Phae Rd \r\n\r\n Chiang Mai \n", taxID: " 0505 ")
        #expect(entered.trimmed == Issuer(name: "Baan Suan Co.", address: "1 Tha Phae Rd\nChiang Mai", taxID: "0505"))
        #expect(throws: Never.self) { try entered.trimmed.validate() }
        let refused: [(Issuer, String)] = [
            (Issuer(name: String(repeating: "x", count: 121)), "name"),
            (Issuer(name: "A\nB"), "name"),
            (Issuer(address: (1...7).map(String.init).joined(separator: "\n")), "address"),
            (Issuer(address: String(repeating: "x", count: 401)), "address"),
            (Issuer(address: "a\u{7}"), "address"),
            (Issuer(taxID: String(repeating: "1", count: 41)), "taxId"),
        ]
        for (issuer, field) in refused {
            #expect(throws: DomainError.self) { try issuer.validate() }
            #expect((try? issuer.validate()) == nil && Self.field(of: issuer) == field)
        }
    }

    static func field(of issuer: Issuer) -> String? {
        do {
            try issuer.validate()
            return nil
        } catch { return error.field }
    }
}

/// Thailand's tax invoices: a Thai property's alone, with the seller's tax ID; a full one to a buyer whose
/// tax ID and branch are checked, naming the head office when the seller has set no branch.
struct ThaiTaxInvoiceTests {
    static let seller = Issuer(name: "Baan Suan Co., Ltd.", taxID: "0505561001235")
    static let buyer = Buyer(name: "Lanna Trading", address: "9 Tha Phae Rd", taxID: "0505561001235")

    @Test func aTaxInvoiceNamesTheHeadOfficeWhenNoBranchIsSetAndItsBuyer() throws {
        let abbreviated = try FolioDocumentTests.draft(.abbreviatedTaxInvoice, issuer: Self.seller)
        #expect(abbreviated.issuer.branch == Issuer.headOffice && abbreviated.buyer == nil)
        var full = try FolioDocumentTests.draft(.taxInvoice, issuer: Self.seller, buyer: Self.buyer)
        full.number = 7
        #expect(full.reference == "TAX-00000-000007" && full.buyer == Self.buyer)
        let noBuyer = #expect(throws: DomainError.self) {
            try FolioDocumentTests.draft(.taxInvoice, issuer: Self.seller)
        }
        #expect(noBuyer?.field == "buyer.name")
        #expect(try FolioDocumentTests.draft(.invoice, issuer: Self.seller).issuer.branch == "")
    }

    @Test func aTaxInvoiceIsRefusedWithoutTheSellersTaxIDOrWithABuyerWronglyWritten() {
        let noTaxID = #expect(throws: DomainError.self) {
            try FolioDocumentTests.draft(.abbreviatedTaxInvoice, issuer: Issuer(name: "Baan Suan"))
        }
        #expect(noTaxID?.reason == .taxInvoiceIssuer)
        for (buyer, field) in [
            (Buyer(name: "", address: "x", taxID: "0505561001235"), "buyer.name"),
            (Buyer(name: "A", address: "", taxID: "0505561001235"), "buyer.address"),
            (Buyer(name: "A", address: "x", taxID: "0505561001236"), "buyer.taxId"),
            (Buyer(name: "A", address: "x", taxID: "0505561001235", branch: "1"), "buyer.branch"),
        ] {
            #expect(throws: DomainError.self) { try buyer.validate() }
            do { try buyer.validate() } catch { #expect(error.field == field) }
        }
        #expect(throws: Never.self) { try Self.buyer.validate() }
    }

    @Test func onlyAPropertyPricingInBahtIssuesThem() {
        #expect(FolioDocumentKind.offered(in: .jpy) == [.invoice, .receipt])
        #expect(FolioDocumentKind.offered(in: .thb).contains(.taxInvoice))
        #expect(throws: DomainError.self) { try Issuer(name: "X", branch: "00000").validate(currency: .jpy) }
        let elsewhere = #expect(throws: DomainError.self) {
            try FolioDocumentTests.draft(.abbreviatedTaxInvoice, issuer: Self.seller, currency: .jpy)
        }
        #expect(elsewhere?.reason == .taxInvoiceCountry)
    }
}

/// Vietnamese amounts in words, as an e-invoice's total states them.
struct VietnameseAmountTests {
    @Test(arguments: [
        (0, "Không đồng"), (15, "Mười lăm đồng"), (21, "Hai mươi mốt đồng"), (25, "Hai mươi lăm đồng"),
        (101, "Một trăm linh một đồng"), (2_001, "Hai nghìn không trăm linh một đồng"),
        (1_080_000, "Một triệu không trăm tám mươi nghìn đồng"), (5_500_000, "Năm triệu năm trăm nghìn đồng"),
        (1_000_000_001, "Một tỷ không trăm linh một đồng"), (1_000_000_000_000, "Một nghìn tỷ đồng"),
    ])
    func anAmountIsReadInVietnamese(amount: Int, words: String) {
        #expect(VietnameseAmount.words(amount) == words)
    }
}

/// Only an invoice in đồng has Vietnam's e-invoice.
struct VietnamEInvoiceTests {
    @Test func aThaiInvoiceOrAReceiptHasNoVietnameseEInvoice() throws {
        let thai = try FolioDocumentTests.draft(.invoice, issuer: Issuer(name: "Baan Suan", taxID: "0505561001235"))
        let refused = #expect(throws: DomainError.self) {
            try VietnamEInvoice.of(thai, number: 1, property: Make.hotel())
        }
        #expect(refused?.reason == .eInvoiceCountry)
        #expect(
            VietnamEInvoice.rate(basisPoints: 800) == "8%" && VietnamEInvoice.rate(basisPoints: 350) == "KHAC:03.50%")
    }

    /// A salon's sale in đồng has an e-invoice; a deposit's own sale (invoiced with the visit it is taken off)
    /// and a sale in baht do not.
    @Test func aSalonsSaleHasAnEInvoiceUnlessItIsADepositsOwn() {
        let line = { (category: ChargeCategory) in
            SaleLine(
                category: category, description: "Cắt tóc", quantity: 1, unitPrice: Money(300_000, .vnd),
                discount: Money(0, .vnd))
        }
        let sale = { (lines: [SaleLine], currency: Currency) in
            Sale(
                id: 1, propertyID: 1, customerID: nil, customerName: "", number: 1, day: Make.arrival,
                issuedAt: Make.arrival.instant(atMinute: 600, in: .gmt), issuer: Issuer(), currency: currency,
                lines: lines, taxes: [], includedTaxes: [], payments: [])
        }
        #expect(VietnamEInvoice.applies(to: sale([line(.service)], .vnd)))
        #expect(!VietnamEInvoice.applies(to: sale([line(.deposit)], .vnd)))
        #expect(!VietnamEInvoice.applies(to: sale([line(.service)], .thb)))
    }

    /// A Hanoi hotel whose prices hold the VAT (8 % to 2026-12-31, 10 % after): a night on each side of the
    /// new year, a minibar, and a fee outside the tax. Each line is stated without its VAT, each rate's lines
    /// come to its base, and base and VAT to what the guest paid, the VAT taken out once per rate.
    @Test func pricesWithTheVATInsideAreStatedWithoutIt() throws {
        let newYear = Day(year: 2027, month: 1, day: 1)
        let taxes = [
            Tax(id: 1, name: "VAT", basis: .includedShare, basisPoints: 800, through: newYear.adding(days: -1)),
            Tax(id: 2, name: "VAT", basis: .includedShare, basisPoints: 1_000, from: newYear),
        ]
        var property = Make.hotel(currency: .vnd, taxes: taxes)
        property.issuer = Issuer(name: "Khách sạn Hồ Gươm", address: "Hà Nội", taxID: "0101234567")
        let charge = { (id: Int, amount: Int, category: ChargeCategory, night: Day?, taxClass: TaxClass) in
            FolioEntry(
                id: id, kind: .charge, description: category == .room ? "Deluxe" : "Minibar",
                amount: Money(amount, .vnd), category: category, night: night, businessDay: newYear,
                taxes: .charge(taxClass, on: night ?? newYear, taxes: taxes))
        }
        let folio = Folio(
            currency: .vnd,
            entries: [
                charge(1, 1_080_000, .room, newYear.adding(days: -1), .standard),
                charge(2, 1_100_000, .room, newYear, .standard),
                charge(3, 54_000, .minibar, nil, .standard),
                charge(4, 500_000, .fee, nil, .outside),
            ])
        let stay = Make.stay(id: 9, room: 1, from: newYear.adding(days: -1), state: .checkedOut)
        let document = try FolioDocument.draft(
            .invoice, folio: folio, stay: stay, property: property, guestName: "Nguyễn An",
            roomNumbers: [1: "301"], today: newYear.adding(days: 1))
        #expect(VietnamEInvoice.applies(to: document))
        let invoice = try VietnamEInvoice.of(document, number: 1, property: property)

        #expect(invoice.lines.map(\.rate) == ["8%", "10%", "10%", "KCT"])
        // Our own arithmetic: the VAT inside a gross amount at r is gross × r / (100 + r), rounded half up.
        func inside(_ gross: Int, _ percent: Int) -> Int {
            (gross * percent * 2 + (100 + percent)) / (2 * (100 + percent))
        }
        let eight = inside(1_080_000, 8)
        let ten = inside(1_100_000 + 54_000, 10)
        #expect(invoice.rates.map(\.rate) == ["8%", "10%"])
        #expect(invoice.rates.map(\.tax.amount) == [eight, ten])
        #expect(invoice.rates.map(\.base.amount) == [1_080_000 - eight, 1_154_000 - ten])
        for rate in invoice.rates {
            #expect(invoice.lines.filter { $0.rate == rate.rate }.map(\.amount.amount).reduce(0, +) == rate.base.amount)
        }
        #expect(invoice.lines.last?.amount.amount == 500_000)
        #expect(invoice.total == folio.totalCharges)
        #expect(invoice.lines.allSatisfy { $0.unitPrice == $0.amount && $0.quantity == 1 })
    }
}
