import Booking
import Foundation
import StorageTesting
import Testing

@testable import Storage

/// Invoice and receipt numbers on each database: many desks issuing at once take 1, 2, 3… with no
/// gap and no repeat, and a refused issue takes no number.
@Suite(.closesItsStores, .serialized)
struct DocumentRepositoryTests {
    static let manager = Staff(User(id: 1, email: "m@example.com", name: "M", role: .manager))

    @Test(arguments: TestDatabase.available)
    func concurrentIssuesTakeEveryNumberOnceAndRefusalsTakeNone(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let desk = FrontDesk(storage: store, now: store.clock.now)
        let accounts = Accounts(storage: store, now: store.clock.now)
        var stays: [Int] = []
        for room in hotel.rooms.prefix(2) {
            let stay = try await desk.book(hotel.newStay(room: room.id), by: Self.manager)
            _ = try await accounts.postCharge(
                to: stay.id, description: "Minibar", amount: .whole(100, .thb), category: .minibar, by: Self.manager)
            stays.append(stay.id)
        }
        let ids = stays
        let outcomes = await withTaskGroup(of: (FolioDocumentKind, Int?).self) { group in
            for index in 0..<24 {
                // Receipts are refused: neither stay has paid.
                let kind: FolioDocumentKind = index % 3 == 2 ? .receipt : .invoice
                group.addTask {
                    let document = try? await accounts.issueDocument(kind, stayID: ids[index % 2], by: Self.manager)
                    return (kind, document?.number)
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.filter { $0.0 == .receipt }.allSatisfy { $0.1 == nil })
        #expect(outcomes.compactMap(\.1).sorted() == Array(1...16))
        _ = try await accounts.postPayment(to: stays[0], amount: .whole(50, .thb), method: .cash, by: Self.manager)
        #expect(
            try await accounts.issueDocument(.receipt, stayID: stays[0], by: Self.manager).reference == "RCT-000001")
        let stored = try await accounts.documents(stayID: stays[0], by: Self.manager)
        #expect(stored.count == 9 && stored.last?.kind == .receipt)
    }

    @Test(arguments: TestDatabase.available)
    func eachPropertyNumbersItsOwnDocuments(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let desk = FrontDesk(storage: store, now: store.clock.now)
        let accounts = Accounts(storage: store, now: store.clock.now)
        var references: [String] = []
        for _ in 0..<2 {
            let hotel = try await Hotel.make(in: store)
            let stay = try await desk.book(hotel.newStay(room: hotel.rooms[0].id), by: Self.manager)
            _ = try await accounts.postCharge(
                to: stay.id, description: "Laundry", amount: .whole(80, .thb), category: .laundry, by: Self.manager)
            references.append(try await accounts.issueDocument(.invoice, stayID: stay.id, by: Self.manager).reference)
        }
        #expect(references == ["INV-000001", "INV-000001"])
        let elsewhere = Staff(Self.manager.user) { _ in nil }
        await #expect(throws: DomainError.self) { _ = try await accounts.document(1, by: elsewhere) }
    }
}
