/// A thing a salon sells from a list its manager sets whole (its products, its ticket offers): an item keeps
/// its id, and one taken off the list is kept inactive, so what was sold of it keeps its name and terms.
public protocol CatalogueItem {
    var id: Int { get set }
    var active: Bool { get set }
}

extension Product: CatalogueItem {}
extension TicketOffer: CatalogueItem {}

extension Array where Element: CatalogueItem {
    /// The list as sent, set against the `current` one: an item keeps its id, one without (or not the
    /// salon's, or named twice) is given the next; those left out follow, inactive.
    func kept(against current: [Element]) -> [Element] {
        var next = (current.map(\.id).max() ?? 0) + 1
        var kept: [Element] = []
        for var item in self {
            if !current.contains(where: { $0.id == item.id }) || kept.contains(where: { $0.id == item.id }) {
                item.id = next
                next += 1
            }
            kept.append(item)
        }
        for item in current where !kept.contains(where: { $0.id == item.id }) {
            var retired = item
            retired.active = false
            kept.append(retired)
        }
        return kept
    }
}
