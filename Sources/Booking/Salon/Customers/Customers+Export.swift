import Foundation

/// A customer's data as the salon hands it over (a request for one's own data), and the salon's list of
/// customers to take elsewhere: CSV files in the desk's language, every visit included.
extension Customers {
    /// Everything the salon keeps on the customer as CSV: their details, a blank line, then one row a visit,
    /// every one of them (the record the desk reads shows the latest `CustomerRecord.visitLimit`). Headings
    /// and states in `language`. For the roles that read the accounts, as the property's other exports
    /// (housekeeping: `.forbidden`).
    public func export(_ id: Int, in language: Language = .en, by staff: Staff) async throws -> String {
        let customer = try await customer(id, by: staff.doing(.accounts))
        let salon = try await storage.salon(customer.propertyID, by: staff)
        let words = CustomerExportWords.in(language)
        var rows: [[String]] = [
            [words.field, words.value], [words.name, customer.name], [words.reading, customer.reading],
            [words.phone, customer.phone], [words.email, customer.email],
            [words.birthday, customer.birthday?.iso ?? ""], [words.notes, customer.notes],
            [words.allergies, customer.allergies], [],
            [
                words.start, words.service, words.stylist, words.state, words.price, words.currency, words.notes,
                words.visitNotes,
            ],
        ]
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = salon.timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        for visit in try await storage.visits(customerID: id) {  // newest first
            let appointment = visit.appointment
            rows.append([
                formatter.string(from: Date(timeIntervalSince1970: TimeInterval(appointment.startMinute) * 60)),
                visit.serviceName, visit.staffName, words.states[appointment.state] ?? appointment.state.rawValue,
                visit.price.map { String($0.amount) } ?? "", visit.price?.currency.code ?? "", appointment.notes,
                appointment.visitNotes,
            ])
        }
        // With a byte order mark, so that a spreadsheet opening it reads its names as UTF-8.
        return "\u{FEFF}" + rows.map(CSV.line).joined()
    }

    /// The salon's customers as a CSV file, to take them elsewhere: one row a record not erased, oldest
    /// first, headed in `language`. For the roles that read the accounts, as the property's other exports.
    public func exportAll(propertyID: Int, in language: Language = .en, by staff: Staff) async throws -> String {
        let salon = try await storage.salon(propertyID, by: staff.doing(.accounts))
        let entries = try await storage.customerList(propertyID: salon.id, at: nowMinute)
        let words = CustomerExportWords.in(language)
        let day = { (minute: Int?) in
            minute.map { Day.today(in: salon.timeZone, now: Date(timeIntervalSince1970: TimeInterval($0) * 60)).iso }
                ?? ""
        }
        let rows: [[String]] =
            [
                [
                    "id", words.name, words.reading, words.phone, words.email, words.birthday, words.allergies,
                    words.notes, words.visits, words.lastVisit, words.nextVisit, words.spent, words.currency,
                ]
            ]
            + entries.map { entry in
                let customer = entry.customer
                return [
                    String(customer.id), customer.name, customer.reading, customer.phone, customer.email,
                    customer.birthday?.iso ?? "", customer.allergies, customer.notes, String(entry.completedVisits),
                    day(entry.lastVisitMinute), day(entry.nextVisitMinute), String(entry.spent), salon.currency.code,
                ]
            }
        return "\u{FEFF}" + rows.map(CSV.line).joined()
    }
}

/// The words of a customer export, in each language of the desk (the same as the desk's own: 予約済み,
/// 来店済み…).
struct CustomerExportWords: Sendable {
    var field, value, name, reading, phone, email, birthday, notes, allergies: String
    var start, service, stylist, state, price, currency, visitNotes: String
    var visits, lastVisit, nextVisit, spent: String
    var states: [AppointmentState: String]

    static func `in`(_ language: Language) -> CustomerExportWords {
        switch language {
        case .en:
            CustomerExportWords(
                field: "field", value: "value", name: "name", reading: "reading", phone: "phone", email: "email",
                birthday: "birthday", notes: "notes", allergies: "allergies", start: "start", service: "service",
                stylist: "stylist", state: "state", price: "price", currency: "currency", visitNotes: "visit notes",
                visits: "visits", lastVisit: "last visit", nextVisit: "next visit", spent: "spent",
                states: [
                    .booked: "booked", .checkedIn: "arrived", .completed: "completed", .cancelled: "cancelled",
                    .noShow: "no-show",
                ])
        case .ja:
            CustomerExportWords(
                field: "項目", value: "内容", name: "お名前", reading: "フリガナ", phone: "電話番号", email: "メールアドレス",
                birthday: "生年月日", notes: "メモ", allergies: "アレルギー", start: "開始", service: "メニュー",
                stylist: "担当", state: "状態", price: "料金", currency: "通貨", visitNotes: "施術メモ",
                visits: "来店回数", lastVisit: "前回来店", nextVisit: "次回予約", spent: "利用額",
                states: [
                    .booked: "予約済み", .checkedIn: "来店済み", .completed: "完了", .cancelled: "キャンセル",
                    .noShow: "ノーショー",
                ])
        case .th:
            CustomerExportWords(
                field: "รายการ", value: "ข้อมูล", name: "ชื่อ", reading: "คำอ่าน", phone: "โทรศัพท์", email: "อีเมล",
                birthday: "วันเกิด", notes: "บันทึก", allergies: "การแพ้", start: "เริ่ม", service: "บริการ",
                stylist: "ช่าง", state: "สถานะ", price: "ราคา", currency: "สกุลเงิน", visitNotes: "บันทึกของช่าง",
                visits: "จำนวนครั้งที่มา", lastVisit: "มาครั้งล่าสุด", nextVisit: "นัดครั้งถัดไป", spent: "ยอดใช้จ่าย",
                states: [
                    .booked: "จองแล้ว", .checkedIn: "มาถึงแล้ว", .completed: "เสร็จสิ้น", .cancelled: "ยกเลิกแล้ว",
                    .noShow: "ไม่มาตามนัด",
                ])
        case .ko:
            CustomerExportWords(
                field: "항목", value: "내용", name: "이름", reading: "읽는 법", phone: "전화번호", email: "이메일",
                birthday: "생년월일", notes: "메모", allergies: "알레르기", start: "시작", service: "서비스",
                stylist: "담당", state: "상태", price: "가격", currency: "통화", visitNotes: "시술 메모",
                visits: "방문 횟수", lastVisit: "최근 방문", nextVisit: "다음 예약", spent: "이용 금액",
                states: [
                    .booked: "예약됨", .checkedIn: "도착함", .completed: "완료", .cancelled: "취소됨", .noShow: "노쇼",
                ])
        case .vi:
            CustomerExportWords(
                field: "Mục", value: "Nội dung", name: "Tên", reading: "Cách đọc", phone: "Điện thoại", email: "Email",
                birthday: "Ngày sinh", notes: "Ghi chú", allergies: "Dị ứng", start: "Bắt đầu", service: "Dịch vụ",
                stylist: "Thợ", state: "Trạng thái", price: "Giá", currency: "Tiền tệ", visitNotes: "Ghi chú của thợ",
                visits: "Số lần đến", lastVisit: "Lần đến gần nhất", nextVisit: "Lịch hẹn tới", spent: "Đã chi",
                states: [
                    .booked: "Đã đặt", .checkedIn: "Đã đến", .completed: "Hoàn tất", .cancelled: "Đã hủy",
                    .noShow: "Không đến",
                ])
        }
    }
}
