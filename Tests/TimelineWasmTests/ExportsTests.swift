import Testing
import Timeline

@testable import TimelineWasm

/// The C ABI called natively, as JavaScript calls it in the browser. One board lives in the module's
/// globals, so these tests run one at a time.
@Suite(.serialized)
struct ExportsTests {
    func words(_ count: Int) -> [Int32] {
        let output = tl_output().assumingMemoryBound(to: Int32.self)
        return (0..<count).map { output[$0] }
    }

    func float(_ word: Int32) -> Float { Float(bitPattern: UInt32(bitPattern: word)) }

    func load(rows: [Int32], items: [Int32]) -> (Int32, Int32) {
        var buffer = tl_input(Int32(rows.count)).assumingMemoryBound(to: Int32.self)
        for (index, word) in rows.enumerated() { buffer[index] = word }
        let rowStatus = tl_load_rows(Int32(rows.count / 3))
        buffer = tl_input(Int32(items.count)).assumingMemoryBound(to: Int32.self)
        for (index, word) in items.enumerated() { buffer[index] = word }
        return (rowStatus, tl_load_items(Int32(items.count / 5)))
    }

    @Test func loadedStaysComeBackFromAViewportQuery() {
        tl_set_day_axis(100, 10, 50, 0.5, 0.5)
        tl_set_metrics(160, 56, 36, 28, 4)
        let status = load(rows: [9, 1, 0, 1, 0, 1, 2, 0, 1], items: [1, 1, 101, 103, 2, 2, 2, 100, 101, 0])
        #expect(status == (0, 0))
        #expect(tl_query_items(0, 0, 2000, 2000) == 2)
        let record = words(8)
        #expect(Array(record[0..<4]) == [1, 1, 2, 0])
        #expect(float(record[4]) == 160 + 1.5 * 50)
        #expect(float(record[5]) == 56 + 28 + 4)
        #expect(float(record[6]) == 100)
        #expect(float(record[7]) == 28)
        #expect(tl_output_length() == 16)
    }

    @Test func badRecordsAreRefusedWithTheirStatusAndChangeNothing() {
        tl_set_day_axis(100, 10, 50, 0.5, 0.5)
        #expect(load(rows: [1, 0, 1], items: [1, 1, 101, 103, 0]) == (0, 0))
        #expect(load(rows: [1, 0, 1], items: [1, 5, 101, 103, 0]).1 == TimelineError.Code.unknownRow.rawValue)
        #expect(tl_item_count() == 0)  // loading rows dropped the items; the bad load added none
        #expect(load(rows: [1, 0, 1, 1, 0, 0], items: []).0 == TimelineError.Code.duplicateRow.rawValue)
        #expect(tl_row_count() == 1)
        #expect(tl_move(42, 1, 0, 1) == TimelineError.Code.unknownItem.rawValue)
        #expect(tl_output_length() == 1)
        #expect(words(1) == [42])
    }

    @Test func anEditIsVisibleToTheNextQuery() {
        tl_set_day_axis(100, 10, 50, 0.5, 0.5)
        #expect(load(rows: [1, 0, 1, 2, 0, 1], items: [1, 1, 101, 103, 0, 2, 2, 101, 102, 0]) == (0, 0))
        #expect(tl_preview(1, 2, 101, 103) == 0)
        #expect(Array(words(2)) == [0, 1])  // lane 0 (it starts first, then by id), one conflict
        #expect(words(7)[6] == 2)
        #expect(tl_move(1, 2, 102, 104) == 0)
        #expect(tl_item(1) == 0)
        #expect(Array(words(4)) == [2, 102, 104, 0])
        #expect(tl_conflicts() == 0)
        #expect(tl_insert(3, 2, 103, 105, 1) == 0)
        #expect(tl_conflicts() == 2)
        #expect(Set(words(2)) == [1, 3])
        #expect(tl_remove(3) == 0)
        #expect(tl_conflicts() == 0)
    }

    @Test func generatedBoardsMatchTheNativeGenerator() {
        tl_set_day_axis(20_000, 365, 48, 0.5, 0.5)
        #expect(tl_generate(100, 5000, 42) == 5000)
        let hotel = SyntheticBoard.hotel(rooms: 100, firstDay: 20_000, days: 365, stays: 5000, seed: 42)
        #expect(tl_row_count() == Int32(hotel.rows.count))
        #expect(tl_item(77) == 0)
        let item = hotel.items[76]
        #expect(Array(words(4)) == [Int32(item.row), Int32(item.start), Int32(item.end), Int32(item.style)])
        tl_set_minute_axis(0, 1440, 30, 60)
        #expect(tl_generate(10, 10, 1) == -TimelineError.Code.noDayAxis.rawValue)
    }

    @Test func hitTestNamesTheRegionRowAndItem() {
        tl_set_day_axis(100, 10, 50, 0.5, 0.5)
        tl_set_metrics(160, 56, 36, 28, 4)
        #expect(load(rows: [1, 0, 1], items: [7, 1, 101, 103, 0]) == (0, 0))
        #expect(tl_hit_test(160 + 2 * 50, 56 + 18, 0, 0, 1) == 4)
        #expect(Array(words(8)) == [4, 1, 0, 0, 7, 101, 102, 2])
        #expect(tl_hit_test(10, 10, 0, 0, 1) == 1)
    }
}
