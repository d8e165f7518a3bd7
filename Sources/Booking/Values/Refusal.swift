/// Which rule refused: the catalogue of every `DomainError.reason`, each a stable code (`room.taken`) that
/// a client words in its own language with the refusal's `params`. The API document lists the same codes
/// (`Refusal` in openapi.yaml) and the web app words each in five languages; `RefusalCatalogueTests`
/// holds the three together. A new rule adds its code here, to `all`, to the document and to
/// `Web/common/refusals/` (a module a language).
public struct Refusal: Hashable, Sendable, CustomStringConvertible {
    /// The code as clients see it: a subject and a rule, `stay.arrivalPassed`.
    public let code: String

    private init(_ code: String) { self.code = code }

    public var description: String { code }

    // A salon's appointments
    /// "These services cannot all be done by the staff member chosen: choose another, or fewer services."
    public static let appointmentNotPerformed = Refusal("appointment.notPerformed")
    /// "Start times are every {step} minutes."
    public static let appointmentOffGrid = Refusal("appointment.offGrid")
    /// "That time is outside working hours: choose another time."
    public static let appointmentOutsideShift = Refusal("appointment.outsideShift")
    /// "Every room or station this service needs is in use at that time."
    public static let appointmentResourceFull = Refusal("appointment.resourceFull")
    /// "The salon is closed at that time."
    public static let appointmentSalonClosed = Refusal("appointment.salonClosed")
    /// "That time has just been taken: choose another time."
    public static let appointmentTaken = Refusal("appointment.taken")
    /// "Bookings are taken until {last}."
    public static let appointmentTooFarAhead = Refusal("appointment.tooFarAhead")
    /// "That time is too soon: book at least {minutes} minutes ahead."
    public static let appointmentTooSoon = Refusal("appointment.tooSoon")

    // The night audit
    /// "That day is already closed."
    public static let auditClosed = Refusal("audit.closed")
    /// "That day has not been closed."
    public static let auditNotClosed = Refusal("audit.notClosed")
    /// "That day has not begun at the property yet."
    public static let auditNotYet = Refusal("audit.notYet")
    /// "Close the days in turn: {next} first."
    public static let auditOrder = Refusal("audit.order")

    // A booking of several rooms
    /// "A booking of several rooms holds 2 to {limit} rooms."
    public static let groupRooms = Refusal("group.rooms")
    /// "Not every room asked for is free on those dates: nothing was booked. Search again."
    public static let groupUnavailable = Refusal("group.unavailable")
    /// "Each room needs an adult: choose fewer rooms or add adults."
    public static let groupAdultEach = Refusal("group.adultEach")
    /// "The rooms chosen have too few beds for everyone: add a room."
    public static let groupTooFewBeds = Refusal("group.tooFewBeds")

    // A guest's own booking
    /// "The arrival date ({arrival}) has passed: contact the property to cancel."
    public static let bookingArrivalPassed = Refusal("booking.arrivalPassed")

    // Email addresses
    /// "This is not an email address."
    public static let emailInvalid = Refusal("email.invalid")
    /// "An email address is needed."
    public static let emailRequired = Refusal("email.required")

    // Folios
    /// "Folio {folio} has lines: move them to another folio first."
    public static let folioHasLines = Refusal("folio.hasLines")
    /// "Nothing to invoice: the folio has no charges."
    public static let folioNothingToInvoice = Refusal("folio.nothingToInvoice")
    /// "Nothing to receipt: the folio has no payments."
    public static let folioNothingToReceipt = Refusal("folio.nothingToReceipt")
    /// "The folio has an open balance of {balance}: settle it, or a manager can force the check-out."
    public static let folioOpenBalance = Refusal("folio.openBalance")
    /// "A tax line follows the charges it is on: reverse the charge, and its tax is corrected."
    public static let folioTaxFollowsCharges = Refusal("folio.taxFollowsCharges")
    /// "This line is the salon's visit charged to the room: the salon refunds its sale to take it off."
    public static let folioSalonLine = Refusal("folio.salonLine")
    /// "A stay is split into at most {limit} folios."
    public static let folioTooMany = Refusal("folio.tooMany")

    // A guest's registration
    /// "A date of birth is from 1900 to today."
    public static let guestBirthDate = Refusal("guest.birthDate")
    /// "A passport or ID number has at most 40 letters, digits, spaces and dashes."
    public static let guestDocumentNumber = Refusal("guest.documentNumber")
    /// "A nationality is a country code of two capital letters (TH, VN, JP)."
    public static let guestNationality = Refusal("guest.nationality")

    // Moving a hotel in
    public static let importRefused = Refusal("import.refused")

    // Numbers
    /// "Enter a number from {min} to {max}."
    public static let numberRange = Refusal("number.range")

    // Passwords
    /// "A password has at most 72 bytes."
    public static let passwordLong = Refusal("password.long")
    /// "A password has at least 8 characters."
    public static let passwordShort = Refusal("password.short")

    // Phone numbers
    /// "A phone number has only digits, spaces and + - ( )."
    public static let phoneInvalid = Refusal("phone.invalid")

    // Rate plans
    /// "A plan's price is from 90 % less to twice the rate."
    public static let planAdjustment = Refusal("plan.adjustment")
    /// "Free cancellation is from 0 to 365 days before arrival, and the later charge from 0 % to 100 %."
    public static let planCancellation = Refusal("plan.cancellation")
    /// "A deposit's share is from 0.01 % to 100 %."
    public static let planDeposit = Refusal("plan.deposit")
    /// "A plan's extra is an amount more than zero in the property's currency."
    public static let planExtra = Refusal("plan.extra")
    /// "A plan's extra needs a name of 1 to 60 characters."
    public static let planExtraName = Refusal("plan.extraName")
    /// "A rate plan needs a name of 1 to 60 characters, each name once."
    public static let planName = Refusal("plan.name")
    /// "A property has at most 20 rate plans."
    public static let planTooMany = Refusal("plan.tooMany")

    // Dates and times as typed
    /// "Enter a date from 1900 to 2199."
    public static let dateInvalid = Refusal("date.invalid")
    /// "Enter a time of day, such as 15:30."
    public static let timeInvalid = Refusal("time.invalid")

    // Ranges of days
    public static let rangeOrder = Refusal("range.order")
    public static let rangeTooLong = Refusal("range.tooLong")

    // Restrictions on a room type's nights
    /// "This room takes no arrivals on {day}."
    public static let restrictionClosedToArrival = Refusal("restriction.closedToArrival")
    /// "This room takes no departures on {day}."
    public static let restrictionClosedToDeparture = Refusal("restriction.closedToDeparture")
    /// "Arrivals on {day} stay at most {nights} nights."
    public static let restrictionMaxStay = Refusal("restriction.maxStay")
    /// "The maximum stay is shorter than the minimum."
    public static let restrictionMinOverMax = Refusal("restriction.minOverMax")
    /// "Arrivals on {day} stay at least {nights} nights."
    public static let restrictionMinStay = Refusal("restriction.minStay")
    /// "A stay restriction is from 1 to {limit} nights."
    public static let restrictionStay = Refusal("restriction.stay")
    /// "This room is not sold online for the night of {night}."
    public static let restrictionStopSell = Refusal("restriction.stopSell")

    // Rooms
    /// "Room {room} is {status}: check in with an override."
    public static let roomNotReady = Refusal("room.notReady")
    /// "Room {room} is out of service from {arrival} to {departure} ({why})."
    public static let roomOutOfService = Refusal("room.outOfService")
    /// "The room is taken on one of these nights."
    public static let roomTaken = Refusal("room.taken")
    /// "Room {room} is not a {roomType}."
    public static let roomWrongType = Refusal("room.wrongType")

    // A salon's schedule
    /// "Start times are every 5, 10, 15, 20, 30 or 60 minutes."
    public static let scheduleGrid = Refusal("schedule.grid")
    /// "Hours run from 0:00 to 24:00: each range ends after it starts, in order, without overlapping."
    public static let scheduleHours = Refusal("schedule.hours")

    // Staff
    /// "{email} already works here."
    public static let staffAlreadyHere = Refusal("staff.alreadyHere")
    /// "This person also works at a property you do not manage: ask its manager to set their password."
    public static let staffElsewhere = Refusal("staff.elsewhere")
    /// "There is already an account for {email}."
    public static let staffEmailTaken = Refusal("staff.emailTaken")
    /// "Only a manager can do this."
    public static let staffManagerOnly = Refusal("staff.managerOnly")
    /// "A new account needs a password."
    public static let staffPasswordNeeded = Refusal("staff.passwordNeeded")
    /// "Your role here does not allow this."
    public static let staffRoleRefused = Refusal("staff.roleRefused")
    /// "You cannot change your own role or take yourself off the staff."
    public static let staffSelf = Refusal("staff.self")

    // Stays
    /// "The arrival date has passed: choose a later date."
    public static let stayArrivalPassed = Refusal("stay.arrivalPassed")
    /// "The guest arrived on {arrival}: the arrival cannot change."
    public static let stayArrived = Refusal("stay.arrived")
    /// "Bookings open at most until {last}."
    public static let stayBeyondHorizon = Refusal("stay.beyondHorizon")
    /// "Someone changed this stay meanwhile: reload it and try again."
    public static let stayChanged = Refusal("stay.changed")
    /// "The stay ended on {departure}."
    public static let stayEnded = Refusal("stay.ended")
    /// "The arrival is on {arrival}: not before then."
    public static let stayNotYetArrival = Refusal("stay.notYetArrival")
    /// "{guests} guests is more than the room sleeps ({capacity})."
    public static let stayOverCapacity = Refusal("stay.overCapacity")
    /// "The guest has slept here until today ({today}): change only from today on."
    public static let staySleptUntil = Refusal("stay.sleptUntil")
    /// "{action} is not possible: the stay is {state}."
    public static let stayState = Refusal("stay.state")
    /// "A stay is at most {limit} nights."
    public static let stayTooLong = Refusal("stay.tooLong")

    // Who issues papers
    /// "Not a tax id of this country: Thailand's 13 digits with their check digit, Japan's T and 13 digits…"
    public static let issuerTaxID = Refusal("issuer.taxId")
    /// "Five digits: 00000 for the head office, else the branch's number."
    public static let issuerBranch = Refusal("issuer.branch")
    /// "A tax invoice needs the seller's name and tax ID: a manager sets them in Settings."
    public static let taxInvoiceIssuer = Refusal("taxInvoice.issuer")
    /// "An e-invoice is Vietnam's, of an invoice in đồng with the VAT added."
    public static let eInvoiceCountry = Refusal("eInvoice.country")
    /// "Tax invoices are Thailand's: issue an invoice or a receipt."
    public static let taxInvoiceCountry = Refusal("taxInvoice.country")
    /// "This sale has its full tax invoice already: {reference}."
    public static let taxInvoiceIssued = Refusal("taxInvoice.issued")

    // Codes to pay
    /// "PromptPay is Thailand's code to pay and VietQR Vietnam's: the account must be the country's."
    public static let payAccountScheme = Refusal("payAccount.scheme")
    /// "The number, ID or account (and a VietQR account's bank) as the scheme writes them."
    public static let payAccountNumber = Refusal("payAccount.number")

    // Korea's cash receipts
    /// "An approval number is 8 to 12 digits, as Hometax or the terminal gives it."
    public static let cashReceiptApproval = Refusal("cashReceipt.approval")
    /// "A phone or business number of 10 to 13 digits, or none for an anonymous receipt."
    public static let cashReceiptIdentifier = Refusal("cashReceipt.identifier")
    /// "This payment needs no cash receipt now: one was recorded meanwhile."
    public static let cashReceiptNotDue = Refusal("cashReceipt.notDue")

    // Bank statements
    /// "Each column is a different one of the file's."
    public static let statementColumns = Refusal("statement.columns")
    /// "Map this bank's columns first." (`bank`)
    public static let statementNoFormat = Refusal("statement.noFormat")
    /// "No line of the file names the columns {columns}: check the bank's format."
    public static let statementNoHeader = Refusal("statement.noHeader")
    /// "Line {line} of the file cannot be read by {bank}'s format: check its date and amount columns."
    public static let statementUnreadable = Refusal("statement.unreadable")
    /// "No booking with this code at this property."
    public static let statementNoBooking = Refusal("statement.noBooking")
    /// "This line was settled meanwhile."
    public static let statementSettled = Refusal("statement.settled")
    /// "A salon visit's deposits are taken whole: this line's amount is not what they come to."
    public static let statementAmount = Refusal("statement.amount")

    // Taxes
    /// "A tax by the night needs an amount more than zero in the property's currency."
    public static let taxAmount = Refusal("tax.amount")
    /// "A cap is from 1 to 366 nights."
    public static let taxMaxNights = Refusal("tax.maxNights")
    /// "A tax by the night's bands rise from their first price, each amount from zero."
    public static let taxBands = Refusal("tax.bands")
    /// "A tax applies until a day on or after the one it applies from."
    public static let taxDates = Refusal("tax.dates")
    /// "A tax needs a name of 1 to 60 characters, each name once."
    public static let taxName = Refusal("tax.name")
    /// "A tax's rate is from 0.01 % to 100 %."
    public static let taxRate = Refusal("tax.rate")
    /// "A property has at most 10 taxes."
    public static let taxTooMany = Refusal("tax.tooMany")

    // Online check-in before arrival
    /// "This check-in link is not valid."
    public static let checkInLink = Refusal("checkIn.link")
    /// "This check-in link has expired; ask the hotel for a new one."
    public static let checkInExpired = Refusal("checkIn.expired")
    /// "Online check-in is closed for this booking."
    public static let checkInClosed = Refusal("checkIn.closed")
    /// "Give the details of each of the {adults} adults."
    public static let checkInGuests = Refusal("checkIn.guests")

    // Free text
    /// "Remove the control characters (such as tabs) from this text."
    public static let textControl = Refusal("text.control")
    /// "This cannot be left empty."
    public static let textRequired = Refusal("text.required")
    /// "At most {limit} characters."
    public static let textTooLong = Refusal("text.tooLong")

    // A salon's set-up
    /// "A colour is # and six hexadecimal digits, such as #3366CC."
    public static let salonColour = Refusal("salon.colour")
    /// "{count} appointments are still to come: move or cancel them first."
    public static let salonStillBooked = Refusal("salon.stillBooked")

    // A salon's customers
    /// "This customer's details were erased at their request."
    public static let customerErased = Refusal("customer.erased")

    // A salon's checkout
    /// "The deposit was taken off a checkout or kept towards a fee: refund that sale first."
    public static let depositApplied = Refusal("deposit.applied")
    /// "This appointment's terms ask no deposit."
    public static let depositNone = Refusal("deposit.none")
    /// "A deposit is already held for this appointment."
    public static let depositTaken = Refusal("deposit.taken")
    /// "Another product on sale is named so."
    public static let productName = Refusal("product.name")
    /// "That guest is not in the house at the hotel this salon charges: choose a guest checked in."
    public static let roomNotInHouse = Refusal("room.notInHouse")
    /// "This salon charges no hotel's rooms: a manager links the hotel first."
    public static let roomChargesNone = Refusal("room.chargesNone")
    /// "A reference must not be a card's number: Frontdesk never keeps one."
    public static let saleCardNumber = Refusal("sale.cardNumber")
    /// "This appointment is already checked out ({reference}): refund that sale to check it out again."
    public static let saleCheckedOut = Refusal("sale.checkedOut")
    /// "These appointments are different customers': check each customer out on their own."
    public static let saleCustomers = Refusal("sale.customers")
    /// "The deposit held ({held}) is more than the total ({total}): refund the deposit first."
    public static let saleDepositExceeds = Refusal("sale.depositExceeds")
    /// "The discount is more than the services and products come to ({total})."
    public static let saleDiscount = Refusal("sale.discount")
    /// "Nothing to check out: add a service or a product."
    public static let saleEmpty = Refusal("sale.empty")
    /// "A cancelled appointment, or a no-show, is not checked out."
    public static let saleNotPerformed = Refusal("sale.notPerformed")
    /// "That is more than is owed ({due})."
    public static let saleOverpaid = Refusal("sale.overpaid")
    /// "This sale is already refunded."
    public static let saleRefunded = Refusal("sale.refunded")
    /// "The cash handed over is less than the amount paid in cash."
    public static let saleTenderedShort = Refusal("sale.tenderedShort")
    /// "{due} is still to pay." / "{over} more is paid than the total."
    public static let saleUnpaid = Refusal("sale.unpaid")

    // A salon's ticket books
    /// "The book does not cover this service."
    public static let ticketNotCovered = Refusal("ticket.notCovered")
    /// "The book was valid up to {lastDay}."
    public static let ticketExpired = Refusal("ticket.expired")
    /// "The book has {remaining} left."
    public static let ticketRemaining = Refusal("ticket.remaining")
    /// "Visits were paid with this book: refund them first."
    public static let ticketDrawn = Refusal("ticket.drawn")
    /// "The books pay more than is due."
    public static let ticketExceedsDue = Refusal("ticket.exceedsDue")
    /// "This book was ended on {day}."
    public static let ticketEnded = Refusal("ticket.ended")
    /// "A prepaid payment instrument is refunded only when the salon stops issuing it."
    public static let ticketNotRefundable = Refusal("ticket.notRefundable")
    /// "The fee may be at most {limit}."
    public static let ticketFeeOverLimit = Refusal("ticket.feeOverLimit")

    // Addresses the server calls (webhooks)
    /// "Give an http or https address, such as https://example.com/hooks."
    public static let addressNotHTTP = Refusal("address.notHttp")
    /// "{host} is a private, local or reserved address: only public addresses are called."
    public static let addressPrivate = Refusal("address.private")
    /// "{host} could not be found."
    public static let addressUnknown = Refusal("address.unknown")
    /// "Choose at least one event."
    public static let webhookEvents = Refusal("webhook.events")
    /// "A property keeps at most {max} webhooks."
    public static let webhookTooMany = Refusal("webhook.tooMany")

    // Messages to guests and customers
    /// "This message is still on its way: it can be sent again once it is sent or has failed."
    public static let messageQueued = Refusal("message.queued")

    // A salon's visits booked online
    /// "Online cancellations close {minutes} minutes before the visit: call the salon."
    public static let visitCancelClosed = Refusal("visit.cancelClosed")
    /// "Choose 1 to {max} services for one visit."
    public static let visitServices = Refusal("visit.services")
    /// "Read and accept the cancellation terms to book."
    public static let visitTerms = Refusal("visit.terms")

    // A salon's waitlist
    /// "The first day must not be before today."
    public static let waitlistPast = Refusal("waitlist.past")
    /// "Choose days from the first to at most {days} days later, within the days the salon books ahead."
    public static let waitlistRange = Refusal("waitlist.range")
    /// "This offer is no longer open."
    public static let waitlistOfferClosed = Refusal("waitlist.offerClosed")
    /// "This customer's wait has already ended."
    public static let waitlistEnded = Refusal("waitlist.ended")

    /// Every code, for the API document and the clients' wordings to be checked against.
    public static let all: [Refusal] = [
        .addressNotHTTP, .addressPrivate, .addressUnknown,
        .appointmentNotPerformed, .appointmentOffGrid, .appointmentOutsideShift, .appointmentResourceFull,
        .appointmentSalonClosed, .appointmentTaken, .appointmentTooFarAhead, .appointmentTooSoon,
        .auditClosed, .auditNotClosed, .auditNotYet, .auditOrder,
        .bookingArrivalPassed,
        .checkInClosed, .checkInExpired, .checkInGuests, .checkInLink,
        .customerErased,
        .cashReceiptApproval, .cashReceiptIdentifier, .cashReceiptNotDue,
        .dateInvalid, .timeInvalid,
        .eInvoiceCountry,
        .depositApplied, .depositNone, .depositTaken,
        .emailInvalid, .emailRequired,
        .folioHasLines, .folioNothingToInvoice, .folioNothingToReceipt, .folioOpenBalance, .folioSalonLine,
        .folioTaxFollowsCharges,
        .folioTooMany,
        .groupRooms, .groupUnavailable, .groupAdultEach, .groupTooFewBeds,
        .guestBirthDate, .guestDocumentNumber, .guestNationality,
        .importRefused,
        .issuerBranch, .issuerTaxID,
        .messageQueued,
        .waitlistEnded, .waitlistOfferClosed, .waitlistPast, .waitlistRange,
        .webhookEvents, .webhookTooMany,
        .numberRange,
        .passwordLong, .passwordShort,
        .payAccountNumber, .payAccountScheme,
        .phoneInvalid,
        .planAdjustment, .planCancellation, .planDeposit, .planExtra, .planExtraName, .planName, .planTooMany,
        .rangeOrder, .rangeTooLong,
        .restrictionClosedToArrival, .restrictionClosedToDeparture, .restrictionMaxStay, .restrictionMinOverMax,
        .restrictionMinStay, .restrictionStay, .restrictionStopSell,
        .productName,
        .roomChargesNone, .roomNotInHouse, .roomNotReady, .roomOutOfService, .roomTaken, .roomWrongType,
        .saleCardNumber, .saleCheckedOut, .saleCustomers, .saleDepositExceeds, .saleDiscount, .saleEmpty,
        .saleNotPerformed,
        .saleOverpaid, .saleRefunded, .saleTenderedShort, .saleUnpaid,
        .salonColour, .salonStillBooked,
        .scheduleGrid, .scheduleHours,
        .staffAlreadyHere, .staffElsewhere, .staffEmailTaken, .staffManagerOnly, .staffPasswordNeeded,
        .staffRoleRefused, .staffSelf,
        .statementAmount, .statementColumns, .statementNoBooking, .statementNoFormat, .statementNoHeader,
        .statementSettled, .statementUnreadable,
        .stayArrivalPassed, .stayArrived, .stayBeyondHorizon, .stayChanged, .stayEnded, .stayNotYetArrival,
        .stayOverCapacity, .staySleptUntil, .stayState, .stayTooLong,
        .taxAmount, .taxBands, .taxDates, .taxMaxNights, .taxName, .taxRate, .taxTooMany,
        .taxInvoiceCountry, .taxInvoiceIssued, .taxInvoiceIssuer,
        .textControl, .textRequired, .textTooLong,
        .ticketDrawn, .ticketEnded, .ticketExceedsDue, .ticketExpired, .ticketFeeOverLimit, .ticketNotCovered,
        .ticketNotRefundable, .ticketRemaining,
        .visitCancelClosed, .visitServices, .visitTerms,
    ]
}
