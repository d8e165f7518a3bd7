/// How many places fall in each slice of a price range: what the guest site draws behind its
/// two-thumb price slider.
public struct PriceHistogram: Equatable, Sendable {
    public struct Bucket: Equatable, Sendable {
        /// From this price (minor units), inclusive...
        public var from: Int
        /// ...to this one, exclusive (inclusive for the last bucket).
        public var to: Int
        public var count: Int
    }

    public var buckets: [Bucket]

    public var lowest: Int? { buckets.first?.from }
    public var highest: Int? { buckets.last?.to }

    /// Prices in `count` equal slices from the lowest to the highest, each slice a whole number of
    /// `step`s (a baht, 100 yen) wide so that the slider's labels are round. No prices, no buckets.
    public init(prices: [Int], count: Int = 20, step: Int = 1) {
        // Prices are sums of bounded rates; held inside a range whose bucket arithmetic cannot overflow.
        let prices = prices.map { Swift.min(Swift.max($0, 0), 1 << 52) }
        guard let low = prices.min(), let high = prices.max(), count > 0 else {
            buckets = []
            return
        }
        let step = max(step, 1)
        let floor = low / step * step
        let span = max(high - floor + 1, 1)
        var width = (span + count - 1) / count
        width = (width + step - 1) / step * step
        let slices = max(1, (span + width - 1) / width)
        var buckets = (0..<slices).map { Bucket(from: floor + $0 * width, to: floor + ($0 + 1) * width, count: 0) }
        for price in prices {
            buckets[min((price - floor) / width, slices - 1)].count += 1
        }
        self.buckets = buckets
    }
}
