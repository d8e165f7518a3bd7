import Booking

/// The demo's own texts in the five languages, as the demo places' managers would word them: every
/// amenity, room type, tax and salon service it uses, the hotel's and the salon's summaries, and the
/// catalog places' summary in each language.
enum DemoWordings {
    static let vocabulary: [String: [Language: String]] = [
        // Amenities
        "Wi-Fi": [.th: "ไวไฟ", .ja: "Wi-Fi", .ko: "와이파이", .vi: "Wi-Fi"],
        "Pool": [.th: "สระว่ายน้ำ", .ja: "プール", .ko: "수영장", .vi: "Hồ bơi"],
        "Breakfast": [.th: "อาหารเช้า", .ja: "朝食", .ko: "조식", .vi: "Bữa sáng"],
        "Garden": [.th: "สวน", .ja: "庭園", .ko: "정원", .vi: "Sân vườn"],
        "Airport pickup": [.th: "รับส่งสนามบิน", .ja: "空港送迎", .ko: "공항 픽업", .vi: "Đón sân bay"],
        "Air conditioning": [.th: "เครื่องปรับอากาศ", .ja: "エアコン", .ko: "에어컨", .vi: "Điều hòa"],
        "Parking": [.th: "ที่จอดรถ", .ja: "駐車場", .ko: "주차장", .vi: "Bãi đỗ xe"],
        "Kitchen": [.th: "ห้องครัว", .ja: "キッチン", .ko: "주방", .vi: "Bếp"],
        "Laundry": [.th: "บริการซักรีด", .ja: "ランドリー", .ko: "세탁", .vi: "Giặt là"],
        "Bicycles": [.th: "จักรยาน", .ja: "自転車", .ko: "자전거", .vi: "Xe đạp"],
        // Room types
        "Superior Double": [.th: "ซูพีเรียร์ ดับเบิล", .ja: "スーペリアダブル", .ko: "슈페리어 더블", .vi: "Phòng Superior giường đôi"],
        "Deluxe Twin": [.th: "ดีลักซ์ ทวิน", .ja: "デラックスツイン", .ko: "디럭스 트윈", .vi: "Phòng Deluxe hai giường"],
        "Garden Suite": [.th: "การ์เด้น สวีท", .ja: "ガーデンスイート", .ko: "가든 스위트", .vi: "Phòng Suite hướng vườn"],
        "Family Room": [.th: "ห้องแฟมิลี่", .ja: "ファミリールーム", .ko: "패밀리룸", .vi: "Phòng gia đình"],
        "Pool Villa": [.th: "พูลวิลล่า", .ja: "プールヴィラ", .ko: "풀빌라", .vi: "Biệt thự hồ bơi"],
        "Standard Double": [
            .th: "สแตนดาร์ด ดับเบิล", .ja: "スタンダードダブル", .ko: "스탠다드 더블", .vi: "Phòng tiêu chuẩn giường đôi",
        ],
        // Taxes
        "Service charge": [.th: "ค่าบริการ", .ja: "サービス料", .ko: "봉사료", .vi: "Phí dịch vụ"],
        "VAT": [.th: "ภาษีมูลค่าเพิ่ม", .ja: "付加価値税", .ko: "부가가치세", .vi: "Thuế GTGT"],
        "Consumption tax": [.th: "ภาษีการบริโภค", .ja: "消費税", .ko: "소비세", .vi: "Thuế tiêu dùng"],
        "Consumption tax (reduced)": [
            .th: "ภาษีการบริโภค (อัตราลดหย่อน)", .ja: "消費税（軽減税率）", .ko: "소비세 (경감 세율)",
            .vi: "Thuế tiêu dùng (thuế suất giảm)",
        ],
        "Accommodation tax": [.th: "ภาษีที่พัก", .ja: "宿泊税", .ko: "숙박세", .vi: "Thuế lưu trú"],
        // Rate plans
        "Non-refundable": [.th: "ไม่คืนเงิน", .ja: "返金不可プラン", .ko: "환불 불가", .vi: "Không hoàn tiền"],
        "Bed and breakfast": [.th: "ห้องพักพร้อมอาหารเช้า", .ja: "朝食付きプラン", .ko: "조식 포함", .vi: "Phòng kèm bữa sáng"],
        // Salon services
        "Cut": [.th: "ตัดผม", .ja: "カット", .ko: "커트", .vi: "Cắt tóc"],
        "Cut & blow": [.th: "ตัดและเป่า", .ja: "カット＆ブロー", .ko: "커트 & 드라이", .vi: "Cắt và sấy"],
        "Color": [.th: "ทำสีผม", .ja: "カラー", .ko: "염색", .vi: "Nhuộm"],
        "Perm": [.th: "ดัดผม", .ja: "パーマ", .ko: "펌", .vi: "Uốn"],
        "Head spa": [.th: "สปาศีรษะ", .ja: "ヘッドスパ", .ko: "헤드 스파", .vi: "Gội đầu dưỡng sinh"],
        "Treatment": [.th: "ทรีตเมนต์", .ja: "トリートメント", .ko: "트리트먼트", .vi: "Ủ tóc"],
        // Summaries
        "A garden hotel of teak houses and a pool, a short walk from the Old City's Tha Phae Gate.": [
            .th: "โรงแรมสวนเรือนไม้สักพร้อมสระว่ายน้ำ เดินไม่ไกลจากประตูท่าแพของเมืองเก่า",
            .ja: "チーク材の家々とプールのある庭園ホテル。旧市街のターペー門から歩いてすぐ。",
            .ko: "티크 목조 가옥과 수영장이 있는 정원 호텔, 구시가지 타패 게이트에서 걸어서 금방입니다.",
            .vi: "Khách sạn vườn với những ngôi nhà gỗ tếch và hồ bơi, cách cổng Tha Phae của phố cổ vài bước chân.",
        ],
        "Cuts, color and head spa in Omotesando.": [
            .th: "ตัดผม ทำสี และสปาศีรษะ ที่โอโมเตะซันโด", .ja: "表参道でカット、カラー、ヘッドスパ。",
            .ko: "오모테산도의 커트, 염색, 헤드 스파.", .vi: "Cắt, nhuộm và gội đầu dưỡng sinh tại Omotesando.",
        ],
    ]

    /// A catalog place's summary as stored (English), and in the other languages.
    static func catalogSummary(of name: String, city: String) -> (stored: String, wordings: [Language: String]) {
        let names = PlaceNames.standard
        return (
            "\(name) in \(city): rooms by the week or the night.",
            [
                .th: "\(name) ใน\(names.name(city, in: .th)): ห้องพักรายสัปดาห์หรือรายคืน",
                .ja: "\(names.name(city, in: .ja))の\(name)：週単位でも一泊でも泊まれる客室。",
                .ko: "\(names.name(city, in: .ko))의 \(name): 주 단위 또는 1박 단위 객실.",
                .vi: "\(name) tại \(names.name(city, in: .vi)): phòng theo tuần hoặc theo đêm.",
            ]
        )
    }

    /// The place with its texts worded in every language the vocabulary knows (and its summary as
    /// `summary` words it, for a summary made for it).
    static func worded(
        _ property: Property, roomTypes: [String] = [], services: [String] = [], summary: [Language: String] = [:]
    ) -> Property {
        var wordings: [String: [Language: String]] = [:]
        let texts =
            [property.summary] + property.amenities + roomTypes + property.taxes.map(\.name)
            + property.ratePlans.flatMap { [$0.name, $0.extraName] } + services
        for text in texts {
            if let known = vocabulary[text] { wordings[text] = known }
        }
        if !summary.isEmpty { wordings[property.summary] = summary }
        var worded = property
        worded.translations = Translations(wordings)
        return worded
    }
}
