/// The message a waitlist's offer sends: the time, who does it, how long it is held, and the deposit booking
/// it asks.
extension NewMessage {
    /// `offer` of `service` (its name as stored) with `staffName`, to the customer of `entry` in the
    /// language they asked in, with the `deposit` booking it asks (none when zero).
    public static func waitlistOffer(
        _ offer: WaitlistOffer, to entry: WaitlistEntry, salon: Property, service: String, staffName: String?,
        deposit: Money? = nil
    ) -> NewMessage {
        let language = entry.request.language
        var facts = MessageFacts(
            propertyName: salon.name, guestName: entry.request.customerName, confirmationCode: "",
            timeZoneID: salon.timeZoneID, startMinute: offer.start,
            services: [salon.translations.word(service, in: language)], staffName: staffName)
        facts.offerToken = offer.token
        facts.heldUntilMinute = Int(offer.expiresAt / 60_000)
        if let deposit, deposit.amount > 0 {
            facts.deposit = deposit.amount
            facts.currency = deposit.currency.code
        }
        return NewMessage(
            kind: .waitlistOffer, propertyID: salon.id, waitlistOfferID: offer.id, recipient: entry.request.email,
            recipientName: entry.request.customerName, language: language, facts: facts)
    }
}
