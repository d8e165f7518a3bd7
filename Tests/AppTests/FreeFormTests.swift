import Booking
import Foundation
import Testing

@testable import App

/// A form's declaration checks what is submitted: rows that show, with values their kind and limits allow.
struct FreeFormTests {
    /// A stay's form as typed, with a change or two.
    static func stay(_ changes: [String: FormValue] = [:]) -> [String: FormValue] {
        var values: [String: FormValue] = [
            "guest.name": "Ann Lee", "arrival": "2026-12-01", "departure": "2026-12-03", "adults": 2,
        ]
        values.merge(changes) { $1 }
        return values
    }

    static func payment(_ method: String, description: FormValue? = nil) -> [String: FormValue] {
        var values: [String: FormValue] = ["method": .string(method), "amount": ["amount": 1500, "currency": "THB"]]
        values["description"] = description
        return values
    }

    static func refusal(_ form: FreeForm, _ values: [String: FormValue]) -> DomainError? {
        do {
            _ = try form.validate(values)
            return nil
        } catch {
            return error
        }
    }

    @Test func aStayAsTypedIsAccepted() throws {
        let clean = try FormCatalog.stay.validate(Self.stay(["notes": "late arrival"]))
        #expect(clean == Self.stay(["notes": "late arrival"]))
    }

    @Test func departureMustFollowArrival() {
        let error = Self.refusal(FormCatalog.stay, Self.stay(["departure": "2026-12-01"]))
        #expect(error?.field == "departure")
        #expect(error?.message == "'departure' must be on or after 2026-12-02 (1 day after 'arrival')")
    }

    @Test func aRequiredRowLeftBlankIsRefusedNamingIt() {
        let error = Self.refusal(FormCatalog.stay, Self.stay(["guest.name": "   "]))
        #expect(error == .invalid("guest.name", "'guest.name' is required"))
    }

    @Test func notesAreLimitedAsTheStayAllows() throws {
        let limit = try #require(FormCatalog.stay.row("notes")?.maxLength)
        #expect(throws: Never.self) { try Stay.validate(notes: String(repeating: "a", count: limit)) }
        #expect(throws: DomainError.self) { try Stay.validate(notes: String(repeating: "a", count: limit + 1)) }
        let error = Self.refusal(FormCatalog.stay, Self.stay(["notes": .string(String(repeating: "a", count: 2_001))]))
        #expect(error == .invalid("notes", "at most 2000 characters"))
    }

    @Test func aGuestNameIsLimitedAsTheGuestAllows() throws {
        let limit = try #require(FormCatalog.stay.row("guest.name")?.maxLength)
        let name = String(repeating: "a", count: limit)
        #expect(throws: Never.self) { try Guest.validate(name: name, email: "", phone: "") }
        #expect(throws: DomainError.self) { try Guest.validate(name: name + "a", email: "", phone: "") }
    }

    @Test func aStepperKeepsWithinItsRange() {
        #expect(Self.refusal(FormCatalog.stay, Self.stay(["adults": 0]))?.message == "'adults' must be at least 1")
        #expect(Self.refusal(FormCatalog.stay, Self.stay(["children": 17]))?.message == "'children' must be at most 16")
        #expect(
            Self.refusal(FormCatalog.stay, Self.stay(["adults": "two"]))?.message == "'adults' must be a whole number")
    }

    @Test func anEmailAndAPhoneAreCheckedAsAGuestsAre() {
        let email = Self.refusal(FormCatalog.stay, Self.stay(["guest.email": "ann-at-example"]))
        #expect(email == .invalid("guest.email", "'ann-at-example' is not an email address"))
        let phone = Self.refusal(FormCatalog.stay, Self.stay(["guest.phone": "call me"]))
        #expect(phone?.field == "guest.phone")
    }

    @Test func anUnknownChoiceIsRefusedNamingTheField() {
        let error = Self.refusal(FormCatalog.payment, Self.payment("bitcoin"))
        #expect(error == .invalid("method", "'bitcoin' is not one of cash, card_terminal, transfer, qr"))
    }

    @Test func anUnknownKeyIsRefused() {
        let error = Self.refusal(FormCatalog.stay, Self.stay(["roomNumber": "101"]))
        #expect(error?.field == "roomNumber")
        #expect(error?.message.hasPrefix("'roomNumber' is not a field of the stay form") == true)
    }

    @Test func anUnknownKeyIsIgnoredWhenAskedTo() throws {
        let clean = try FormCatalog.stay.validate(Self.stay(["roomNumber": "101"]), unknownKeys: .ignore)
        #expect(clean["roomNumber"] == nil)
    }

    @Test func aHiddenRowIsNotRequired() throws {
        let form = FreeForm(
            name: "test",
            sections: [
                .init(
                    id: "only", titleKey: "test",
                    rows: [
                        .toggle("invoice", label: "test.invoice"),
                        .text(
                            "company", label: "test.company", required: true,
                            visibleWhen: FormCondition(row: "invoice", values: [true])),
                    ])
            ])
        #expect(try form.validate(["invoice": false]) == ["invoice": false])
        #expect(Self.refusal(form, ["invoice": true]) == .invalid("company", "'company' is required"))
    }

    @Test func aHiddenRowsValueIsDroppedUnchecked() throws {
        let long = FormValue.string(String(repeating: "a", count: 500))
        let clean = try FormCatalog.payment.validate(Self.payment("cash", description: long))
        #expect(clean["description"] == nil)
    }

    @Test func aShownRowIsChecked() {
        let long = FormValue.string(String(repeating: "a", count: 201))
        let error = Self.refusal(FormCatalog.payment, Self.payment("transfer", description: long))
        #expect(error == .invalid("description", "at most 200 characters"))
    }

    @Test func moneyMustBeMoreThanZeroNamingTheAmount() {
        var values = Self.payment("cash")
        values["amount"] = ["amount": 0, "currency": "THB"]
        #expect(
            Self.refusal(FormCatalog.payment, values)
                == .invalid("amount.amount", "'amount.amount' must be more than 0"))
    }

    @Test func moneyInACurrencyFrontdeskDoesNotTakeIsRefusedNamingTheCurrency() {
        var values = Self.payment("cash")
        values["amount"] = ["amount": 100, "currency": "XXX"]
        #expect(Self.refusal(FormCatalog.payment, values)?.field == "amount.currency")
    }

    @Test func aChargeWithoutDescriptionIsRefusedByTheDeclaration() {
        let error = Self.refusal(FormCatalog.charge, ["amount": ["amount": 500, "currency": "THB"]])
        #expect(error == .invalid("description", "'description' is required"))
    }

    @Test func aChargeCannotBeARoomNight() {
        let error = Self.refusal(
            FormCatalog.charge,
            ["description": "Night", "amount": ["amount": 500, "currency": "THB"], "category": "room"])
        #expect(error?.field == "category")
    }

    @Test func aDynamicChoiceTakesAnId() throws {
        #expect(try FormCatalog.move.validate(["roomId": 7, "fromDate": "2026-12-02"])["roomId"] == 7)
        #expect(Self.refusal(FormCatalog.move, ["roomId": false, "fromDate": "2026-12-02"])?.field == "roomId")
    }

    @Test func anAppointmentTakesAWallClockStartAndASwitch() throws {
        let values: [String: FormValue] = [
            "serviceId": 1, "staffId": 2, "start": "2026-11-22T10:30", "customer.name": "Yui",
            "outsideWorkingHours": true,
        ]
        #expect(try FormCatalog.appointment.validate(values) == values)
        var wrong = values
        wrong["start"] = "10:30"
        #expect(Self.refusal(FormCatalog.appointment, wrong)?.field == "start")
        wrong = values
        wrong["outsideWorkingHours"] = "yes"
        #expect(Self.refusal(FormCatalog.appointment, wrong)?.field == "outsideWorkingHours")
        wrong = values
        wrong["durationMinutes"] = 7
        #expect(Self.refusal(FormCatalog.appointment, wrong)?.field == "durationMinutes")
    }

    @Test func changingAnAppointmentNeedsItsStaffStartAndLength() throws {
        let values: [String: FormValue] = ["staffId": 2, "start": "2026-11-22T10:30", "durationMinutes": 45]
        #expect(try FormCatalog.appointmentChange.validate(values) == values)
        var wrong = values
        wrong["durationMinutes"] = nil
        #expect(Self.refusal(FormCatalog.appointmentChange, wrong)?.field == "durationMinutes")
        wrong = values
        wrong["durationMinutes"] = 725
        #expect(Self.refusal(FormCatalog.appointmentChange, wrong)?.field == "durationMinutes")
    }

    @Test func aTimeCanBeBoundedByAnotherRowsTimePlusMinutes() {
        let form = FreeForm(
            name: "test",
            sections: [
                .init(
                    id: "only", titleKey: "test",
                    rows: [
                        .dateTime("start", label: "test.start", max: .date("2026-11-22T20:00")),
                        .dateTime("end", label: "test.end", min: .row("start", minutes: 30)),
                    ])
            ])
        let early = Self.refusal(form, ["start": "2026-11-22T10:30+09:00", "end": "2026-11-22T10:45:00+09:00"])
        #expect(early == .invalid("end", "'end' must be on or after 2026-11-22T11:00 (30 minutes after 'start')"))
        let late = Self.refusal(form, ["start": "2026-11-22T21:00"])
        #expect(late == .invalid("start", "'start' must be on or before 2026-11-22T20:00"))
    }

    @Test func everyConditionAndRelativeBoundNamesARowOfItsForm() {
        for form in FormCatalog.all {
            for row in form.rows {
                for key in [row.visibleWhen?.row, row.min?.row, row.max?.row].compactMap({ $0 }) {
                    #expect(form.row(key) != nil, "\(form.name).\(row.key) names \(key)")
                }
            }
            #expect(Set(form.rows.map(\.key)).count == form.rows.count, "\(form.name) repeats a key")
        }
    }

    @Test func aDeclarationSurvivesJSON() throws {
        let data = try JSONEncoder().encode(FormCatalog.payment)
        #expect(try JSONDecoder().decode(FreeForm.self, from: data) == FormCatalog.payment)
    }
}
