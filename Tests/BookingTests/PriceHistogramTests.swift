import Testing

@testable import Booking

/// The buckets behind the guest site's price slider.
struct PriceHistogramTests {
    @Test func noPricesMakeNoBuckets() {
        let histogram = PriceHistogram(prices: [], count: 20, step: 1_000)
        #expect(histogram.buckets.isEmpty)
        #expect(histogram.lowest == nil && histogram.highest == nil)
    }

    @Test func pricesAtTheEdgesOfIntMakeBucketsInsteadOfTrapping() {
        let histogram = PriceHistogram(prices: [Int.min, 0, Int.max], count: 20, step: 1_000)
        #expect(histogram.buckets.reduce(0) { $0 + $1.count } == 3)
    }

    @Test func onePriceMakesOneBucketOfOneStepHoldingIt() {
        let histogram = PriceHistogram(prices: [123_456], count: 20, step: 1_000)
        #expect(histogram.buckets == [.init(from: 123_000, to: 124_000, count: 1)])
    }

    @Test func bucketsStartOnAStepAndAreAWholeNumberOfStepsWide() {
        // 150,401 satang of span in 20 slices would be 7,521 wide: rounded up to 8,000, so 19 buckets.
        let histogram = PriceHistogram(prices: [100_500, 180_000, 250_400], count: 20, step: 1_000)
        let widths = Set(histogram.buckets.map { $0.to - $0.from })
        #expect(widths == [8_000])
        #expect(histogram.buckets.count == 19)
        #expect(histogram.buckets.allSatisfy { $0.from % 1_000 == 0 })
        #expect(histogram.lowest == 100_000)
        #expect(zip(histogram.buckets, histogram.buckets.dropFirst()).allSatisfy { $0.to == $1.from })
    }

    @Test func theHighestPriceIsCountedInTheLastBucket() {
        let histogram = PriceHistogram(prices: [1_000, 1_500, 2_000], count: 2, step: 1)
        #expect(histogram.buckets.map(\.count) == [2, 1])
        let last = histogram.buckets[histogram.buckets.count - 1]
        #expect(last.from <= 2_000 && 2_000 <= last.to)
    }

    @Test func theCountsAddUpToThePricesGiven() {
        var prices: [Int] = []
        var seed = 17
        for _ in 0..<500 {
            seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
            prices.append(80_000 + seed % 400_000)
        }
        let histogram = PriceHistogram(prices: prices, count: 20, step: 1_000)
        #expect(histogram.buckets.reduce(0) { $0 + $1.count } == prices.count)
        #expect(histogram.buckets.count <= 20)
        for price in prices {
            #expect(histogram.buckets.contains { $0.from <= price && price <= $0.to })
        }
    }

    @Test func everyPriceFallsInExactlyOneBucket() {
        let prices = [120_000, 135_000, 150_000, 180_000, 250_000, 400_000, 120_000]
        let histogram = PriceHistogram(prices: prices, count: 5, step: 10_000)
        #expect(histogram.buckets.reduce(0) { $0 + $1.count } == prices.count)
        for price in prices {
            #expect(histogram.buckets.filter { $0.from <= price && price < $0.to }.count == 1)
        }
        #expect(histogram.lowest == 120_000)
        #expect(histogram.buckets.allSatisfy { ($0.to - $0.from) % 10_000 == 0 })
    }

    @Test func bucketsAreOfEqualWidthFromTheLowestPrice() {
        let histogram = PriceHistogram(prices: [100, 200, 300, 400], count: 3, step: 1)
        #expect(histogram.buckets.map(\.from) == [100, 201, 302])
        #expect(histogram.buckets.map(\.count) == [2, 1, 1])  // 100 and 200 in [100, 201)
    }
}
