import Booking
import Foundation
import Storage
import Timeline

/// A large salon for the free-times and customer-search benchmarks (`scripts/bench-salon.sh`,
/// `scripts/bench-customers.sh`): staff in three teams on shifts with a break and a weekday off, services of
/// 15 minutes to 3 hours (a third with buffers and one of the resources), a customer for every three
/// appointments (Japanese names with their readings, phone numbers), and appointments over the next month at
/// random within the shifts, stacking as the desk may.
extension DemoData {
    public func createBenchmarkSalon(
        staff staffCount: Int, services serviceCount: Int, resources resourceCount: Int,
        appointments appointmentCount: Int
    ) async throws -> Int {
        var random = SeededGenerator(seed: 31)
        let properties = store.properties
        let salon = try await properties.insert(
            Property(
                id: 0, name: "Benchmark Salon", kind: .salon, region: "Kanto", city: "Tokyo", latitude: 35.67,
                longitude: 139.70, timeZoneID: "Asia/Tokyo", currency: .jpy))
        let appointments = store.appointments
        let resources = (1...max(resourceCount, 1)).map {
            NamedResource(SalonResource(id: $0, count: 1 + $0 % 3), name: "Station \($0)")
        }
        try await properties.setSalonSettings(
            propertyID: salon.id, openingHours: .everyDay([9 * 60..<21 * 60]),
            resources: resourceCount > 0 ? resources : [], window: BookingWindow(daysAhead: 60), by: nil)
        let day = [10 * 60..<13 * 60, 14 * 60..<20 * 60]
        var members: [StaffMember] = []
        for index in 0..<staffCount {
            let member = try await properties.insert(
                StaffMember(
                    id: 0, propertyID: salon.id, name: "Stylist \(index + 1)", team: "Team \(index % 3 + 1)",
                    workingHours: 600..<1200))
            try await properties.setShifts(
                staffID: member.id,
                WeeklyHours(
                    weekly: Dictionary(uniqueKeysWithValues: (1...7).map { ($0, $0 == index % 7 + 1 ? [] : day) })),
                by: nil)
            members.append(member)
        }
        var services: [Service] = []
        for index in 0..<serviceCount {
            let minutes = 15 * (1 + random.next(below: 12))
            let service = try await properties.insert(
                Service(
                    id: 0, propertyID: salon.id, name: "Service \(index + 1)", durationMinutes: minutes,
                    price: .whole(1_100 * (1 + random.next(below: 20)), .jpy)))
            let performers = Set(members.filter { _ in random.next(below: 2) == 0 }.map(\.id))
            let special = index % 3 == 0 && resourceCount > 0
            try await properties.setBooking(
                of: BookableService(
                    id: service.id, durationMinutes: minutes, bufferBeforeMinutes: special ? 10 : 0,
                    bufferAfterMinutes: special ? 15 : 0, performers: performers.isEmpty ? [members[0].id] : performers,
                    resourceID: special ? 1 + random.next(below: resourceCount) : nil), by: nil)
            services.append(service)
        }
        let today = salon.today(now: now)
        let customers = try await benchmarkCustomers(max(1, appointmentCount / 3), at: salon, &random)
        for _ in 0..<appointmentCount {
            let customer = customers[random.next(below: customers.count)]
            let member = members[random.next(below: members.count)]
            let service = services[random.next(below: services.count)]
            let date = today.adding(days: random.next(below: 30))
            let start = 10 * 60 + 15 * random.next(below: (10 * 60 - service.durationMinutes) / 15 + 1)
            _ = try await appointments.create(
                Appointment(
                    id: 0, propertyID: salon.id, staffID: member.id, serviceID: service.id, customerID: customer.id,
                    startMinute: Int(date.instant(atMinute: start, in: salon.timeZone).timeIntervalSince1970) / 60,
                    durationMinutes: service.durationMinutes),
                bookedAs: BookingContact(name: customer.name))
        }
        return salon.id
    }

    /// `count` customers named from common family and given names, each with its reading in katakana.
    private func benchmarkCustomers(_ count: Int, at salon: Property, _ random: inout SeededGenerator)
        async throws -> [Customer]
    {
        let families = [
            ("佐藤", "サトウ"), ("鈴木", "スズキ"), ("高橋", "タカハシ"), ("田中", "タナカ"), ("伊藤", "イトウ"),
            ("渡辺", "ワタナベ"), ("山本", "ヤマモト"), ("中村", "ナカムラ"), ("小林", "コバヤシ"), ("加藤", "カトウ"),
            ("吉田", "ヨシダ"), ("山田", "ヤマダ"), ("佐々木", "ササキ"), ("松本", "マツモト"), ("井上", "イノウエ"),
        ]
        let given = [
            ("花子", "ハナコ"), ("美咲", "ミサキ"), ("陽菜", "ヒナ"), ("結衣", "ユイ"), ("さくら", "サクラ"),
            ("蓮", "レン"), ("湊", "ミナト"), ("葵", "アオイ"), ("凛", "リン"), ("大翔", "ヒロト"),
        ]
        var customers: [Customer] = []
        for index in 0..<count {
            let family = families[random.next(below: families.count)]
            let name = given[random.next(below: given.count)]
            customers.append(
                try await store.customers.insert(
                    Customer(
                        propertyID: salon.id, name: "\(family.0) \(name.0)", reading: "\(family.1) \(name.1)",
                        phone: String(format: "090-%04d-%04d", index / 10_000, index % 10_000)),
                    by: nil))
        }
        return customers
    }
}
