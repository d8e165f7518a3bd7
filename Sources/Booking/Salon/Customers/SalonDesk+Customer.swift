/// How a booking finds its customer's record.
extension SalonDesk {
    /// The salon's record `id` (`.notFound` naming `field` for one of another salon, or erased).
    func customer(_ id: Int, at salon: Property, field: String = "customer.id") async throws -> Customer {
        guard let customer = try await storage.customer(id: id), customer.propertyID == salon.id, !customer.erased
        else { throw DomainError(.notFound, "no customer \(id) at this salon", field: field) }
        return customer
    }

    /// The record a booking under `contact` is for: the salon's record with the same phone number, or else
    /// the same email, or a new record of the contact. Called inside `SalonStorage.exclusively`, so that two
    /// bookings of one new customer make one record.
    func customer(for contact: BookingContact, reading: String = "", at salon: Property, by userID: Int?)
        async throws -> Customer
    {
        if let known = try await storage.customer(
            propertyID: salon.id, phoneDigits: Customer.matchingDigits(contact.phone),
            email: Customer.matchingEmail(contact.email))
        {
            return known
        }
        return try await storage.insert(
            Customer(
                propertyID: salon.id, name: contact.name, reading: reading, phone: contact.phone,
                email: contact.email),
            by: userID)
    }
}
