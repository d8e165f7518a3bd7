import Testing

@testable import Booking

/// Tax ids as each market writes them, checked against numbers worked out by hand.
struct TaxIDTests {
    @Test(arguments: [
        // Thailand: weights 13 down to 2; 0994000617721's twelve digits sum to 341, 341 mod 11 is 0, so 1.
        (TaxIDRule.thailand, "0994000617721", true), (.thailand, "0-9940-00617-72-1", true),
        (.thailand, "0994000617722", false), (.thailand, "099400061772", false), (.thailand, "09940006177２1", false),
        (.japan, "T7000012050002", true), (.japan, "T 7000-0120-50002", true), (.japan, "7000012050002", false),
        (.japan, "T700001205000", false),
        (.vietnam, "0101234567", true), (.vietnam, "0101234567-001", true), (.vietnam, "01012345", false),
        (.korea, "123-45-67890", true), (.korea, "12345678", false),
        (.thailand, "", true), (.japan, "  ", true),
    ])
    func aTaxIDIsItsMarketsShape(rule: TaxIDRule, text: String, valid: Bool) {
        if valid {
            #expect(throws: Never.self) { try rule.check(text, field: "taxId") }
        } else {
            #expect(throws: DomainError.self) { try rule.check(text, field: "taxId") }
        }
    }

    @Test func theThaiCheckDigitIsWorkedOutFromTheFirstTwelve() {
        // 0505561009996: 0·13 + 5·12 + 0·11 + 5·10 + 5·9 + 6·8 + 1·7 + 0·6 + 0·5 + 9·4 + 9·3 + 9·2 = 291;
        // 291 mod 11 = 5; (11 − 5) mod 10 = 6.
        #expect(TaxIDRule.thaiCheckDigit([0, 5, 0, 5, 5, 6, 1, 0, 0, 9, 9, 9][...]) == 6)
    }

    @Test func theCountryIsThePropertysByItsCurrency() {
        #expect(TaxIDRule.of(.thb) == .thailand && TaxIDRule.of(.jpy) == .japan)
    }
}
