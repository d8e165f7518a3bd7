import Foundation
import Testing

@testable import Booking

/// Reading and checking a hotel's file of stays, without a database: each rule names its line and column.
struct StayImportTests {
    static let double = Make.roomType(id: 1, capacity: 2)
    static let family = RoomType(id: 2, propertyID: 1, name: "Family", capacity: 4, baseRate: .whole(2_200, .thb))
    /// Rooms 101 and 102 (Garden Double), 103 (Family).
    static let rooms = [Make.room(id: 1), Make.room(id: 2), Make.room(id: 3, type: 2)]
    static let header =
        "confirmation_code,guest_name,email,phone,room,room_type,arrival,departure,adults,children,state,amount_paid"

    static func form(currency: Currency = .thb) -> StayImport {
        StayImport(property: Make.hotel(currency: currency), roomTypes: [double, family], rooms: rooms)
    }

    /// A file of the header and these rows; line 2 is the first row.
    static func read(_ rows: [String], currency: Currency = .thb) -> StayImport.Reading {
        form(currency: currency).read(Array(([header] + rows).joined(separator: "\n").utf8))
    }

    static func row(
        code: String = "", name: String = "Ann Lee", email: String = "ann@example.com", phone: String = "",
        room: String = "101", type: String = "", arrival: String = "2026-12-01", departure: String = "2026-12-03",
        adults: String = "2", children: String = "0", state: String = "booked", paid: String = "0.00"
    ) -> String {
        CSV.line([code, name, email, phone, room, type, arrival, departure, adults, children, state, paid])
            .replacingOccurrences(of: "\r\n", with: "")
    }

    static func problems(_ rows: [String], currency: Currency = .thb) -> [String] {
        read(rows, currency: currency).problems.map(\.description)
    }

    // MARK: - Rows

    @Test func aGoodRowIsReadWithItsRoomTypeFromItsRoom() throws {
        let reading = Self.read([
            Self.row(
                code: "OLD-1", room: "103", arrival: "2026-12-01", departure: "2026-12-04", adults: "3", paid: "1234.50"
            )
        ])
        #expect(reading.problems.isEmpty)
        #expect(reading.rowCount == 1)
        let row = try #require(reading.rows.first)
        #expect(row.line == 2)
        #expect(row.confirmationCode == "OLD-1")
        #expect(row.roomID == 3)
        #expect(row.roomTypeID == 2)
        #expect(row.nights == Make.nights(Day(year: 2026, month: 12, day: 1), 3))
        #expect(row.adults == 3)
        #expect(row.state == .booked)
        #expect(row.amountPaid == Money(123_450, .thb))
    }

    @Test func aRowWithARoomTypeAndNoRoomWaitsForARoom() throws {
        let reading = Self.read([Self.row(room: "", type: "Family")])
        #expect(reading.problems.isEmpty)
        #expect(reading.rows.first?.roomID == nil)
        #expect(reading.rows.first?.roomTypeID == 2)
    }

    @Test func datesThatAreNotDatesAreNamedByLineAndColumn() {
        #expect(
            Self.problems([Self.row(arrival: "2026-02-30"), Self.row(departure: "12/03/2026")]) == [
                "line 2: arrival: '2026-02-30' is not a date (YYYY-MM-DD, from 1900 to 2199)",
                "line 3: departure: '12/03/2026' is not a date (YYYY-MM-DD, from 1900 to 2199)",
            ])
    }

    @Test func aDepartureNotAfterTheArrivalIsRefused() {
        #expect(
            Self.problems([Self.row(arrival: "2026-12-03", departure: "2026-12-03")]) == [
                "line 2: departure: departure 2026-12-03 must be after arrival 2026-12-03 (at least one night)"
            ])
    }

    @Test func aStayLongerThanTheLongestIsRefused() {
        #expect(
            Self.problems([Self.row(arrival: "2026-01-01", departure: "2027-01-03")]) == [
                "line 2: departure: a stay is at most \(Stay.maxNights) nights, not 367"
            ])
    }

    @Test func anUnknownRoomOrRoomTypeIsRefused() {
        #expect(
            Self.problems([Self.row(room: "999"), Self.row(room: "", type: "Penthouse")]) == [
                "line 2: room: Baan Suan has no room '999'",
                "line 3: room_type: Baan Suan has no room type 'Penthouse'",
            ])
    }

    @Test func aRoomOfAnotherTypeThanTheRowSaysIsRefused() {
        #expect(
            Self.problems([Self.row(room: "101", type: "Family")]) == [
                "line 2: room_type: room 101 is a Garden Double, not a Family"
            ])
    }

    @Test func aRowWithNeitherRoomNorRoomTypeIsRefused() {
        #expect(Self.problems([Self.row(room: "")]) == ["line 2: room_type: give a room, a room type, or both"])
    }

    @Test func moreGuestsThanTheRoomSleepsOrThanAStayTakesAreRefused() {
        #expect(
            Self.problems([
                Self.row(room: "101", adults: "2", children: "1"), Self.row(room: "103", adults: "17"),
                Self.row(adults: "0"), Self.row(children: "-1"), Self.row(adults: "99999999999999999999"),
                Self.row(adults: ""),
            ]) == [
                "line 2: adults: 3 guests is more than the room sleeps (2)",
                "line 3: adults: '17' is not a number from 1 to 16",
                "line 4: adults: '0' is not a number from 1 to 16",
                "line 5: children: '-1' is not a number from 0 to 16",
                "line 6: adults: '99999999999999999999' is not a number from 1 to 16",
                "line 7: adults: a number from 1 is required",
            ])
    }

    @Test func anUnknownStateIsRefusedNamingTheStates() {
        #expect(
            Self.problems([Self.row(state: "confirmed")]) == [
                "line 2: state: 'confirmed' is not a state (booked, checked_in, checked_out, cancelled, no_show)"
            ])
    }

    @Test func aStayCheckedInOrOutNeedsItsRoom() {
        #expect(
            Self.problems([Self.row(room: "", type: "Family", state: "checked_in")]) == [
                "line 2: room: a checked-in stay needs its room"
            ])
    }

    @Test func theGuestNeedsANameAndSaneDetails() {
        #expect(
            Self.problems([
                Self.row(name: " "), Self.row(name: String(repeating: "n", count: 201)),
                Self.row(email: "not-an-email"),
                Self.row(phone: "call me"),
            ]) == [
                "line 2: guest_name: a guest needs a name", "line 3: guest_name: at most 200 characters",
                "line 4: email: 'not-an-email' is not an email address",
                "line 5: phone: 'call me' is not a phone number",
            ])
    }

    @Test func aConfirmationCodeIsKeptUpToItsLengthWithoutSpaces() {
        #expect(
            Self.problems([Self.row(code: String(repeating: "X", count: 41)), Self.row(code: "AB 12")]) == [
                "line 2: confirmation_code: at most 40 characters",
                "line 3: confirmation_code: must not contain spaces or control characters",
            ])
    }

    @Test func aConfirmationCodeGivenTwiceInTheFileIsRefusedOnItsSecondLine() {
        #expect(
            Self.problems([
                Self.row(code: "OLD-1"), Self.row(code: "OLD-2", room: "102"), Self.row(code: "OLD-1", room: "103"),
            ])
                == ["line 4: confirmation_code: 'OLD-1' is also the code on line 2"])
    }

    @Test func everyBadColumnOfARowIsReported() {
        #expect(
            Self.problems([Self.row(name: "", room: "999", arrival: "soon", state: "gone", paid: "lots")]) == [
                "line 2: guest_name: a guest needs a name", "line 2: room: Baan Suan has no room '999'",
                "line 2: arrival: 'soon' is not a date (YYYY-MM-DD, from 1900 to 2199)",
                "line 2: state: 'gone' is not a state (booked, checked_in, checked_out, cancelled, no_show)",
                "line 2: amount_paid: 'lots' is not an amount (digits, a point and up to 2 decimals, such as 1234.50)",
            ])
    }

    @Test func aRowWithTooFewFieldsOrUnreadableTextIsACSVProblem() {
        #expect(
            Self.problems(["OLD-1,Ann Lee", "X,\"Ann\"Lee,,,101,,2026-12-01,2026-12-03,2,0,booked,0"]) == [
                "line 2: csv: 2 fields where the header has 12",
                "line 3: csv: text after a quoted field's closing quote (a quote inside a quoted field is written twice)",
            ])
    }

    // MARK: - Amounts

    @Test func amountsHaveAtMostTheCurrencysDecimals() {
        let thb = Self.read([
            Self.row(paid: "1234.50"), Self.row(room: "102", paid: "1234.5"), Self.row(room: "103", paid: "1234"),
        ])
        #expect(thb.rows.map(\.amountPaid.amount) == [123_450, 123_450, 123_400])
        #expect(
            Self.problems([Self.row(paid: "1234.505"), Self.row(room: "102", paid: "1,234.50")]) == [
                "line 2: amount_paid: '1234.505' has 3 decimals; THB has 2",
                "line 3: amount_paid: '1,234.50' is not an amount (digits, a point and up to 2 decimals, such as 1234.50)",
            ])
        let jpy = Self.read([Self.row(paid: "12000")], currency: .jpy)
        #expect(jpy.rows.map(\.amountPaid) == [Money(12_000, .jpy)])
        #expect(
            Self.problems([Self.row(paid: "12000.5")], currency: .jpy) == [
                "line 2: amount_paid: '12000.5' has 1 decimal; JPY has none"
            ])
    }

    @Test func anAmountOverTheLargestIsRefusedWithoutArithmeticOnIt() {
        #expect(Self.read([Self.row(paid: "10000000000.00")]).problems.isEmpty)
        #expect(
            Self.problems([
                Self.row(paid: "10000000000.01"), Self.row(room: "102", paid: "99999999999999999999999999"),
                Self.row(room: "103", paid: "-5"),
            ]) == [
                "line 2: amount_paid: '10000000000.01' is more than 10000000000.00",
                "line 3: amount_paid: '99999999999999999999999999' is more than 10000000000.00",
                "line 4: amount_paid: '-5' is not an amount (digits, a point and up to 2 decimals, such as 1234.50)",
            ])
    }

    @Test func anEmptyAmountIsNothingPaid() {
        #expect(Self.read([Self.row(paid: "")]).rows.first?.amountPaid == .zero(.thb))
    }

    // MARK: - The header

    @Test func headerNamesAreMatchedWithoutRegardToCaseOrOrder() {
        let text = "Guest_Name, ARRIVAL ,Departure,Adults,State,Room\nAnn Lee,2026-12-01,2026-12-03,2,booked,101\n"
        let reading = Self.form().read(Array(text.utf8))
        #expect(reading.problems.isEmpty)
        #expect(reading.rows.first?.roomID == 1)
        #expect(reading.rows.first?.confirmationCode == "")
    }

    @Test func unknownAndMissingColumnsAreNamedOnLineOne() {
        let reading = Self.form().read(Array("guest_name,nights,arrival,Notes\nAnn,2,2026-12-01,x\n".utf8))
        #expect(reading.rows.isEmpty)
        #expect(reading.problems.count == 1)
        let problem = reading.problems[0].description
        #expect(
            problem.hasPrefix(
                "line 1: header: unknown columns 'nights', 'Notes'; missing columns departure, adults, state, room or room_type"
            ))
    }

    @Test func anEmptyFileIsRefused() {
        #expect(
            Self.form().read([]).problems.map(\.description) == [
                "line 1: header: the file is empty: it needs a header row"
            ])
    }

    // MARK: - Conflicts

    static func conflicts(
        _ rows: [String], holdings: [StayImport.Holding] = [], taken: Set<String> = []
    ) -> [String] {
        let reading = read(rows)
        return form().conflicts(in: reading, holdings: holdings, takenCodes: taken).map(\.description)
    }

    @Test func twoRowsInOneRoomOnANightAreRefusedNamingTheEarlierLine() {
        #expect(
            Self.conflicts([
                Self.row(arrival: "2026-12-01", departure: "2026-12-05"),
                Self.row(room: "102", arrival: "2026-12-02", departure: "2026-12-04"),
                Self.row(arrival: "2026-12-04", departure: "2026-12-06"),
            ]) == ["line 4: room: room 101 is also taken by line 2 (2026-12-01 to 2026-12-05)"])
    }

    @Test func backToBackRowsShareARoom() {
        #expect(
            Self.conflicts([
                Self.row(arrival: "2026-12-03", departure: "2026-12-05"),
                Self.row(arrival: "2026-12-01", departure: "2026-12-03"),
            ]).isEmpty)
    }

    @Test func cancelledAndNoShowRowsHoldNoRoom() {
        let taken = StayImport.Holding(
            roomID: 2, nights: Make.nights(Day(year: 2026, month: 12, day: 1), 2), holder: "stay FD-AAAA")
        #expect(
            Self.conflicts(
                [
                    Self.row(state: "cancelled"), Self.row(state: "no_show"), Self.row(state: "booked"),
                    Self.row(room: "102", state: "cancelled"),
                ], holdings: [taken]
            ).isEmpty)
        #expect(
            Self.conflicts([
                Self.row(state: "checked_out"), Self.row(state: "cancelled"), Self.row(state: "checked_in"),
            ])
                == ["line 4: room: room 101 is also taken by line 2 (2026-12-01 to 2026-12-03)"])
    }

    @Test func aRowOverAStayOrABlockAlreadyThereIsRefusedNamingIt() {
        let december = { (day: Int) in Day(year: 2026, month: 12, day: day) }
        let holdings = [
            StayImport.Holding(
                roomID: 1, nights: try! Nights(arrival: december(2), departure: december(4)), holder: "stay FD-AAAA"),
            StayImport.Holding(
                roomID: 1, nights: try! Nights(arrival: december(10), departure: december(12)), holder: "a block (Leak)"
            ),
        ]
        #expect(
            Self.conflicts(
                [
                    Self.row(arrival: "2026-12-01", departure: "2026-12-03"),
                    Self.row(arrival: "2026-12-04", departure: "2026-12-10"),
                    Self.row(arrival: "2026-12-11", departure: "2026-12-12"),
                ], holdings: holdings)
                == [
                    "line 2: room: room 101 is taken by stay FD-AAAA (2026-12-02 to 2026-12-04)",
                    "line 4: room: room 101 is taken by a block (Leak) (2026-12-10 to 2026-12-12)",
                ])
    }

    @Test func aCodeTheDatabaseHasIsRefused() {
        #expect(
            Self.conflicts([Self.row(code: "FD-TAKEN"), Self.row(code: "FD-FREE", room: "102")], taken: ["FD-TAKEN"])
                == [
                    "line 2: confirmation_code: 'FD-TAKEN' is already a stay's code in this database"
                ])
    }

    @Test func aRowWithOtherProblemsStillCountsForItsRoom() {
        #expect(
            Self.conflicts([Self.row(paid: "lots"), Self.row(arrival: "2026-12-02", departure: "2026-12-04")]) == [
                "line 3: room: room 101 is also taken by line 2 (2026-12-01 to 2026-12-03)"
            ])
    }

    // MARK: - Writing

    @Test func aRowWrittenForExportReadsBackTheSame() throws {
        let form = Self.form()
        let row = StayImport.Row(
            line: 0, confirmationCode: "FD-7K2Q9XAB", guestName: "Lee, \"Ann\"", email: "ann@example.com",
            phone: "+66 81 234 5678", roomID: 3, roomTypeID: 2, nights: Make.nights(Make.arrival, 3), adults: 3,
            children: 1, state: .checkedOut, amountPaid: Money(123_405, .thb))
        let file = StayImport.header + form.line(for: row)
        #expect(
            form.line(for: row).hasPrefix(
                "FD-7K2Q9XAB,\"Lee, \"\"Ann\"\"\",ann@example.com,+66 81 234 5678,103,Family,"))
        let reading = form.read(Array(file.utf8))
        #expect(reading.problems.isEmpty)
        var expected = row
        expected.line = 2
        #expect(reading.rows == [expected])
    }
}
