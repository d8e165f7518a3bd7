/// Something a salon sells over the counter (a shampoo, a treatment to take home), at its price. The
/// checkout adds products to a visit; a product taken off the list is kept inactive, so a sale that
/// sold it still names it.
public struct Product: Hashable, Sendable, Identifiable {
    public var id: Int
    public var name: String
    /// What one costs, taxes as the salon's prices hold them (inside in Japan, added in Thailand).
    public var price: Money
    /// A product no longer sold.
    public var active: Bool

    public init(id: Int, name: String, price: Money, active: Bool = true) {
        self.id = id
        self.name = name
        self.price = price
        self.active = active
    }

    /// The longest name of a product, in characters (one line).
    public static let nameLimit = 100
    /// The most products a salon sells at once, and keeps with those taken off the list.
    public static let maxCount = 200
    public static let maxKept = 1_000

    /// Checks a salon's product list before it is stored, each refusal naming its field
    /// (`products[2].price.amount`): unique names of 1 to 100 characters among those sold, prices from
    /// zero to `Money.maxAmount` in the salon's currency.
    public static func validate(_ products: [Product], currency: Currency) throws(DomainError) {
        guard products.count(where: \.active) <= maxCount, products.count <= maxKept else {
            throw .invalid(
                "products", "a salon sells at most \(maxCount) products", reason: .numberRange,
                params: ["min": "0", "max": String(maxCount), "value": String(products.count(where: \.active))])
        }
        var names: Set<String> = []
        for (index, product) in products.enumerated() {
            let field = "products[\(index)]"
            let name = product.name.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, name == product.name else {
                throw .invalid("\(field).name", "a product needs a name, without spaces around", reason: .textRequired)
            }
            try FreeText.validate(product.name, field: "\(field).name", limit: nameLimit, lines: false)
            guard !product.active || names.insert(name).inserted else {
                throw .invalid("\(field).name", "another product is named '\(name)'", reason: .productName)
            }
            guard product.price.currency == currency else {
                throw .invalid("\(field).price.currency", "the salon's prices are in \(currency.code)")
            }
            try Money.validate(amount: product.price.amount, field: "\(field).price.amount", in: 0...Money.maxAmount)
        }
    }
}
