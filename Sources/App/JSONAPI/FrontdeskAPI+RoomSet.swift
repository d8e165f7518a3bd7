import API
import Booking
import Foundation

/// The place's answer for several rooms a guest chooses together (`rooms=3,3,5`): the party shared between
/// them by the server's rule (`GuestCombination.share`), each room priced for its share, or why they cannot be
/// booked together. The place page's box and the booking page show it; neither shares the party itself.
extension FrontdeskAPI {
    /// The longest `rooms` asked for: nine ids of ten digits and their commas.
    static let roomSetLength = 100

    func roomSet(
        _ asked: String, at property: Property, roomTypes: [RoomType], query: PublicController.Query,
        language: Language?
    ) async throws -> Components.Schemas.PublicRoomSet {
        guard asked.utf8.count <= Self.roomSetLength else {
            throw DomainError.invalid("rooms", "at most \(Self.roomSetLength) characters")
        }
        let ids = asked.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
        try BookingGroup.validate(rooms: ids.count, name: "", limit: BookingGroup.maxRoomsOnline)
        let chosen = try ids.map { id in
            guard let id, let roomType = roomTypes.first(where: { $0.id == id }) else {
                throw DomainError.invalid("rooms", "'\(asked)' names a room type this place does not have")
            }
            return roomType
        }
        func room(_ roomType: RoomType, _ share: Party?, _ price: StayPrice?) throws
            -> Components.Schemas.PublicRoomSet.RoomsPayloadPayload
        {
            .init(
                roomTypeId: roomType.id, name: property.translations.word(roomType.name, in: language),
                capacity: roomType.capacity, adults: share?.adults, children: share?.children,
                price: try price.map { try .init($0.worded(property.translations, in: language)) })
        }
        let shares: [Party]
        do {
            shares = try GuestCombination.share(query.party, between: chosen)
        } catch {
            return .init(rooms: try chosen.map { try room($0, nil, nil) }, refusal: try .init(error))
        }
        // Each share's offers once: a family in 3, 3 and 2 asks twice, not three times.
        var offers: [Party: [GuestOffer]] = [:]
        for share in Set(shares) {
            var asked = query
            asked.adults = share.adults
            asked.children = share.children
            offers[share] = try await guestSite.offers(for: property, asked)
        }
        var refusal: DomainError?
        var prices: [StayPrice] = []
        let rooms = try zip(chosen, shares).map { roomType, share in
            let offer = offers[share]?.first { $0.roomType.id == roomType.id }
            guard let offer, offer.available >= chosen.count(where: { $0.id == roomType.id }) else {
                refusal =
                    refusal ?? roomType.restrictionRefusal(for: query.nights)
                    ?? DomainError(
                        .conflict, "not every room asked for is free on those dates", field: "rooms",
                        reason: .groupUnavailable)
                return try room(roomType, share, nil)
            }
            prices.append(offer.price)
            return try room(roomType, share, offer.price)
        }
        let total = refusal == nil ? Money(prices.map(\.total.amount).saturatedSum(), property.currency) : nil
        return .init(
            rooms: rooms, total: try total.map { try .init($0) },
            refusal: try refusal.map(Components.Schemas.PlaceRefusal.init))
    }
}

extension Components.Schemas.PlaceRefusal {
    /// A refusal a place's page states beside what it offers: its reason, its English words and their params.
    init(_ error: DomainError) throws {
        self.init(
            reason: try documented(error.reason?.code ?? ""), message: error.message,
            params: error.params.isEmpty ? nil : .init(additionalProperties: error.params))
    }
}
