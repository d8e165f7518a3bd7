import Foundation
import Testing

@testable import Booking

/// A salon's customer records, run without HTTP or a database (`InMemorySalonStorage`). The same operations
/// run through the API, on both databases, in `CustomerAPITests`.
struct CustomersTests {
    typealias Desk = SalonDeskTests

    static func customers(_ storage: InMemorySalonStorage) -> Customers<InMemorySalonStorage> {
        Customers(storage: storage, now: { Date(timeIntervalSince1970: Double(Desk.tenOClock - 2 * 1440) * 60) })
    }

    @Test func aReadingTypedInHiraganaFindsOneStoredInKatakanaAndFullWidthFindsHalfWidth() {
        #expect(Customer.folded("タナカ ハナコ") == "たなか はなこ")
        #expect(Customer.folded("ｶﾅ") == "かな")
        #expect(Customer.folded("ﾔﾏﾀﾞ ﾊﾟﾝ ｶﾞｸ ﾌﾞﾝ") == "やまだ ぱん がく ぶん")
        let yamada = Customer(propertyID: 7, name: "山田 太郎", reading: "ヤマダ タロウ", phone: "")
        #expect(yamada.searchText.contains(Customer.searchKey("ﾔﾏﾀﾞ")))
        #expect(Customer(propertyID: 7, name: "x", reading: "ﾔﾏﾀﾞ").searchText.contains(Customer.searchKey("やまだ")))
        #expect(Customer.folded("Ｔａｎａｋａ") == "tanaka")
        let customer = Customer(propertyID: 7, name: "田中 花子", reading: "タナカ ハナコ", phone: "090-1234-5678")
        #expect(customer.searchText.contains(Customer.folded("たなか")))
        #expect(customer.searchText.contains(Customer.digits("1234 5678")))
        #expect(!customer.searchText.contains(Customer.folded("さとう")))
        for typed in ["090-1234-5678", "(090) 1234", "０９０ １２３４", " 5678 "] {
            #expect(customer.searchText.contains(Customer.searchKey(typed)), "\(typed)")
        }
        #expect(Customer.searchKey("Room 101") == "room 101")
    }

    @Test func aBookingIsMatchedByAWholePhoneNumberNotByAFragment() {
        #expect(Customer.matchingDigits("+81 90-1234-5678") == "819012345678")
        #expect(Customer.matchingDigits("123") == "")
        #expect(Customer.matchingEmail("  Hana@Example.JP ") == "hana@example.jp")
    }

    @Test func aRecordsRefusalNamesTheCustomersField() throws {
        let today = Day(year: 2026, month: 12, day: 1)
        #expect(throws: DomainError.self) { try Customer(propertyID: 7, name: " ").validate(today: today) }
        do {
            try Customer(propertyID: 7, name: "Hana", email: "not mail").validate(today: today)
            Issue.record("an email without @ was taken")
        } catch {
            #expect(error.field == "email")
        }
        do {
            try Customer(propertyID: 7, name: "Hana", birthday: today.adding(days: 1)).validate(today: today)
            Issue.record("a birthday tomorrow was taken")
        } catch {
            #expect(error.field == "birthday")
        }
        try Customer(propertyID: 7, name: "Hana", reading: "ハナ", birthday: today).validate(today: today)
    }

    @Test func theDeskBooksForARecordOrTheRecordWithThePhoneOrANewOne() async throws {
        let (desk, storage) = Desk.desk()
        var first = Desk.visit(name: "Hana Tanaka")
        first.customerPhone = "090-1234-5678"
        first.customerReading = "タナカ ハナ"
        let booked = try await desk.book(first, by: Desk.clerk)
        let record = try #require(await storage.customers[booked.customerID])
        #expect(record.name == "Hana Tanaka" && record.reading == "タナカ ハナ")
        var again = Desk.visit(start: Desk.tenOClock + 60, name: "Hana T.")
        again.customerPhone = "09012345678"
        #expect(try await desk.book(again, by: Desk.clerk).customerID == record.id)
        var chosen = Desk.visit(start: Desk.tenOClock + 120, name: "")
        chosen.customerID = record.id
        #expect(try await desk.book(chosen, by: Desk.clerk).customerID == record.id)
        #expect(try await desk.book(Desk.visit(name: "Someone new"), by: Desk.clerk).customerID != record.id)
        chosen.customerID = 9_999
        await #expect(throws: DomainError(.notFound, "no customer 9999 at this salon", field: "customer.id")) {
            _ = try await desk.book(chosen, by: Desk.clerk)
        }
    }

    @Test func aMergeGivesEveryVisitToTheRecordKeptAndTakesWhatItLacks() async throws {
        let (desk, storage) = Desk.desk()
        let customers = Self.customers(storage)
        let kept = try await customers.add(
            Customer(propertyID: 7, name: "田中 花子", notes: "Likes it short"), by: Desk.clerk)
        let other = try await customers.add(
            Customer(propertyID: 7, name: "Hanako Tanaka", phone: "090-1234-5678", allergies: "PPD"), by: Desk.clerk)
        for (offset, id) in [(0, kept.id), (60, other.id), (120, other.id)] {
            var visit = Desk.visit(start: Desk.tenOClock + offset, name: "")
            visit.customerID = id
            _ = try await desk.book(visit, by: Desk.clerk)
        }
        let merged = try await customers.merge(other.id, into: kept.id, by: Desk.clerk)
        #expect(merged.name == "田中 花子" && merged.phone == "090-1234-5678" && merged.allergies == "PPD")
        #expect(merged.notes == "Likes it short")
        #expect(await storage.customers[other.id] == nil)
        let record = try await customers.record(kept.id, by: Desk.clerk)
        #expect(record.upcoming.count == 3)
        await #expect(throws: DomainError.self) {
            _ = try await customers.merge(kept.id, into: kept.id, by: Desk.clerk)
        }
    }

    @Test func onlyAManagerErasesAPersonAndTheirVisitsStayWithoutTheirDetails() async throws {
        let (desk, storage) = Desk.desk()
        let customers = Self.customers(storage)
        let customer = try await customers.add(
            Customer(propertyID: 7, name: "Hana", phone: "090-1234-5678", allergies: "PPD"), by: Desk.clerk)
        var visit = Desk.visit(name: "")
        visit.customerID = customer.id
        let booked = try await desk.book(visit, by: Desk.clerk)
        _ = try await desk.change(booked.id, version: nil, AppointmentChange(visitNotes: "6N + 3%"), by: Desk.clerk)
        await #expect(throws: DomainError.self) { try await customers.erase(customer.id, by: Desk.clerk) }
        try await customers.erase(customer.id, by: Desk.manager)
        let erased = try #require(await storage.customers[customer.id])
        #expect(erased.erased && erased.name.isEmpty && erased.phone.isEmpty && erased.allergies.isEmpty)
        #expect(await storage.appointments[booked.id]?.visitNotes == "")
        #expect(await storage.appointments[booked.id] != nil)
        #expect(try await customers.find("", at: 7, by: Desk.clerk).isEmpty)
        await #expect(throws: DomainError.self) {
            _ = try await customers.change(customer.id, version: nil, CustomerChange(name: "Back"), by: Desk.clerk)
        }
    }

    @Test func theRecordCountsCompletedVisitsAndWhatTheyCameToForThoseWhoReadMoney() async throws {
        let (desk, storage) = Desk.desk()
        let customers = Self.customers(storage)
        let customer = try await customers.add(Customer(propertyID: 7, name: "Hana"), by: Desk.clerk)
        for (days, state) in [(-30, AppointmentState.completed), (-60, .completed), (-90, .noShow), (-400, .completed)]
        {
            var visit = Desk.visit(start: Desk.tenOClock + days * 1440, name: "", outside: true)
            visit.customerID = customer.id
            let booked = try await desk.book(visit, by: Desk.clerk)
            _ = try await desk.change(booked.id, version: nil, AppointmentChange(state: state), by: Desk.clerk)
        }
        let record = try await customers.record(customer.id, by: Desk.clerk)
        #expect(record.visits.count == 4 && record.upcoming.isEmpty)
        #expect(record.visitsLastYear == 2)
        #expect(record.spent == .whole(3 * 6_600, .jpy))
        let housekeeper = Staff(User(id: 3, email: "h@example.com", name: "Hiro", role: .housekeeping), work: .reading)
        let unpriced = try await customers.record(customer.id, by: housekeeper)
        #expect(unpriced.spent == nil && unpriced.visits.allSatisfy { $0.price == nil })
    }
}
