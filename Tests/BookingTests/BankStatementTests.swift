import Testing

@testable import Booking

/// Reading a bank's statement by its format: the header found below what the bank writes above it, the
/// money in alone, days and amounts as each bank writes them, the booking codes as payers type them, and
/// lines alike told apart.
struct BankStatementTests {
    static let kasikorn = StatementFormat(
        bank: "Kasikornbank", dateColumn: "Date", amountColumn: "Deposit", textColumn: "Details",
        referenceColumn: "Ref", dateOrder: .dayMonthYear)

    static func read(_ text: String, _ format: StatementFormat = kasikorn, _ currency: Currency = .thb)
        throws(DomainError) -> [StatementLine]
    {
        try BankStatement.read(Array(text.utf8), format: format, currency: currency)
    }

    @Test func aThaiStatementIsReadBelowItsAccountBlockWithBuddhistYearsAndGroupedBaht() throws {
        let lines = try Self.read(
            """
            Account,123-4-56789-0
            Date,Details,Withdrawal,Deposit,Ref
            01/12/2569,PromptPay FD-ABCDEFGH,,"1,177.00",K1
            01/12/2569,Rent,"5,000.00",,K2
            31/12/2569 23:59,Deposit fd abcdefgh,,฿ 250.5,K3
            """)
        #expect(lines.map(\.day.iso) == ["2026-12-01", "2026-12-31"])
        #expect(lines.map(\.amount) == [Money(117_700, .thb), Money(25_050, .thb)])
        #expect(lines.map(\.bankReference) == ["K1", "K3"])
        #expect(lines.map(\.line) == [3, 5])
        #expect(lines.map(\.bookingCodes) == [["FD-ABCDEFGH"], ["FD-ABCDEFGH"]])
        var doubled = lines[0]
        doubled.text = "ref FDFD-ABCDEFGH"
        #expect(doubled.bookingCodes.contains("FD-ABCDEFGH"))
    }

    @Test func aVietnameseStatementWritesDongWithPointsOrWithZeroDecimals() throws {
        let format = StatementFormat(
            bank: "Vietcombank", dateColumn: "Ngày", amountColumn: "Số tiền ghi có", textColumn: "Nội dung",
            dateOrder: .dayMonthYear, decimalComma: true)
        let lines = try Self.read(
            """
            Ngày,Nội dung,Số tiền ghi có
            02-01-2027,FDK7Q2M9XA thanh toan,1.177.000
            02-01-2027,chuyen tien,"2.000.000,00"
            """, format, .vnd)
        #expect(lines.map(\.amount) == [Money(1_177_000, .vnd), Money(2_000_000, .vnd)])
        #expect(lines.map(\.bookingCodes) == [["FD-K7Q2M9XA"], []])
        #expect(throws: DomainError.self) {
            try Self.read("Ngày,Nội dung,Số tiền ghi có\n02-01-2027,x,\"1.000,50\"", format, .vnd)
        }
    }

    @Test func debitsAndEmptyCellsAreNotMoneyReceived() throws {
        let format = StatementFormat(bank: "B", dateColumn: "Date", amountColumn: "Amount", textColumn: "Text")
        let lines = try Self.read(
            """
            Date,Text,Amount
            2026-12-01,a,-100.00
            2026-12-01,b,(100.00)
            2026-12-01,c,
            2026-12-01,d,0.00
            2026-12-01,e,+100.00
            """, format)
        #expect(lines.map(\.text) == ["e"])
    }

    @Test func linesAlikeAreToldApartAndTheSameFileGivesTheSameFingerprints() throws {
        let text = """
            Date,Details,Deposit,Ref
            01/12/2026,coffee,50.00,
            01/12/2026,coffee,50.00,
            """
        let lines = try Self.read(text)
        #expect(Set(lines.map(\.fingerprint)).count == 2)
        #expect(try Self.read(text).map(\.fingerprint) == lines.map(\.fingerprint))
    }

    @Test func aFileWithoutTheFormatsHeaderOrWithAnImpossibleDayIsRefusedByItsLine() throws {
        let noHeader = #expect(throws: DomainError.self) { try Self.read("Datum,Text,Betrag\n01.12.2026,x,1") }
        #expect(noHeader?.field == "statement")
        do {
            _ = try Self.read("Date,Details,Deposit\n31/02/2569,x,1.00")
            Issue.record("an impossible day was read")
        } catch {
            #expect(error.field == "statement" && error.message.hasPrefix("line 2:"))
        }
    }

    @Test func aFormatNamesEachColumnOnce() {
        var format = Self.kasikorn
        format.textColumn = "Date"
        #expect(throws: DomainError.self) { try format.validate() }
        format.textColumn = ""
        #expect(throws: DomainError.self) { try format.validate() }
        #expect(throws: Never.self) { try Self.kasikorn.validate() }
    }
}
