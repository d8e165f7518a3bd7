import API
import Booking
import Foundation
import Testing

/// Every bound the API document states on a name, notes, a reason or a party is the domain's own
/// constant: the document is checked against the one definition, so that neither can move alone.
struct DomainLimitsDocumentTests {
    /// A bound the document states: where, on which field, and what it says.
    struct Bound: CustomStringConvertible {
        var schema: String
        var field: String
        var value: Int
        var description: String { "\(schema).\(field) = \(value)" }
    }

    /// The `maxLength` or `maximum` of every property and parameter the rules below concern.
    static func bounds() throws -> [Bound] {
        let document = try JSONSerialization.jsonObject(with: Data(APIDocument.json.utf8))
        var found: [Bound] = []
        func walk(_ node: Any, _ path: [String]) {
            if let object = node as? [String: Any] {
                if let properties = object["properties"] as? [String: Any] {
                    for (field, schema) in properties {
                        guard let schema = schema as? [String: Any],
                            let value = (schema["maxLength"] ?? schema["maximum"]) as? Int
                        else { continue }
                        found.append(Bound(schema: path.suffix(3).joined(separator: "/"), field: field, value: value))
                    }
                }
                if object["in"] is String, let field = object["name"] as? String,
                    let value = (object["schema"] as? [String: Any])?["maximum"] as? Int
                {
                    found.append(Bound(schema: path.suffix(3).joined(separator: "/"), field: field, value: value))
                }
                for (key, child) in object { walk(child, path + [key]) }
            } else if let array = node as? [Any] {
                for (index, child) in array.enumerated() { walk(child, path + [String(index)]) }
            }
        }
        walk(document, [])
        return found
    }

    /// The domain's constant for a bound on `field` in `schema`; nil for one these rules do not concern.
    static func domainLimit(_ bound: Bound) -> Int? {
        switch bound.field {
        case "adults", "children": Stay.maxGuests
        case "infants": Stay.maxInfants
        case "notes": Stay.notesLimit
        case "description": Posting.descriptionLimit
        case "reason" where bound.schema.hasSuffix("CancelRequest"): DeskCancellation.reasonLimit
        case "reason" where bound.schema.contains("RoomBlock"): RoomBlock.reasonLimit
        case "reason"
        where bound.schema.hasSuffix("ReversalRequest") || bound.schema.hasSuffix("RefundRequest")
            || bound.schema.hasSuffix("TicketBookEndingRequest"):
            Posting.descriptionLimit
        case "name" where bound.schema.contains("Product") || bound.schema.hasSuffix("products/items"):
            Product.nameLimit
        case "name" where bound.schema.hasSuffix("guest") || bound.schema.hasSuffix("customer"): Guest.nameLimit
        case "name" where bound.schema.contains("schemas/Customer") || bound.schema.hasSuffix("AppointmentCustomer"):
            Guest.nameLimit
        case "name" where bound.schema.contains("RegisteredGuest"): Guest.nameLimit
        case "reading": Customer.readingLimit
        case "name" where bound.schema.hasSuffix("StaffAddition"): User.nameLimit
        case "name" where bound.schema.hasSuffix("Issuer") || bound.schema.hasSuffix("Buyer"): Issuer.nameLimit
        case "name" where bound.schema.hasSuffix("CompanyRequest"): Issuer.nameLimit
        case "name" where bound.schema.hasSuffix("GroupRequest"): BookingGroup.nameLimit
        case "name" where bound.schema.hasSuffix("folios/items"): FolioSplit.nameLimit
        case "name" where bound.schema.hasSuffix("PropertyTax"): Tax.nameLimit
        case "name" where bound.schema.hasSuffix("RatePlanBody"): RatePlan.nameLimit
        case "name" where bound.schema.hasSuffix("SalonResource"): NamedResource.nameLimit
        case "name" where bound.schema.contains("SalonService"): Service.nameLimit
        case "name" where bound.schema.contains("SalonMember"): StaffMember.nameLimit
        case "name" where bound.schema.contains("TicketOffer") || bound.schema.hasSuffix("offers/items"):
            TicketBook.nameLimit
        default: nil
        }
    }

    @Test func everyNameNotesReasonAndPartyBoundInTheDocumentIsTheDomainsConstant() throws {
        let bounds = try Self.bounds()
        let concerned = bounds.filter {
            ["name", "reading", "notes", "reason", "description", "adults", "children", "infants"].contains($0.field)
        }
        #expect(concerned.count >= 30, "\(concerned)")
        for bound in concerned {
            let limit = try #require(Self.domainLimit(bound), "\(bound): which domain constant is it?")
            #expect(bound.value == limit, "\(bound), the domain says \(limit)")
        }
        // The guest's own party and name, as the booking request of the guest site states them.
        #expect(bounds.contains { $0.schema.hasSuffix("PublicBookingRequest") && $0.field == "adults" })
        #expect(bounds.contains { $0.schema.hasSuffix("guest") && $0.field == "name" })
    }
}
