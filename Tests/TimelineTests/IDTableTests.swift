import Testing

@testable import Timeline

struct IDTableTests {
    @Test(arguments: 1...10)
    func tableAgreesWithADictionaryThroughInsertsAndRemovals(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var table = IDTable<Board.ItemLocation>(empty: Board.ItemLocation(rowIndex: 0, start: 0))
        var expected: [Int: Board.ItemLocation] = [:]
        // Few distinct ids in a narrow range make long probe runs, which removal must keep intact.
        for step in 0..<5000 {
            let id = random.next(below: 600) - 300
            if random.next(below: 3) == 0 {
                table.removeValue(forID: id)
                expected[id] = nil
            } else {
                let location = Board.ItemLocation(rowIndex: step, start: id * 2)
                #expect(table.updateValue(location, forID: id) == expected.updateValue(location, forKey: id))
            }
            #expect(table.count == expected.count)
        }
        for id in -300..<300 { #expect(table[id] == expected[id]) }
    }
}
