import Booking

/// The places the demo's guest site sells: three in each of eight cities.
enum DemoCatalog {
    struct City {
        var name: String
        var region: String
        var latitude: Double
        var longitude: Double
        var timeZone: String
        var currency: Currency
        /// A typical nightly rate in whole units, and the taxes of the country.
        var baseRate: Int
        var taxes: [Tax]
        var places: [String]
    }

    /// Thailand's 10 % service charge, then 7 % VAT on the price and the service charge (1,000 → 1,100 → 1,177).
    static let thaiTaxes = [
        Tax(name: "Service charge", basisPoints: 1_000),
        Tax(name: "VAT", basis: .share, basisPoints: 700, compounds: true),
    ]
    /// Korea's 10 % VAT, inside the prices.
    static let koreanTaxes = [Tax(name: "VAT", basis: .includedShare, basisPoints: 1_000)]
    /// Japan's prices include its consumption tax (rounded down once per rate); Tokyo's accommodation tax is
    /// ¥100 a guest a night from ¥10,000 of room-only price a guest, ¥200 from ¥15,000.
    static let tokyoTaxes = [
        consumptionTax, reducedConsumptionTax,
        Tax(
            name: "Accommodation tax", basis: .perPersonNight,
            bands: [band(0, 0), band(10_000, 100), band(15_000, 200)]),
    ]
    /// Kyoto's accommodation tax by the night's date: its bands until 2026-02-28, its five from 2026-03-01.
    static let kyotoTaxes = [
        consumptionTax, reducedConsumptionTax,
        Tax(
            name: "Accommodation tax", basis: .perPersonNight,
            bands: [band(0, 200), band(20_000, 500), band(50_000, 1_000)], through: Day(iso: "2026-02-28")),
        Tax(
            name: "Accommodation tax", basis: .perPersonNight,
            bands: [band(0, 200), band(6_000, 400), band(20_000, 1_000), band(50_000, 4_000), band(100_000, 10_000)],
            from: Day(iso: "2026-03-01")),
    ]
    static let consumptionTax = Tax(name: "Consumption tax", basis: .includedShare, basisPoints: 1_000, rounding: .down)
    /// The 8 % on food and drink taken away (a charge posted at the reduced rate).
    static let reducedConsumptionTax = Tax(
        name: "Consumption tax (reduced)", basis: .includedShare, basisPoints: 800, appliesTo: .reduced,
        rounding: .down)
    /// Vietnam's 5 % service charge, then VAT on both: 8 % for services until 2026-12-31, 10 % after.
    static let vietnameseTaxes = [
        Tax(name: "Service charge", basisPoints: 500),
        Tax(name: "VAT", basis: .share, basisPoints: 800, compounds: true, through: Day(iso: "2026-12-31")),
        Tax(name: "VAT", basis: .share, basisPoints: 1_000, compounds: true, from: Day(iso: "2027-01-01")),
    ]

    private static func band(_ from: Int, _ amount: Int) -> Tax.Band {
        Tax.Band(from: .whole(from, .jpy), amount: .whole(amount, .jpy))
    }

    static let cities: [City] = [
        City(
            name: "Bangkok", region: "Central Thailand", latitude: 13.7563, longitude: 100.5018,
            timeZone: "Asia/Bangkok", currency: .thb, baseRate: 1_800, taxes: thaiTaxes,
            places: ["Riverside Loft Bangkok", "Ari Garden House", "Sukhumvit Soi 38 Residence"]),
        City(
            name: "Chiang Mai", region: "Northern Thailand", latitude: 18.7883, longitude: 98.9853,
            timeZone: "Asia/Bangkok", currency: .thb, baseRate: 1_200, taxes: thaiTaxes,
            places: ["Nimman Courtyard", "Old City Teak House"]),
        City(
            name: "Seoul", region: "Seoul Capital Area", latitude: 37.5665, longitude: 126.9780,
            timeZone: "Asia/Seoul", currency: .krw, baseRate: 110_000, taxes: koreanTaxes,
            places: ["Bukchon Hanok Stay", "Mangwon Guesthouse", "Seongsu Studio Hotel"]),
        City(
            name: "Busan", region: "Yeongnam", latitude: 35.1796, longitude: 129.0756, timeZone: "Asia/Seoul",
            currency: .krw, baseRate: 95_000, taxes: koreanTaxes,
            places: ["Haeundae Sea View", "Gamcheon Hill House", "Gwangalli Bridge Inn"]),
        City(
            name: "Tokyo", region: "Kanto", latitude: 35.6762, longitude: 139.6503, timeZone: "Asia/Tokyo",
            currency: .jpy, baseRate: 14_000, taxes: tokyoTaxes,
            places: ["Yanaka Machiya", "Shimokitazawa Rooms", "Kiyosumi Canal Hotel"]),
        City(
            name: "Kyoto", region: "Kansai", latitude: 35.0116, longitude: 135.7681, timeZone: "Asia/Tokyo",
            currency: .jpy, baseRate: 16_000, taxes: kyotoTaxes,
            places: ["Gion Ryokan Sakura", "Kamogawa Riverside Inn", "Arashiyama Bamboo Lodge"]),
        City(
            name: "Hanoi", region: "Red River Delta", latitude: 21.0278, longitude: 105.8342,
            timeZone: "Asia/Ho_Chi_Minh", currency: .vnd, baseRate: 950_000, taxes: vietnameseTaxes,
            places: ["Hoan Kiem Heritage Hotel", "West Lake Homestay", "Old Quarter Tube House"]),
        City(
            name: "Da Nang", region: "South Central Coast", latitude: 16.0544, longitude: 108.2022,
            timeZone: "Asia/Ho_Chi_Minh", currency: .vnd, baseRate: 1_100_000, taxes: vietnameseTaxes,
            places: ["My Khe Beach Resort", "Han River Boutique", "Son Tra Hillside Villas"]),
    ]

    /// Room types a guest-site place sells, as (name, capacity, share of the city's base rate in %).
    static let roomTypes: [(String, Int, Int)] = [
        ("Standard Double", 2, 100), ("Deluxe Twin", 2, 125), ("Family Room", 4, 180),
    ]

    static let amenities = [
        ["Wi-Fi", "Air conditioning", "Breakfast", "Garden"], ["Wi-Fi", "Air conditioning", "Airport pickup"],
        ["Wi-Fi", "Pool", "Breakfast", "Parking"], ["Wi-Fi", "Kitchen", "Laundry", "Bicycles"],
    ]

    static let guestNames = [
        "Somchai Jaidee", "Nattaya Srisuk", "Kanya Wongsa", "Anan Boonmee", "Pim Chaiyaporn", "Kim Min-jun",
        "Lee Seo-yeon", "Park Ji-hoon", "Choi Yu-na", "Sato Haruto", "Suzuki Yui", "Takahashi Ren", "Tanaka Mio",
        "Nguyen Van An", "Tran Thi Mai", "Le Minh Duc", "Pham Thu Trang", "Emma Schmidt", "Liam O'Brien",
        "Sofia Rossi", "Lucas Martin", "Olivia Brown", "Noah Wilson", "Mia Johansson", "Arjun Mehta",
        "Chloe Dubois", "Mateo García", "Hannah Müller", "Jack Taylor", "Isabella Costa",
    ]
}
