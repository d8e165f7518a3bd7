import Testing

@testable import Booking

/// Korea's cash receipt rule: ₩100,000 or more in cash or by transfer, in won; and what the desk records.
struct CashReceiptTests {
    @Test func aReceiptIsDueFromAHundredThousandWonInCashOrByTransferAlone() {
        #expect(CashReceiptRule.isDue(.cash, .whole(100_000, .krw)))
        #expect(CashReceiptRule.isDue(.transfer, .whole(120_000, .krw)))
        #expect(!CashReceiptRule.isDue(.cash, .whole(99_999, .krw)))
        #expect(!CashReceiptRule.isDue(.cardTerminal, .whole(500_000, .krw)))
        #expect(!CashReceiptRule.isDue(.qr, .whole(500_000, .krw)))
        #expect(!CashReceiptRule.isDue(.cash, .whole(100_000, .thb)), "a Thai sale owes none")
    }

    @Test func anApprovalNumberIsEightToTwelveDigitsAndANumberTenToThirteen() {
        let day = Day(iso: "2026-12-02")!
        #expect(throws: Never.self) { try CashReceipt(approvalNumber: "820116333", issuedOn: day).validate() }
        #expect(throws: Never.self) {
            try CashReceipt(approvalNumber: "820116333", identifier: "010-1234-5678", issuedOn: day).validate()
        }
        for (approval, identifier, field) in [
            ("8201163", "", "approvalNumber"), ("8201-16333", "", "approvalNumber"),
            ("8201163330000", "", "approvalNumber"),
            ("820116333", "010-12", "identifier"), ("820116333", "-0101234567", "identifier"),
            ("820116333", "010-1234-567a", "identifier"),
        ] {
            let refused = #expect(throws: DomainError.self) {
                try CashReceipt(approvalNumber: approval, identifier: identifier, issuedOn: day).validate()
            }
            #expect(refused?.field == field, "\(approval) \(identifier)")
        }
        #expect(CashReceipt(approvalNumber: "820116333", issuedOn: day).issuedTo == "010-000-1234")
    }
}
