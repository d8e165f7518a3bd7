import Booking
import Foundation
import SQLKit
import StorageTesting
import Testing

@testable import Storage

/// A salon's customer records as stored, on each database.
@Suite(.closesItsStores, .serialized)
struct CustomerRepositoryTests {
    /// Appointments booked before customers had records (each under a guest row of its own) are given one
    /// record per salon and phone number, or else email, or else one each, named as the latest booking.
    @Test(arguments: TestDatabase.available)
    func olderAppointmentsAreGivenOneRecordPerSalonAndPhoneOrEmail(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let salon = try await SalonSetupRepositoryTests.salon(in: store)
        let other = try await SalonSetupRepositoryTests.salon(in: store)
        let sql = try store.sql
        let bookings: [(salon: Int, name: String, phone: String, email: String)] = [
            (salon.property.id, "Hana", "090-1234-5678", ""), (salon.property.id, "Hana T.", "09012345678", ""),
            (salon.property.id, "Mio", "", "mio@example.jp"), (salon.property.id, "Mio", "", "MIO@example.jp"),
            (salon.property.id, "Walk-in", "", ""), (salon.property.id, "Walk-in", "", ""),
            (other.property.id, "Hana", "090-1234-5678", ""), (salon.property.id, "Short", "123", ""),
        ]
        var ids: [Int] = []
        for (index, booking) in bookings.enumerated() {
            let guest = try await sql.insertReturningID(
                """
                INSERT INTO guests (name, email, phone, notes)
                VALUES (\(bind: booking.name), \(bind: booking.email), \(bind: booking.phone), '') RETURNING id
                """)
            let staff = booking.salon == salon.property.id ? salon.staff[0].id : other.staff[0].id
            let service = booking.salon == salon.property.id ? salon.services[0].id : other.services[0].id
            ids.append(
                try await sql.insertReturningID(
                    """
                    INSERT INTO appointments (property_id, staff_id, service_id, customer_id, start_minute,
                      duration_minutes, state, version, notes)
                    VALUES (\(bind: booking.salon), \(bind: staff), \(bind: service), \(bind: guest),
                      \(bind: 29_000_000 + index * 60), 45, 'booked', 1, '')
                    RETURNING id
                    """))
        }
        try await CustomerSchema(dialect: store.dialect).recordCustomers(sql)
        var records: [Int] = []
        for id in ids {
            records.append(try #require(try await store.appointments.appointment(id: id)).customerID)
        }
        #expect(records[0] == records[1] && records[2] == records[3])
        #expect(Set([records[0], records[2], records[4], records[5], records[6], records[7]]).count == 6)
        let hana = try #require(try await store.customers.customer(id: records[0]))
        #expect(hana.name == "Hana T." && hana.propertyID == salon.property.id)
        #expect(try await store.customers.customer(id: records[6])?.propertyID == other.property.id)
    }

    /// A record saved while half-width ﾀﾞ folded to タ and a combining mark is found by ﾔﾏﾀﾞ and by やまだ once
    /// the migration has folded it again.
    @Test(arguments: TestDatabase.available)
    func theRefoldFindsARecordSavedWithAHalfWidthVoicedReading(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let salon = try await SalonSetupRepositoryTests.salon(in: store)
        let sql = try store.sql
        let customer = Customer(propertyID: salon.property.id, name: "山田", reading: "ﾔﾏﾀﾞ")
        let id = try await CustomerRepository.insert(customer, in: sql)
        let stale = "山田\u{1F}やまた\u{3099}\u{1F}"
        try await sql.raw("UPDATE customers SET search_text = \(bind: stale) WHERE id = \(bind: id)").run()
        let search = { (typed: String) in
            try await store.customers.customers(
                propertyID: salon.property.id, containing: Customer.searchKey(typed), at: 0, limit: 10
            ).map(\.customer.id)
        }
        #expect(try await search("ﾔﾏﾀﾞ") == [])
        try await CustomerRefold().prepare(on: try store.database)
        #expect(try await search("ﾔﾏﾀﾞ") == [id])
        #expect(try await search("やまだ") == [id])
    }
}
