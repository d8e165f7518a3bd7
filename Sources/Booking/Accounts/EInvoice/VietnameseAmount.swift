/// An amount in Vietnamese words, as an e-invoice's total in words (`TgTTTBChu`) writes it: groups of three
/// digits read with `nghìn`, `triệu`, `tỷ`; a hundreds digit of zero inside the number read `không trăm`, a
/// tens digit of zero after hundreds `linh`; `mười` for ten to nineteen and `mươi` for the other tens; a
/// one after twenty and more `mốt`, a five after any tens `lăm`; the first letter a capital. 101 is "Một trăm
/// linh một", 2,001 "Hai nghìn không trăm linh một", 1,080,000 "Một triệu không trăm tám mươi nghìn".
public enum VietnameseAmount {
    static let digits = ["không", "một", "hai", "ba", "bốn", "năm", "sáu", "bảy", "tám", "chín"]
    /// The names of the groups of three digits, from the lowest, up to `Money.maxAmount` (a trillion).
    static let groups = ["", "nghìn", "triệu", "tỷ", "nghìn tỷ"]

    /// `amount` (0 to `Money.maxAmount`) in words, with `unit` after it ("đồng").
    public static func words(_ amount: Int, unit: String = "đồng") -> String {
        let text = amount <= 0 ? "không" : spelled(min(amount, Money.maxAmount))
        let sentence = unit.isEmpty ? text : "\(text) \(unit)"
        return sentence.prefix(1).uppercased() + sentence.dropFirst()
    }

    private static func spelled(_ amount: Int) -> String {
        var parts: [Int] = []
        var rest = amount
        while rest > 0 {
            parts.append(rest % 1_000)
            rest /= 1_000
        }
        var words: [String] = []
        for index in stride(from: parts.count - 1, through: 0, by: -1) where parts[index] > 0 {
            words += three(parts[index], full: index < parts.count - 1)
            if !groups[index].isEmpty { words.append(groups[index]) }
        }
        return words.joined(separator: " ")
    }

    /// A group of three digits; `full` when a higher group stands before it, so that its zeros are read.
    private static func three(_ number: Int, full: Bool) -> [String] {
        let (hundreds, tens, units) = (number / 100, number / 10 % 10, number % 10)
        var words: [String] = []
        if hundreds > 0 || full {
            words += [digits[hundreds], "trăm"]
        }
        switch tens {
        case 0:
            if units > 0 {
                if !words.isEmpty { words.append("linh") }
                words.append(digits[units])
            }
        case 1:
            words.append("mười")
            if units > 0 { words.append(units == 5 ? "lăm" : digits[units]) }
        default:
            words += [digits[tens], "mươi"]
            if units == 1 {
                words.append("mốt")
            } else if units == 5 {
                words.append("lăm")
            } else if units > 0 {
                words.append(digits[units])
            }
        }
        return words
    }
}
