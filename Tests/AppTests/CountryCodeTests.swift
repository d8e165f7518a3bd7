import Booking
import Foundation
import Testing

/// A guest's nationality is a country's ISO 3166-1 code: the server refuses any other, and the check-in
/// page offers exactly the server's list.
struct CountryCodeTests {
    @Test func theCheckInPageOffersExactlyTheCountriesTheServerTakes() throws {
        let source = try RefusalCatalogueTests.text("Web/common/i18n.js")
        let list = try #require(source.firstMatch(of: /const COUNTRY_CODES = \(([^)]*)\)/)).1
        let offered = Set(list.matches(of: /[A-Z]{2}/).map { String($0.0) })
        #expect(offered == CountryCode.all)
        #expect(CountryCode.all.count == 249)
    }

    @Test func aNationalityIsACountrysCodeOrNone() throws {
        let today = Day(year: 2026, month: 11, day: 28)
        for code in ["", "TH", "JP", "VN", "KR"] {
            try Guest.validateRegistration(nationality: code, documentNumber: "", birthDate: nil, today: today)
        }
        for code in ["ZZ", "EU", "UN", "th", "THA"] {
            #expect(throws: DomainError.self, "\(code)") {
                try Guest.validateRegistration(nationality: code, documentNumber: "", birthDate: nil, today: today)
            }
        }
    }
}
