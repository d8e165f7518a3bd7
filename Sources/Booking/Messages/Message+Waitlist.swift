/// The message a waitlist's offer sends: the time, who does it, and how long it is held.
extension NewMessage {
    /// `offer` of `service` (its name as stored) with `staffName`, to the customer of `entry` in the
    /// language they asked in.
    public static func waitlistOffer(
        _ offer: WaitlistOffer, to entry: WaitlistEntry, salon: Property, service: String, staffName: String?
    ) -> NewMessage {
        let language = entry.request.language
        var facts = MessageFacts(
            propertyName: salon.name, guestName: entry.request.customerName, confirmationCode: "",
            timeZoneID: salon.timeZoneID, startMinute: offer.start,
            services: [salon.translations.word(service, in: language)], staffName: staffName)
        facts.offerToken = offer.token
        facts.heldUntilMinute = Int(offer.expiresAt / 60_000)
        return NewMessage(
            kind: .waitlistOffer, propertyID: salon.id, waitlistOfferID: offer.id, recipient: entry.request.email,
            recipientName: entry.request.customerName, language: language, facts: facts)
    }
}
