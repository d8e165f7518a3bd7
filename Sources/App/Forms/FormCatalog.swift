import Booking

/// The product's forms. Limits come from the endpoints that take the values, so that a form never
/// allows what the API refuses.
enum FormCatalog {
    static let all: [FreeForm] = [
        stay, charge, payment, move, appointment, appointmentChange, visitNotes, customer, issuer, registration,
    ]

    static func form(named name: String) -> FreeForm? { all.first { $0.name == name } }

    /// A guest's or customer's name: as `Guest.validate` allows.
    static let nameLimit = Guest.nameLimit
    /// Notes on a stay or an appointment: as `Stay.validate(notes:)` and `Appointment.validate(notes:)` allow.
    static let notesLimit = Stay.notesLimit
    /// An appointment's length in minutes (the board's drag snaps to 15, the form steps by 5).
    static let durationRange = 5...720
    /// Adults and children a stay's form offers; the room type's capacity is the endpoint's to check.
    static let guestsLimit = Stay.maxGuests

    /// Editing a stay: the guest, the dates, the party, notes, and what can be done to it.
    static let stay = FreeForm(
        name: "stay",
        sections: [
            .init(
                id: "guest", titleKey: "form.stay.guest",
                rows: [
                    .text("guest.name", label: "form.stay.guestName", required: true, maxLength: nameLimit),
                    .email("guest.email", label: "form.stay.guestEmail"),
                    .phone("guest.phone", label: "form.stay.guestPhone"),
                ]),
            .init(
                id: "dates", titleKey: "form.stay.dates",
                rows: [
                    .date("arrival", label: "form.stay.arrival", required: true),
                    .date("departure", label: "form.stay.departure", required: true, min: .row("arrival", days: 1)),
                ]),
            .init(
                id: "party", titleKey: "form.stay.party",
                rows: [
                    .stepper("adults", label: "form.stay.adults", required: true, range: 1...guestsLimit),
                    .stepper("children", label: "form.stay.children", range: 0...guestsLimit),
                    .stepper("infants", label: "form.stay.infants", range: 0...Stay.maxInfants),
                ]),
            .init(
                id: "notes", titleKey: "form.stay.notesSection",
                rows: [.textarea("notes", label: "form.stay.notes", maxLength: notesLimit)]),
            // What can be done to a stay (check in, check out, move, cancel) depends on its state: the
            // stay's page offers the steps open to it beside the form.
        ])

    /// A charge on a folio: the body of `POST /api/v1/stays/{id}/charges`.
    static let charge = FreeForm(
        name: "charge",
        sections: [
            .init(
                id: "charge", titleKey: "form.charge.title",
                rows: [
                    .choice(
                        "category", label: "form.charge.category",
                        values: ChargeCategory.postable.map(\.rawValue)),
                    .text(
                        "description", label: "form.charge.description", required: true,
                        maxLength: Posting.descriptionLimit),
                    .money(
                        "amount", label: "form.charge.amount", required: true, min: .value(0, exclusive: true),
                        max: .value(Money.maxAmount)),
                    .choice("taxClass", label: "form.charge.taxClass", values: TaxClass.allCases.map(\.rawValue)),
                ])
        ])

    /// A payment on a folio: the body of `POST /api/v1/stays/{id}/payments`. A cash payment needs no
    /// reference.
    static let payment = FreeForm(
        name: "payment",
        sections: [
            .init(
                id: "payment", titleKey: "form.payment.title",
                rows: [
                    .segmented(
                        "method", label: "form.payment.method", required: true,
                        values: PaymentMethod.atHotelDesk.map(\.rawValue)),
                    .money(
                        "amount", label: "form.payment.amount", required: true, min: .value(0, exclusive: true),
                        max: .value(Money.maxAmount)),
                    .text(
                        "description", label: "form.payment.reference", maxLength: Posting.descriptionLimit,
                        visibleWhen: FormCondition(
                            row: "method",
                            values: PaymentMethod.atHotelDesk.filter(\.takesReference).map { .string($0.rawValue) })),
                ])
        ])

    /// Who issues the property's invoices and receipts: the body of `PUT /api/v1/properties/{id}/issuer`.
    static let issuer = FreeForm(
        name: "issuer",
        sections: [
            .init(
                id: "issuer", titleKey: "form.issuer.title",
                rows: [
                    .text("name", label: "form.issuer.name", maxLength: Issuer.nameLimit),
                    .textarea("address", label: "form.issuer.address", maxLength: Issuer.addressLimit),
                    .text("taxId", label: "form.issuer.taxId", maxLength: Issuer.taxIDLimit),
                    // Thailand's place of business; the desk shows it where the property issues tax invoices.
                    .text("branch", label: "form.issuer.branch", maxLength: Issuer.headOffice.count),
                ])
        ])

    /// A guest's details for the police registration (`Guest.validateRegistration`): sent as the
    /// `guest` of `PATCH /api/v1/stays/{id}`.
    static let registration = FreeForm(
        name: "registration",
        sections: [
            .init(
                id: "registration", titleKey: "form.registration.title",
                rows: [
                    .text("guest.nationality", label: "form.registration.nationality", maxLength: 2),
                    .text("guest.documentNumber", label: "form.registration.documentNumber", maxLength: 40),
                    .date(
                        "guest.birthDate", label: "form.registration.birthDate", min: .date("1900-01-01")),
                ])
        ])

    /// Moving a guest to another room from a night on: the body of `POST /api/v1/stays/{id}/move`.
    static let move = FreeForm(
        name: "move",
        sections: [
            .init(
                id: "move", titleKey: "form.move.title",
                rows: [
                    .choice("roomId", label: "form.move.room", required: true, optionsFrom: "rooms"),
                    .date("fromDate", label: "form.move.fromDate", required: true),
                ])
        ])

    /// Booking a salon appointment: `POST /api/v1/properties/{id}/appointments` (the client sends
    /// `customer.name` as `{"customer": {"name"}}`).
    static let appointment = FreeForm(
        name: "appointment",
        sections: [
            .init(
                id: "appointment", titleKey: "form.appointment.title",
                rows: [
                    .choice("serviceId", label: "form.appointment.service", required: true, optionsFrom: "services"),
                    .choice("staffId", label: "form.appointment.staff", required: true, optionsFrom: "staff"),
                    .dateTime("start", label: "form.appointment.start", required: true),
                    // Without it, the service's own duration.
                    .stepper("durationMinutes", label: "form.appointment.duration", range: durationRange, step: 5),
                ]),
            .init(
                id: "customer", titleKey: "form.appointment.customer",
                rows: [
                    .text(
                        "customer.name", label: "form.appointment.customerName", required: true, maxLength: nameLimit),
                    .text(
                        "customer.reading", label: "form.customer.reading", maxLength: Customer.readingLimit),
                    .phone("customer.phone", label: "form.appointment.customerPhone"),
                    .textarea("notes", label: "form.appointment.notes", maxLength: notesLimit),
                    .toggle("outsideWorkingHours", label: "form.appointment.outsideWorkingHours"),
                    // The customer's confirmation, in the language chosen (the client offers the five, the
                    // desk's own first); none when left empty.
                    .choice("language", label: "form.appointment.language", optionsFrom: "languages"),
                ]),
        ])

    /// Changing a booked appointment: `PATCH /api/v1/appointments/{id}`, what a drag on the board
    /// does, with the notes besides. Its state changes are buttons beside the form.
    static let appointmentChange = FreeForm(
        name: "appointment-change",
        sections: [
            .init(
                id: "appointment", titleKey: "form.appointmentChange.title",
                rows: [
                    .choice("staffId", label: "form.appointment.staff", required: true, optionsFrom: "staff"),
                    .dateTime("start", label: "form.appointment.start", required: true),
                    .stepper(
                        "durationMinutes", label: "form.appointment.duration", required: true, range: durationRange,
                        step: 5),
                    .textarea("notes", label: "form.appointment.notes", maxLength: notesLimit),
                    .toggle("outsideWorkingHours", label: "form.appointment.outsideWorkingHours"),
                ])
        ])

    /// The stylist's notes on a visit (カルテ: a colour formula, what was used): `visitNotes` of
    /// `PATCH /api/v1/appointments/{id}`, in any state.
    static let visitNotes = FreeForm(
        name: "visit-notes",
        sections: [
            .init(
                id: "visit", titleKey: "form.visitNotes.title",
                rows: [.textarea("visitNotes", label: "form.visitNotes.notes", maxLength: notesLimit)])
        ])

    /// A salon's customer record: `POST /api/v1/properties/{id}/customers`, `PATCH /api/v1/customers/{id}`.
    static let customer = FreeForm(
        name: "customer",
        sections: [
            .init(
                id: "customer", titleKey: "form.customer.title",
                rows: [
                    .text("name", label: "form.customer.name", required: true, maxLength: nameLimit),
                    .text("reading", label: "form.customer.reading", maxLength: Customer.readingLimit),
                    .phone("phone", label: "form.customer.phone"),
                    .email("email", label: "form.customer.email"),
                    .date("birthday", label: "form.customer.birthday", min: .date("1900-01-01")),
                ]),
            .init(
                id: "record", titleKey: "form.customer.record",
                rows: [
                    .textarea("allergies", label: "form.customer.allergies", maxLength: Customer.notesLimit),
                    .textarea("notes", label: "form.customer.notes", maxLength: Customer.notesLimit),
                ]),
        ])
}
