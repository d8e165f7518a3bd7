import Booking
import Hummingbird

// The API's JSON shapes: dates `YYYY-MM-DD`, money `{"amount": minor units, "currency": "THB"}`.

struct MoneyJSON: Codable, Equatable {
    var amount: Int
    var currency: String

    init(_ money: Money) {
        amount = money.amount
        currency = money.currency.code
    }
}
