import Booking
import Foundation
import SQLKit
import StorageTesting
import Synchronization
import Testing

@testable import Storage

/// A hotel's file of stays checked against each database and stored in one transaction, and read back
/// in the same form (`Hotel`'s rooms: 101 and 102 Garden Double, 201 and 202 Family).
@Suite(.closesItsStores, .serialized)
struct StayImportRepositoryTests {
    static func file(_ rows: [String]) -> [UInt8] {
        Array((StayImport.header + rows.joined()).utf8)
    }

    /// A line of `code,name,email,phone,room,type,arrival,departure,adults,children,state,paid`, its dates
    /// `from` days after `Hotel.arrival`.
    static func row(
        _ code: String, _ name: String = "Ann Lee", room: String = "101", type: String = "", from: Int = 0,
        nights: Int = 2, adults: Int = 2, state: StayState = .booked, paid: String = "0.00"
    ) -> String {
        let arrival = Hotel.arrival.adding(days: from)
        return CSV.line([
            code, name, "guest@example.com", "+66 81 234 5678", room, type, arrival.iso,
            arrival.adding(days: nights).iso, String(adults), "0", state.rawValue, paid,
        ])
    }

    static func count(_ table: String, in store: Store) async throws -> Int {
        try await store.sql.raw("SELECT COUNT(*) AS n FROM \(ident: table)").first()!.decode(column: "n", as: Int.self)
    }

    static func counts(in store: Store) async throws -> [Int] {
        var counts: [Int] = []
        for table in ["guests", "stays", "stay_segments", "folio_entries", "events", "audit_log"] {
            counts.append(try await count(table, in: store))
        }
        return counts
    }

    static func export(_ store: Store, propertyID: Int) async throws -> String {
        let stays = store.stays
        let form = try await stays.importForm(propertyID: propertyID)
        let text = Mutex(StayImport.header)
        _ = try await stays.exportStays(propertyID: propertyID) { rows in
            text.withLock { text in for row in rows { text += form.line(for: row) } }
        }
        return text.withLock { $0 }
    }

    @Test(arguments: TestDatabase.available)
    func anImportStoresStaysGuestsRunsAndPaymentsThatTheRepositoriesRead(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let stays = store.stays
        let seqBefore = try await store.eventLog.latestSeq(propertyID: hotel.property.id) ?? 0
        let check = try await stays.checkImport(
            Self.file([
                Self.row("OLD-1", paid: "1234.50"),
                Self.row("OLD-2", "Bo Kim", state: .cancelled),
                Self.row("", "Cy Tan", room: "", type: "Family", from: 3, nights: 3, adults: 4),
                Self.row("OLD-4", "Di Lam", room: "201", from: -5, nights: 2, state: .checkedOut, paid: "800"),
            ]), propertyID: hotel.property.id)
        #expect(check.reading.problems.isEmpty)
        #expect(try await stays.importStays(check) == 4)

        let first = try #require(try await stays.stay(confirmationCode: "OLD-1"))
        #expect(first.roomID(on: Hotel.arrival) == hotel.rooms[0].id)
        #expect(first.nights == (try Nights(arrival: Hotel.arrival, departure: Hotel.arrival.adding(days: 2))))
        #expect(first.state == .booked && first.adults == 2 && first.roomTypeID == hotel.roomTypes[0].id)
        let guest = try #require(try await stays.guest(id: first.guestID))
        #expect(guest.name == "Ann Lee" && guest.email == "guest@example.com" && guest.phone == "+66 81 234 5678")
        let folio = try await store.folios.folio(stayID: first.id)
        #expect(folio.entries.map(\.kind) == [.payment])
        #expect(folio.totalPayments == Money(123_450, .thb))
        #expect(folio.entries.first?.description == StayRepository.importedPayment)
        #expect(
            try await store.folios.folio(
                stayID: try #require(try await stays.stay(confirmationCode: "OLD-2")).id
            ).entries.isEmpty)

        let all = try await stays.stays(
            propertyID: hotel.property.id,
            overlapping: try Nights(arrival: Hotel.arrival.adding(days: -30), departure: Hotel.arrival.adding(days: 30))
        )
        #expect(all.count == 4)
        let waiting = try #require(all.first { $0.currentRoomID == nil })
        #expect(waiting.confirmationCode.hasPrefix("FD-") && waiting.roomTypeID == hotel.roomTypes[1].id)
        #expect(waiting.adults == 4)

        // The board draws what holds a room (the cancelled stay holds none), with the guests' names.
        let board = try await stays.boardSegments(
            propertyID: hotel.property.id,
            overlapping: try Nights(arrival: Hotel.arrival.adding(days: -30), departure: Hotel.arrival.adding(days: 30))
        )
        #expect(Set(board.map(\.guestName)) == ["Ann Lee", "Cy Tan", "Di Lam"])
        #expect(board.first { $0.guestName == "Di Lam" }?.state == .checkedOut)

        // One event for the whole file, so that open boards and caches read the property again.
        let events = try await store.eventLog.events(propertyID: hotel.property.id, after: seqBefore)
        #expect(events.map(\.kind) == ["stays.imported"])
        #expect(events.first?.payloadJSON.contains("\"stays\":4") == true)
    }

    @Test(arguments: TestDatabase.available)
    func aFileWithOneBadRowStoresNothing(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let stays = store.stays
        let before = try await Self.counts(in: store)
        let check = try await stays.checkImport(
            Self.file([Self.row("OLD-1"), Self.row("OLD-2", room: "102", adults: 3), Self.row("OLD-3", room: "201")]),
            propertyID: hotel.property.id)
        #expect(
            check.reading.problems.map(\.description) == ["line 3: adults: 3 guests is more than the room sleeps (2)"])
        await #expect(throws: DomainError.self) { _ = try await stays.importStays(check) }
        #expect(try await Self.counts(in: store) == before)
    }

    @Test(arguments: TestDatabase.available)
    func anImportRefusesRowsOverStaysAndBlocksAlreadyThereAndCodesTaken(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let stays = store.stays
        let existing = try await stays.create(hotel.newStay(room: hotel.rooms[0].id, from: 1, nights: 3))
        _ = try await store.rooms.insert(
            RoomBlock(
                id: 0, propertyID: hotel.property.id, roomID: hotel.rooms[1].id,
                nights: try Nights(arrival: Hotel.arrival, departure: Hotel.arrival.adding(days: 2)), reason: "Leak"),
            by: nil)
        let check = try await stays.checkImport(
            Self.file([
                Self.row("OLD-1", room: "101", from: 0, nights: 2), Self.row("OLD-2", room: "102", from: 1),
                Self.row(existing.confirmationCode, room: "201"), Self.row("OLD-4", room: "101", from: 4),
                Self.row("OLD-5", room: "102", from: 1, state: .cancelled),
            ]), propertyID: hotel.property.id)
        let arrival = Hotel.arrival
        #expect(
            check.reading.problems.map(\.description) == [
                "line 2: room: room 101 is taken by stay \(existing.confirmationCode) "
                    + "(\(arrival.adding(days: 1)) to \(arrival.adding(days: 4)))",
                "line 3: room: room 102 is taken by a block (Leak) (\(arrival) to \(arrival.adding(days: 2)))",
                "line 4: confirmation_code: '\(existing.confirmationCode)' is already a stay's code in this database",
            ])
    }

    @Test(arguments: TestDatabase.available)
    func theDatabaseStillRefusesAStayOverAnImportedOne(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let stays = store.stays
        _ = try await stays.importStays(
            try await stays.checkImport(Self.file([Self.row("OLD-1", nights: 3)]), propertyID: hotel.property.id))
        await #expect {
            _ = try await stays.create(hotel.newStay(room: hotel.rooms[0].id, from: 2, guest: "Bo Kim"))
        } throws: { error in
            (error as? DomainError)?.code == .conflict && (error as? DomainError)?.message.contains("OLD-1") == true
        }
    }

    /// A stay booked in a room between the check and the write (another desk, another server): the
    /// database refuses the file's row, late in a file of several batches, and nothing is kept.
    @Test(arguments: TestDatabase.available)
    func aRowTheDatabaseRefusesAtTheEndUndoesTheWholeImport(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let stays = store.stays
        let numbers = ["101", "102", "201", "202"]
        let count = StayRepository.importBatch + 500
        let rows = (0..<count).map { index in
            Self.row("OLD-\(index)", room: numbers[index % 4], from: index / 4 - 400, nights: 1, paid: "10")
        }
        let check = try await stays.checkImport(Self.file(rows), propertyID: hotel.property.id)
        #expect(check.isGood)
        let lastNight = Hotel.arrival.adding(days: (count - 1) / 4 - 400)
        _ = try await stays.create(
            NewStay(
                propertyID: hotel.property.id, roomTypeID: hotel.rooms[(count - 1) % 4].roomTypeID,
                roomID: hotel.rooms[(count - 1) % 4].id,
                nights: try Nights(arrival: lastNight, departure: lastNight.adding(days: 1)), adults: 1,
                guestName: "Meanwhile"))
        let before = try await Self.counts(in: store)
        await #expect {
            _ = try await stays.importStays(check)
        } throws: { error in
            (error as? DomainError)?.code == .conflict && (error as? DomainError)?.reason == .importRefused
        }
        #expect(try await Self.counts(in: store) == before)
        #expect(try await stays.stay(confirmationCode: "OLD-0") == nil)
    }

    /// A room put out of service between the check and the write: the database refuses the file's row
    /// in it, amid rows in other rooms, and nothing is kept.
    @Test(arguments: TestDatabase.available)
    func aBlockMadeAfterTheCheckUndoesTheWholeImport(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let stays = store.stays
        let check = try await stays.checkImport(
            Self.file([
                Self.row("OLD-1", room: "101"), Self.row("OLD-2", room: "102", from: 1), Self.row("OLD-3", room: "201"),
            ]), propertyID: hotel.property.id)
        #expect(check.isGood)
        _ = try await store.rooms.insert(
            RoomBlock(
                id: 0, propertyID: hotel.property.id, roomID: hotel.rooms[1].id,
                nights: try Nights(arrival: Hotel.arrival.adding(days: 2), departure: Hotel.arrival.adding(days: 3)),
                reason: "Leak"),
            by: nil)
        let before = try await Self.counts(in: store)
        await #expect {
            _ = try await stays.importStays(check)
        } throws: { error in
            (error as? DomainError)?.reason == .importRefused
                && (error as? DomainError)?.message.contains("out of service") == true
        }
        #expect(try await Self.counts(in: store) == before)
    }

    /// The ids an import takes are its own: a stay booked before it and one booked after it each keep
    /// theirs, and the imported stays' ids run one after another.
    @Test(arguments: TestDatabase.available)
    func anImportsIdsMeetNoStayBookedBeforeOrAfterIt(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let stays = store.stays
        let before = try await stays.create(hotel.newStay(room: hotel.rooms[3].id, from: 10, guest: "Early"))
        let rows = (0..<5).map { Self.row("OLD-\($0)", room: "101", from: 2 * $0, nights: 1) }
        #expect(
            try await stays.importStays(try await stays.checkImport(Self.file(rows), propertyID: hotel.property.id))
                == 5)
        let after = try await stays.create(hotel.newStay(room: hotel.rooms[3].id, from: 20, guest: "Late"))
        var imported: [Stay] = []
        for index in 0..<5 { imported.append(try #require(try await stays.stay(confirmationCode: "OLD-\(index)"))) }
        let ids = imported.map(\.id)
        #expect(ids == Array(ids[0]...(ids[0] + 4)))
        #expect(before.id < ids[0] && ids[4] < after.id)
        #expect(Set(imported.map(\.guestID)).count == 5 && !imported.map(\.guestID).contains(after.guestID))
        #expect(try await stays.stay(id: before.id)?.guestID == before.guestID)
    }

    @Test(arguments: TestDatabase.available)
    func exportThenImportIntoACopyOfTheHotelExportsTheSameFile(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let stays = store.stays
        _ = try await stays.importStays(
            try await stays.checkImport(
                Self.file([
                    Self.row("OLD-1", "Lee, \"Ann\"", paid: "1234.50"),
                    Self.row("", "Bo Kim", room: "", type: "Family", from: 3, adults: 3),
                    Self.row("OLD-3", "Cy Tan", room: "201", from: -4, state: .checkedOut, paid: "2400"),
                    Self.row("OLD-4", "Di Lam", room: "101", from: 0, state: .noShow),
                ]), propertyID: hotel.property.id))
        // A stay booked here, paid, and a payment refunded.
        let booked = try await stays.create(hotel.newStay(room: hotel.rooms[1].id, from: 5, guest: "Eve Ng"))
        let folios = store.folios
        _ = try await folios.post(
            [
                Posting(kind: .payment, description: "Deposit", amount: .whole(500, .thb), method: .cash),
                Posting(kind: .payment, description: "Balance", amount: .whole(700, .thb), method: .transfer),
            ], stayID: booked.id)
        let refunded = try await folios.folio(stayID: booked.id).entries[1].id
        _ = try await folios.post(
            [Posting(kind: .reversal, description: "Refund", amount: .whole(700, .thb), reverses: refunded)],
            stayID: booked.id)

        let exported = try await Self.export(store, propertyID: hotel.property.id)
        let lines = exported.components(separatedBy: "\r\n")
        #expect(lines.count == 7)
        #expect(
            lines[1]
                == "OLD-1,\"Lee, \"\"Ann\"\"\",guest@example.com,+66 81 234 5678,101,Garden Double,2026-12-01,2026-12-03,"
                + "2,0,booked,1234.50")
        #expect(lines[5].hasSuffix(",102,Garden Double,2026-12-06,2026-12-08,2,0,booked,500.00"))

        let copy = try await database.makeStore()
        let copiedHotel = try await Hotel.make(in: copy)
        let copied = copy.stays
        let check = try await copied.checkImport(Array(exported.utf8), propertyID: copiedHotel.property.id)
        #expect(check.reading.problems.isEmpty)
        #expect(try await copied.importStays(check) == 5)
        #expect(try await Self.export(copy, propertyID: copiedHotel.property.id) == exported)
    }
}
