import Booking
import Foundation
import Storage
import Timeline

/// The demo database `make run` starts with: a 35-room hotel in Chiang Mai with two months of stays
/// around today, a salon in Tokyo with a day of overlapping appointments, bookable places in eight
/// cities for the guest site, and a manager's login. Deterministic but for the dates, which follow today.
public struct DemoData: Sendable {
    public static let email = "frontdesk@example.com"
    public static let password = "frontdesk-demo"

    let store: Store
    let now: Date

    /// The demo as of the store's clock now: its stays move with the day it is made.
    public init(store: Store) {
        self.store = store
        self.now = store.clock.now()
    }

    /// Writes the demo; refused when the database already has properties.
    public func create(passwordHash: String) async throws -> String {
        let properties = store.properties
        guard try await properties.properties().isEmpty else {
            throw DomainError(.conflict, "the database already has properties; the demo goes into an empty one")
        }
        var random = SeededGenerator(seed: 2026)
        let hotel = try await makeHotel(&random)
        let salon = try await makeSalon(&random)
        let catalog = try await makeCatalog(&random)
        // One owner's salon and hotel in Tokyo: the salon charges the hotel's guests to their room.
        if let tokyo = try await properties.properties().first(where: { $0.kind == .hotel && $0.city == "Tokyo" }) {
            _ = try await store.roomCharges.link(salonID: salon, hotelID: tokyo.id, by: nil)
        }
        _ = try await store.users.create(
            email: Self.email, name: "Front Desk", role: .manager, passwordHash: passwordHash)
        return
            "demo: hotel \(hotel) (35 rooms), salon \(salon), \(catalog) places for the guest site, user \(Self.email)"
    }

    // MARK: - The hotel

    static let hotelRoomTypes: [(name: String, capacity: Int, rate: Int, rooms: Int)] = [
        ("Superior Double", 2, 1_400, 10), ("Deluxe Twin", 2, 1_600, 8), ("Garden Suite", 3, 2_600, 7),
        ("Family Room", 4, 3_200, 5), ("Pool Villa", 4, 5_200, 5),
    ]

    /// The demo hotel's rate plans: 10 % less paid in full at booking and never refunded, and with
    /// breakfast, free to cancel until three days before, the first night as deposit.
    static let hotelPlans = [
        RatePlan(
            id: 1, name: "Non-refundable", adjustmentBasisPoints: -1_000, cancellation: RatePlan.nonRefundable,
            deposit: .all),
        RatePlan(
            id: 2, name: "Bed and breakfast", extraName: "Breakfast", extraPerGuestNight: .whole(250, .thb),
            cancellation: CancellationPolicy(freeUntilDaysBefore: 3, lateCancellationBasisPoints: 5_000),
            deposit: .firstNight),
    ]

    private func makeHotel(_ random: inout SeededGenerator) async throws -> Int {
        let repository = store.properties
        let property = try await repository.insert(
            DemoWordings.worded(
                Property(
                    id: 0, name: "Baan Suan Chiang Mai", kind: .hotel, region: "Northern Thailand", city: "Chiang Mai",
                    latitude: 18.7953, longitude: 98.9620, timeZoneID: "Asia/Bangkok", currency: .thb,
                    summary:
                        "A garden hotel of teak houses and a pool, a short walk from the Old City's Tha Phae Gate.",
                    amenities: ["Wi-Fi", "Pool", "Breakfast", "Garden", "Airport pickup"],
                    photos: (1...4).map { "/photos/baan-suan-\($0).svg" }, taxes: DemoCatalog.thaiTaxes,
                    ratePlans: Self.hotelPlans,
                    issuer: Issuer(
                        name: "Baan Suan Hospitality Co., Ltd.",
                        address: "88 Charoen Rat Road, Wat Ket\nMueang Chiang Mai, Chiang Mai 50000\nThailand",
                        taxID: "0505561001235")),
                roomTypes: Self.hotelRoomTypes.map(\.name)))
        let today = property.today(now: now)
        var roomsByType: [(RoomType, [Room])] = []
        var floor = 1
        for spec in Self.hotelRoomTypes {
            var overrides: [Day: Money] = [:]
            // Friday and Saturday nights cost a fifth more for the next two months.
            for offset in 0..<60 where [5, 6].contains(today.adding(days: offset).weekday) {
                overrides[today.adding(days: offset)] = .whole(spec.rate * 6 / 5, .thb)
            }
            let roomType = try await repository.insert(
                RoomType(
                    id: 0, propertyID: property.id, name: spec.name, capacity: spec.capacity,
                    baseRate: .whole(spec.rate, .thb), rateOverrides: overrides))
            var rooms: [Room] = []
            for index in 0..<spec.rooms {
                let status: HousekeepingStatus = [.clean, .clean, .inspected, .dirty][random.next(below: 4)]
                rooms.append(
                    try await repository.insert(
                        Room(
                            id: 0, propertyID: property.id, roomTypeID: roomType.id,
                            number: "\(floor)\(index < 9 ? "0" : "")\(index + 1)",
                            floor: floor, housekeeping: status)))
            }
            roomsByType.append((roomType, rooms))
            floor += 1
        }
        var requests: [(stay: NewStay, state: StayState)] = []
        var roomIndex = 0
        for (roomType, rooms) in roomsByType {
            for room in rooms {
                requests += stays(in: room, of: roomType, property: property, today: today, index: roomIndex, &random)
                roomIndex += 1
            }
            // One stay of each type still waiting for a room.
            let arrival = today.adding(days: 2 + random.next(below: 10))
            requests.append(
                (
                    request(
                        property: property, roomType: roomType, room: nil, arrival: arrival,
                        nights: 1 + random.next(below: 3), &random), .booked
                ))
        }
        let stays = store.stays
        _ = try await stays.importStays(requests)
        // The weeks before today as the hotel kept them: nights charged on their days, departures paid.
        try await stays.settlePastStays(property: property, today: today)
        return property.id
    }

    /// A room's stays from 25 days ago to 35 days ahead. The first rooms turn over today (a departure
    /// and an arrival), so the front desk's lists are never empty.
    private func stays(
        in room: Room, of roomType: RoomType, property: Property, today: Day, index: Int,
        _ random: inout SeededGenerator
    ) -> [(stay: NewStay, state: StayState)] {
        var result: [(stay: NewStay, state: StayState)] = []
        var day = today.adding(days: -25 + random.next(below: 4))
        let end = today.adding(days: 35)
        let turnsOverToday = index % 4 == 0
        while day < end {
            var nights = 1 + random.next(below: 6)
            if turnsOverToday && day < today && day.adding(days: nights) > today {
                nights = today.number - day.number
            }
            let departure = day.adding(days: nights)
            let state: StayState
            if departure <= today {
                state = departure == today && random.next(below: 2) == 0 ? .checkedIn : .checkedOut
            } else if day < today || (day == today && random.next(below: 3) == 0) {
                state = .checkedIn
            } else {
                state = random.next(below: 25) == 0 ? .cancelled : .booked
            }
            result.append(
                (
                    request(
                        property: property, roomType: roomType, room: room.id, arrival: day, nights: nights, &random),
                    state
                ))
            // Two in five stays are followed at once by the next; the rest leave the room empty 1 to 3 nights.
            day = departure.adding(days: random.next(below: 5) < 2 ? 0 : 1 + random.next(below: 3))
        }
        return result
    }

    private func request(
        property: Property, roomType: RoomType, room: Int?, arrival: Day, nights: Int, _ random: inout SeededGenerator
    ) -> NewStay {
        let name = DemoCatalog.guestNames[random.next(below: DemoCatalog.guestNames.count)]
        let email = name.lowercased().replacingOccurrences(of: " ", with: ".").replacingOccurrences(of: "'", with: "")
        return NewStay(
            propertyID: property.id, roomTypeID: roomType.id, roomID: room,
            nights: try! Nights(arrival: arrival, departure: arrival.adding(days: max(nights, 1))),
            adults: min(roomType.capacity, 1 + random.next(below: 2)), guestName: name,
            guestEmail: "\(email)@example.com", source: random.next(below: 3) == 0 ? .online : .frontDesk)
    }

    // MARK: - The salon

    static let salonTeams: [(team: String, staff: [String])] = [
        ("Cut & Style", ["Aoi", "Daiki", "Haruka", "Kenta", "Saki"]), ("Color & Spa", ["Yuto", "Mei", "Riku"]),
    ]

    static let salonServices: [(name: String, minutes: Int, yen: Int)] = [
        ("Cut", 45, 6_600), ("Cut & blow", 60, 8_800), ("Color", 90, 12_100), ("Perm", 120, 15_400),
        ("Head spa", 30, 4_400), ("Treatment", 45, 5_500),
    ]

    private func makeSalon(_ random: inout SeededGenerator) async throws -> Int {
        let repository = store.properties
        let property = try await repository.insert(
            DemoWordings.worded(
                Property(
                    id: 0, name: "Salon Hanami Omotesando", kind: .salon, region: "Kanto", city: "Tokyo",
                    latitude: 35.6654,
                    longitude: 139.7126, timeZoneID: "Asia/Tokyo", currency: .jpy, checkInMinute: 10 * 60,
                    checkOutMinute: 20 * 60, summary: "Cuts, color and head spa in Omotesando.", amenities: ["Wi-Fi"],
                    photos: ["/photos/hanami-1.svg"]),
                services: Self.salonServices.map(\.name)))
        var services: [Service] = []
        for spec in Self.salonServices {
            services.append(
                try await repository.insert(
                    Service(
                        id: 0, propertyID: property.id, name: spec.name, durationMinutes: spec.minutes,
                        price: .whole(spec.yen, .jpy))))
        }
        let today = property.today(now: now)
        let opening = Int(today.instant(atMinute: 0, in: property.timeZone).timeIntervalSince1970) / 60
        let appointments = store.appointments
        let customers = try await makeSalonCustomers(property)
        var members: [StaffMember] = []
        var teams: [String: Set<Int>] = [:]
        for (team, names) in Self.salonTeams {
            for (index, name) in names.enumerated() {
                let staff = try await repository.insert(
                    StaffMember(
                        id: 0, propertyID: property.id, name: name, team: team, workingHours: (10 * 60)..<(20 * 60)))
                teams[team, default: []].insert(staff.id)
                members.append(staff)
                // Shifts with an hour's break, and a weekday off each (never the same for a whole team).
                let day = [10 * 60..<13 * 60, 14 * 60..<20 * 60]
                try await store.properties.setShifts(
                    staffID: staff.id,
                    WeeklyHours(
                        weekly: Dictionary(uniqueKeysWithValues: (1...7).map { ($0, $0 == index + 1 ? [] : day) })),
                    by: nil)
                // Five to eight appointments within working hours on a 15-minute grid; some overlap, as a
                // stylist's colour processes while they cut someone else.
                for _ in 0..<(5 + random.next(below: 4)) {
                    let service = services[random.next(below: services.count)]
                    let start = 10 * 60 + 15 * random.next(below: (10 * 60 - service.durationMinutes) / 15 + 1)
                    let customer = customers[random.next(below: customers.count)]
                    _ = try await appointments.create(
                        Appointment(
                            id: 0, propertyID: property.id, staffID: staff.id, serviceID: service.id,
                            customerID: customer.id, startMinute: opening + start,
                            durationMinutes: service.durationMinutes),
                        bookedAs: BookingContact(name: customer.name, phone: customer.phone))
                }
            }
        }
        try await makePastVisits(customers, at: property, services: services, members: members, &random)
        try await setUpSalon(property, services: services, teams: teams)
        try await setUpCheckout(property)
        return property.id
    }

    /// The products the demo salon sells over the counter, named as a salon in Tokyo names them.
    static let salonProducts: [(name: String, yen: Int)] = [
        ("リペアシャンプー 300ml", 3_300), ("リペアトリートメント 250g", 3_850), ("ヘアオイル 100ml", 2_970),
        ("スカルプセラム", 5_500),
    ]

    /// What the demo salon's receipts need: Japan's consumption tax inside its prices, who issues them
    /// (a qualified invoice issuer's number, as Japan's receipts state), and its products.
    private func setUpCheckout(_ salon: Property) async throws {
        _ = try await store.documents.updateTaxes(
            [Tax(name: "消費税", basis: .includedShare, basisPoints: 1_000)], propertyID: salon.id, by: nil)
        _ = try await store.documents.updateIssuer(
            Issuer(name: "Hanami Beauty K.K.", address: "5-1 Jingumae\nShibuya-ku, Tokyo", taxID: "T1234567890123"),
            propertyID: salon.id, by: nil)
        _ = try await store.sales.updateProducts(
            Self.salonProducts.enumerated().map { index, spec in
                Product(id: index + 1, name: spec.name, price: .whole(spec.yen, .jpy))
            }, propertyID: salon.id, by: nil)
    }

    /// The demo salon's regulars, with how their names are read.
    static let salonCustomers: [(name: String, reading: String, phone: String, allergies: String)] = [
        ("田中 花子", "タナカ ハナコ", "090-1234-5678", ""), ("佐藤 美咲", "サトウ ミサキ", "080-2345-6789", "ジアミン（カラー剤）"),
        ("鈴木 陽菜", "スズキ ヒナ", "070-3456-7890", ""), ("高橋 結衣", "タカハシ ユイ", "090-4567-8901", ""),
        ("伊藤 さくら", "イトウ サクラ", "080-5678-9012", ""), ("渡辺 真央", "ワタナベ マオ", "090-6789-0123", ""),
        ("山本 葵", "ヤマモト アオイ", "070-7890-1234", "ラテックス"), ("中村 蓮", "ナカムラ レン", "090-8901-2345", ""),
        ("小林 湊", "コバヤシ ミナト", "080-9012-3456", ""), ("加藤 凛", "カトウ リン", "070-0123-4567", ""),
        ("Emma Schmidt", "", "+49 151 2345 6789", ""), ("Kim Min-jun", "", "+82 10-2345-6789", ""),
    ]

    /// What a stylist writes after a colour or a perm.
    static let formulas = [
        "6N + 3% OX 1:1, 30 min", "8Ash + 6% OX 1:1.5, roots only, 25 min", "7/81 + 4.5% 1:2, gloss 10 min",
        "Perm: 1.5 rod, solution A 12 min", "Treatment: step 1-3, dry ends",
    ]

    private func makeSalonCustomers(_ salon: Property) async throws -> [Customer] {
        var customers: [Customer] = []
        for spec in Self.salonCustomers {
            customers.append(
                try await store.customers.insert(
                    Customer(
                        propertyID: salon.id, name: spec.name, reading: spec.reading, phone: spec.phone,
                        allergies: spec.allergies),
                    by: nil))
        }
        return customers
    }

    /// Each regular's last visits, every four to eight weeks back, done; colours and perms with the formula.
    private func makePastVisits(
        _ customers: [Customer], at salon: Property, services: [Service], members: [StaffMember],
        _ random: inout SeededGenerator
    ) async throws {
        let today = salon.today(now: now)
        for customer in customers {
            var day = today
            for _ in 0..<(1 + random.next(below: 3)) {
                day = day.adding(days: -(28 + 7 * random.next(below: 5)))
                let service = services[random.next(below: services.count)]
                let minute = 10 * 60 + 30 * random.next(below: 12)
                let special = service.name == "Color" || service.name == "Perm"
                _ = try await store.appointments.create(
                    Appointment(
                        id: 0, propertyID: salon.id, staffID: members[random.next(below: members.count)].id,
                        serviceID: service.id, customerID: customer.id,
                        startMinute: Int(day.instant(atMinute: minute, in: salon.timeZone).timeIntervalSince1970) / 60,
                        durationMinutes: service.durationMinutes, state: .completed,
                        visitNotes: special ? Self.formulas[random.next(below: Self.formulas.count)] : ""),
                    bookedAs: BookingContact(name: customer.name, phone: customer.phone))
            }
        }
    }

    /// The demo salon's set-up: open 10:00-20:00, two colour stations and a spa bed; colour and perm need a
    /// station (colour with time to mix before and clean after), the head spa the bed and the colour team.
    private func setUpSalon(_ salon: Property, services: [Service], teams: [String: Set<Int>]) async throws {
        try await store.properties.setSalonSettings(
            propertyID: salon.id, openingHours: .everyDay([10 * 60..<20 * 60]),
            resources: [
                NamedResource(SalonResource(id: 1, count: 2), name: "Color station"),
                NamedResource(SalonResource(id: 2, count: 1), name: "Spa bed"),
            ],
            window: BookingWindow(), by: nil)
        // As many Tokyo salons state them: half the price within a day of the visit, all of it for a no-show;
        // a perm, which blocks a station for hours, a flat ¥3,000 within two days, and ¥2,000 paid ahead.
        try await store.properties.setVisitTerms(
            VisitTerms(
                lateCancellationMinutes: 1440, lateCancellationFee: .share(basisPoints: 5_000),
                noShowFee: .share(basisPoints: 10_000)), propertyID: salon.id, by: nil)
        let everyone = teams.values.reduce(into: Set<Int>()) { $0.formUnion($1) }
        let colourTeam = teams["Color & Spa"] ?? everyone
        for service in services {
            let (before, after, performers, resource): (Int, Int, Set<Int>, Int?) =
                switch service.name {
                case "Color": (10, 15, colourTeam, 1)
                case "Perm": (0, 15, everyone, 1)
                case "Head spa": (0, 10, colourTeam, 2)
                default: (0, 0, everyone, nil)
                }
            try await store.properties.setBooking(
                of: BookableService(
                    id: service.id, durationMinutes: service.durationMinutes, bufferBeforeMinutes: before,
                    bufferAfterMinutes: after, performers: performers, resourceID: resource,
                    terms: service.name == "Perm"
                        ? VisitTerms(
                            lateCancellationMinutes: 2880, lateCancellationFee: .amount(.whole(3_000, .jpy)),
                            noShowFee: .share(basisPoints: 10_000), deposit: .amount(.whole(2_000, .jpy))) : nil),
                by: nil)
        }
    }

    // MARK: - The guest site's catalog

    private func makeCatalog(_ random: inout SeededGenerator) async throws -> Int {
        let repository = store.properties
        var count = 1  // the hotel above is bookable too
        for city in DemoCatalog.cities {
            for (index, name) in city.places.enumerated() {
                let slug = name.lowercased().replacingOccurrences(of: " ", with: "-")
                let summary = DemoWordings.catalogSummary(of: name, city: city.name)
                let property = try await repository.insert(
                    DemoWordings.worded(
                        Property(
                            id: 0, name: name, kind: .hotel, region: city.region, city: city.name,
                            latitude: city.latitude + Double(random.next(below: 401) - 200) / 10_000,
                            longitude: city.longitude + Double(random.next(below: 401) - 200) / 10_000,
                            timeZoneID: city.timeZone, currency: city.currency,
                            summary: summary.stored,
                            amenities: DemoCatalog.amenities[(index + count) % DemoCatalog.amenities.count],
                            photos: (1...3).map { "/photos/\(slug)-\($0).svg" },
                            cancellationPolicy: CancellationPolicy(
                                freeUntilDaysBefore: [1, 2, 7][index % 3], lateCancellationBasisPoints: 10_000),
                            taxes: city.taxes),
                        roomTypes: DemoCatalog.roomTypes.map(\.0), summary: summary.wordings))
                // Rates vary by place: 70 % to 160 % of the city's typical rate.
                let scale = 70 + random.next(below: 91)
                for (typeName, capacity, share) in DemoCatalog.roomTypes {
                    let whole = city.baseRate * scale / 100 * share / 100
                    let roomType = try await repository.insert(
                        RoomType(
                            id: 0, propertyID: property.id, name: typeName, capacity: capacity,
                            baseRate: .whole(Self.rounded(whole, currency: city.currency), city.currency)))
                    for number in 0..<(2 + random.next(below: 4)) {
                        _ = try await repository.insert(
                            Room(
                                id: 0, propertyID: property.id, roomTypeID: roomType.id,
                                number: "\(roomType.id)\(number + 1)", floor: 1 + number / 3))
                    }
                }
                count += 1
            }
        }
        return count
    }

    /// Prices as a place would set them: to 10 baht, 100 yen, 1,000 won, 10,000 dong.
    static func rounded(_ whole: Int, currency: Currency) -> Int {
        let step = currency == .thb ? 10 : currency == .jpy ? 100 : currency == .krw ? 1_000 : 10_000
        return max(step, (whole + step / 2) / step * step)
    }

    // MARK: - Large boards for benchmarks

    /// A large hotel for benchmarks: `rooms` rooms in types of 20, stays over `days` days (a quarter
    /// of them past) filling about `occupancy` of the nights. `withStays` false leaves the same hotel
    /// (the same room types and rooms) empty, to import another's stays into.
    public func createLargeBoard(
        rooms roomCount: Int, days: Int, occupancy: Double, withStays: Bool = true
    ) async throws -> (Int, Int) {
        var random = SeededGenerator(seed: 42)
        let (propertyID, requests) = try await benchmarkHotel(
            name: "Benchmark Hotel \(roomCount)x\(days)", region: "Northern Thailand", city: "Chiang Mai",
            rooms: roomCount, days: days, occupancy: occupancy, &random)
        guard withStays else { return (propertyID, 0) }
        return (propertyID, try await store.stays.importStays(requests))
    }

    /// Many bookable places for benchmarks of the guest site's search: in one region ("Benchmark
    /// Province", in ten cities), or spread over `regions` ("Benchmark Province 001" on, none a prefix of
    /// another, each in five cities of its own). `rooms` rooms each, stays over `days` days filling about
    /// `occupancy`. Returns how many stays were made.
    public func createSearchPlaces(
        _ count: Int, rooms: Int, days: Int, occupancy: Double, regions: Int = 1
    ) async throws -> Int {
        var random = SeededGenerator(seed: 7)
        var requests: [(stay: NewStay, state: StayState)] = []
        var made = 0
        for index in 0..<count {
            let (region, city) =
                regions == 1
                ? ("Benchmark Province", "Bench City \(index % 10)")
                : (
                    Self.benchmarkRegion(index % regions),
                    "Bench City \(String(format: "%03d", index % regions + 1))-\(index / regions % 5)"
                )
            requests += try await benchmarkHotel(
                name: "Benchmark Place \(index + 1)", region: region, city: city, rooms: rooms, days: days,
                occupancy: occupancy, &random
            ).1
            // A batch at a time, so that 10,000 places' stays are not all held at once.
            if requests.count > 200_000 {
                made += try await store.stays.importStays(requests)
                requests = []
            }
        }
        return made + (requests.isEmpty ? 0 : try await store.stays.importStays(requests))
    }

    /// The name of benchmark region `index` (from 0) of several.
    public static func benchmarkRegion(_ index: Int) -> String {
        "Benchmark Province \(String(format: "%03d", index + 1))"
    }

    private func benchmarkHotel(
        name: String, region: String, city: String, rooms roomCount: Int, days: Int, occupancy: Double,
        _ random: inout SeededGenerator
    ) async throws -> (Int, [(stay: NewStay, state: StayState)]) {
        let repository = store.properties
        let property = try await repository.insert(
            Property(
                id: 0, name: name, kind: .hotel, region: region, city: city, latitude: 18.79, longitude: 98.98,
                timeZoneID: "Asia/Bangkok", currency: .thb))
        let today = property.today(now: now)
        let first = today.adding(days: -days / 4)
        var roomTypes: [RoomType] = []
        for index in 0..<max(1, (roomCount + 19) / 20) {
            roomTypes.append(
                try await repository.insert(
                    RoomType(
                        id: 0, propertyID: property.id, name: "Type \(index + 1)", capacity: 2,
                        baseRate: .whole(1_000 + 100 * index + 10 * random.next(below: 50), .thb))))
        }
        var requests: [(stay: NewStay, state: StayState)] = []
        let rooms = try await repository.insert(
            rooms: (0..<roomCount).map { index in
                Room(
                    id: 0, propertyID: property.id, roomTypeID: roomTypes[index / 20].id, number: "\(index + 1)",
                    floor: index / 20 + 1)
            })
        for room in rooms {
            let roomType = roomTypes.first { $0.id == room.roomTypeID }!
            var day = first
            let end = first.adding(days: days)
            while day < end {
                let nights = min(1 + random.next(below: 5), end.number - day.number)
                // A gap after each stay so that, on average, `occupancy` of the nights are taken.
                let gap = occupancy >= 1 ? 0 : Int((Double(nights) * (1 - occupancy) / max(occupancy, 0.01)).rounded())
                let state: StayState =
                    day.adding(days: nights) <= today ? .checkedOut : day <= today ? .checkedIn : .booked
                requests.append(
                    (
                        request(
                            property: property, roomType: roomType, room: room.id, arrival: day, nights: nights, &random
                        ), state
                    ))
                day = day.adding(days: nights + (gap > 0 ? random.next(below: 2 * gap + 1) : 0))
            }
        }
        return (property.id, requests)
    }
}
