import EmailSyntax
import PayCode

/// The bounds of what a person types into the desk's and the guest site's fields, each the domain's own
/// constant, by the name a page asks for it: served whole (`GET /api/v1/public/limits`), so that no page
/// writes a bound of its own and none can drift from the rule that checks it.
public enum FieldLimits {
    /// A field's bound: for a number, its least and greatest values (or the only values it takes); for
    /// text, its least and greatest lengths.
    public struct Bound: Hashable, Sendable {
        public var min: Int?
        public var max: Int?
        public var choices: [Int]?

        public init(min: Int? = nil, max: Int? = nil, choices: [Int]? = nil) {
            self.min = min
            self.max = max
            self.choices = choices
        }

        /// A number from `range.lowerBound` to `range.upperBound`.
        public static func range(_ range: ClosedRange<Int>) -> Bound {
            Bound(min: range.lowerBound, max: range.upperBound)
        }

        /// Text of at most `limit` characters.
        public static func text(_ limit: Int) -> Bound { Bound(max: limit) }
    }

    /// Every field's bound by its name: the subject, then the field (`stay.adults`).
    public static let all: [String: Bound] = [
        // A guest, a salon's customer, a waitlist's entry.
        "guest.name": .text(Guest.nameLimit),
        "guest.email": .text(EmailSyntax.maxBytes),
        "guest.phone": .text(Guest.phoneLimit),
        "customer.reading": .text(Customer.readingLimit),
        "customer.notes": .text(Customer.notesLimit),
        // A stay and its folio.
        "stay.adults": .range(1...Stay.maxGuests),
        "stay.notes": .text(Stay.notesLimit),
        "stay.cancelReason": .text(DeskCancellation.reasonLimit),
        "stay.confirmationCode": .text(StayImport.codeLimit),
        "posting.description": .text(Posting.descriptionLimit),
        "payment.reference": .text(SaleOrder.referenceLimit),
        "rates.stayNights": .range(1...Stay.maxNightsOnline),
        "board.days": .range(1...Stay.boardDays),
        "housekeeping.housekeeper": .text(Room.housekeeperLimit),
        "housekeeping.reason": .text(RoomBlock.reasonLimit),
        // A salon's checkout, series and set-up.
        "sale.payments": .range(1...Sale.maxPayments),
        "sale.quantity": .range(1...Sale.maxQuantity),
        "series.weeks": .range(RepeatRule.intervals),
        "series.times": .range(RepeatRule.counts),
        "service.durationMinutes": .range(BookableService.durations),
        "service.bufferMinutes": .range(BookableService.buffers),
        "product.name": .text(Product.nameLimit),
        "ticketOffer.name": .text(TicketBook.nameLimit),
        "ticketOffer.visits": .range(TicketBook.visitCounts),
        "ticketOffer.months": .range(TicketOffer.monthCounts),
        "resource.name": .text(NamedResource.nameLimit),
        "resource.count": .range(SalonResource.counts),
        "booking.daysAhead": .range(BookingWindow.horizons),
        "booking.noticeMinutes": .range(BookingWindow.notices),
        "booking.gridMinutes": Bound(choices: BookingWindow.gridSteps),
        "terms.lateCancellationMinutes": .range(VisitTerms.notices),
        // The property's settings.
        "tax.name": .text(Tax.nameLimit),
        "tax.basisPoints": .range(Tax.rates),
        "tax.maxNights": .range(1...Stay.maxNights),
        "plan.name": .text(RatePlan.nameLimit),
        "plan.adjustmentBasisPoints": .range(RatePlan.adjustments),
        "plan.freeCancellationDays": .range(RatePlan.freeCancellationDays),
        "plan.lateCancellationBasisPoints": .range(RatePlan.lateCancellationShares),
        "plan.depositBasisPoints": .range(RatePlan.depositShares),
        "messages.preArrivalDays": .range(MessageSettings.preArrivalDays),
        "messages.reminderHours": .range(MessageSettings.reminderHours),
        "messages.note": .text(MessageSettings.noteLimit),
        "translation.name": .text(TranslatableText.nameLimit),
        "translation.summary": .text(TranslatableText.summaryLimit),
        "webhook.url": .text(Webhook.urlLimit),
        "staff.name": .text(User.nameLimit),
        "staff.password": .range(User.passwordLength),
        // Money's paper and the bank.
        "buyer.name": .text(Issuer.nameLimit),
        "buyer.address": .text(Issuer.addressLimit),
        "buyer.taxId": .text(Issuer.taxIDLimit),
        "buyer.branch": .range(Issuer.branchLength...Issuer.branchLength),
        "company.email": .text(EmailSyntax.maxBytes),
        "folio.payer": .text(FolioSplit.nameLimit),
        "folio.count": .range(1...FolioSplit.maxFolios),
        "group.roomsOnline": .range(2...BookingGroup.maxRoomsOnline),
        "search.rooms": .range(GuestCombination.searchRooms),
        "group.roomsOfType": .range(0...BookingGroup.maxRooms),
        "room.query": .text(RoomCharge.queryLimit),
        "account.number": .text(ReceivingAccount.numberLimit),
        "account.bankBin": .range(VietQR.bankBINLength...VietQR.bankBINLength),
        "account.holder": .text(ReceivingAccount.holderLimit),
        "bank.name": .text(StatementFormat.nameLimit),
        "eInvoice.provider": .text(PortalUpload.taxCodeLimit),
        "cashReceipt.approvalNumber": .range(CashReceipt.approvalDigits),
        "cashReceipt.identifier": .text(CashReceipt.identifierLimit),
    ]
}
