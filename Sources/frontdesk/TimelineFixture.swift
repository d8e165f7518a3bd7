import ArgumentParser
import Timeline
import TimelineWasm

/// `frontdesk fixture timeline --seed N`: drives the engine's C ABI natively through a seeded script
/// of calls and prints each call with its result and output words as JSON. `Tests/Web` replays the
/// same calls on the WebAssembly build and expects the very same words.
struct TimelineFixture: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Print a seeded script of engine calls with the native engine's answers."
    )

    @Option(help: "The seed for the script's random board, rectangles and edits.") var seed = 1

    func run() throws {
        var recorder = CallRecorder()
        var random = SeededGenerator(seed: UInt64(seed))
        let firstDay = 20_000 + seed
        recorder.void("tl_set_day_axis", [Double(firstDay), 60, 40, 0.5, 0.5]) {
            tl_set_day_axis(Int32(firstDay), 60, 40, 0.5, 0.5)
        }
        recorder.void("tl_set_metrics", [120, 50, 30, 24, 3]) { tl_set_metrics(120, 50, 30, 24, 3) }
        recorder.void("tl_set_now", [Double(firstDay + 5), 600]) { tl_set_now(Int32(firstDay + 5), 600) }

        // Rows: groups of members; the first group's rows allow overlap (like staff), the rest forbid it.
        var rowWords: [Int32] = []
        var memberIDs: [Int32] = []
        var groupIDs: [Int32] = []
        for group in 0..<4 {
            let groupID = Int32(900 + group)
            groupIDs.append(groupID)
            rowWords += [groupID, 1, 0]
            for member in 0..<(3 + random.next(below: 5)) {
                let id = Int32(group * 100 + member + 1)
                memberIDs.append(id)
                rowWords += [id, 0, group == 0 ? 0 : 1]
            }
        }
        let rowCount = Int32(rowWords.count / 3)
        recorder.int("tl_load_rows", [Double(rowCount)], input: rowWords) { tl_load_rows(rowCount) }

        // Items, overlapping at random (bad data in rooms that forbid overlap becomes conflicts), some
        // in group header rows (unassigned stays).
        var itemWords: [Int32] = []
        var itemIDs: [Int32] = []
        for index in 0..<(60 + random.next(below: 60)) {
            let id = Int32(index + 1)
            let row =
                random.next(below: 8) == 0
                ? groupIDs[random.next(below: groupIDs.count)] : memberIDs[random.next(below: memberIDs.count)]
            let start = Int32(firstDay - 3 + random.next(below: 66))
            let end = start + 1 + Int32(random.next(below: 6))
            itemIDs.append(id)
            itemWords += [id, row, start, end, Int32(random.next(below: 4))]
        }
        let itemCount = Int32(itemWords.count / 5)
        recorder.int("tl_load_items", [Double(itemCount)], input: itemWords) { tl_load_items(itemCount) }
        recorder.int("tl_load_items", [1], input: [1, 9999, 0, 1, 0]) { tl_load_items(1) }

        func queries() {
            recorder.float("tl_content_width", []) { tl_content_width() }
            recorder.float("tl_content_height", []) { tl_content_height() }
            recorder.float("tl_now_x", []) { tl_now_x() }
            recorder.int("tl_item_count", []) { tl_item_count() }
            recorder.int("tl_conflicts", []) { tl_conflicts() }
            for _ in 0..<12 {
                let rect = [0, 1, 2, 3].map { side in Double(random.next(below: side < 2 ? 2600 : 900)) }
                let (x, y, width, height) = (Float(rect[0]), Float(rect[1]), Float(rect[2]), Float(rect[3]))
                recorder.int("tl_query_items", rect) { tl_query_items(x, y, width, height) }
                recorder.int("tl_query_rows", [rect[1], rect[3]]) { tl_query_rows(y, height) }
                recorder.int("tl_query_columns", [rect[0], rect[2]]) { tl_query_columns(x, width) }
                recorder.int("tl_query_spans", [rect[0], rect[2]]) { tl_query_spans(x, width) }
                recorder.int("tl_panes", rect) { tl_panes(x, y, width, height) }
                let step = Int32([1, 5, 15, 30, 60][random.next(below: 5)])
                recorder.int("tl_hit_test", [rect[0], rect[1], rect[2] / 4, rect[3] / 4, Double(step)]) {
                    tl_hit_test(x, y, width / 4, height / 4, step)
                }
            }
            for _ in 0..<8 {
                let id = itemIDs[random.next(below: itemIDs.count)]
                recorder.int("tl_item", [Double(id)]) { tl_item(id) }
                let row = memberIDs[random.next(below: memberIDs.count)]
                let start = Int32(firstDay + random.next(below: 60))
                let end = start + 1 + Int32(random.next(below: 5))
                recorder.int("tl_preview", [Double(id), Double(row), Double(start), Double(end)]) {
                    tl_preview(id, row, start, end)
                }
            }
        }

        queries()
        for index in 0..<20 {
            let id = itemIDs[random.next(below: itemIDs.count)]
            let row = memberIDs[random.next(below: memberIDs.count)]
            let start = Int32(firstDay + random.next(below: 60))
            let end = start + 1 + Int32(random.next(below: 5))
            switch index % 4 {
            case 0:
                recorder.int("tl_move", [Double(id), Double(row), Double(start), Double(end)]) {
                    tl_move(id, row, start, end)
                }
            case 1:
                let newID = Int32(5000 + index)
                recorder.int("tl_insert", [Double(newID), Double(row), Double(start), Double(end), 2]) {
                    tl_insert(newID, row, start, end, 2)
                }
            case 2:
                recorder.int("tl_remove", [Double(id)]) { tl_remove(id) }
            default:
                recorder.int("tl_set_style", [Double(id), 3]) { tl_set_style(id, 3) }
            }
        }
        let collapsed = groupIDs[1]
        recorder.int("tl_set_collapsed", [Double(collapsed), 1]) { tl_set_collapsed(collapsed, 1) }
        queries()
        recorder.int("tl_set_collapsed", [Double(collapsed), 0]) { tl_set_collapsed(collapsed, 0) }

        recorder.void("tl_set_minute_axis", [0, 1440, 30, 80]) { tl_set_minute_axis(0, 1440, 30, 80) }
        recorder.void("tl_set_business_hours", [600, 1200]) { tl_set_business_hours(600, 1200) }
        recorder.void("tl_set_now", [725, 0]) { tl_set_now(725, 0) }
        recorder.void("tl_set_fill_height", [3000]) { tl_set_fill_height(3000) }
        queries()
        recorder.int("tl_generate", [40, 400, Double(seed)]) { tl_generate(40, 400, Int32(seed)) }
        recorder.void("tl_set_day_axis", [Double(firstDay), 90, 32, 0.5, 0.5]) {
            tl_set_day_axis(Int32(firstDay), 90, 32, 0.5, 0.5)
        }
        recorder.int("tl_generate", [40, 400, Double(seed)]) { tl_generate(40, 400, Int32(seed)) }
        queries()
        print(recorder.json)
    }
}

/// Records calls to the C ABI with their results and output words, as the JSON the Node tests read.
struct CallRecorder {
    private var calls: [String] = []

    var json: String { "{\"calls\": [\n" + calls.joined(separator: ",\n") + "\n]}" }

    mutating func int(_ name: String, _ args: [Double], input: [Int32] = [], _ call: () -> Int32) {
        write(input)
        let result = call()
        append(name, args, input: input, result: "\(result)", type: "i32")
    }

    mutating func float(_ name: String, _ args: [Double], _ call: () -> Float) {
        let result = call()
        append(name, args, input: [], result: "\(Double(result))", type: "f32")
    }

    mutating func void(_ name: String, _ args: [Double], _ call: () -> Void) {
        call()
        append(name, args, input: [], result: "null", type: "void")
    }

    private func write(_ words: [Int32]) {
        guard !words.isEmpty else { return }
        let buffer = tl_input(Int32(words.count)).assumingMemoryBound(to: Int32.self)
        for (index, word) in words.enumerated() { buffer[index] = word }
    }

    private mutating func append(_ name: String, _ args: [Double], input: [Int32], result: String, type: String) {
        let outputWords = tl_output().assumingMemoryBound(to: Int32.self)
        let output = (0..<Int(tl_output_length())).map { "\(outputWords[$0])" }
        let argList = args.map { $0 == $0.rounded() && abs($0) < 1e15 ? "\(Int($0))" : "\($0)" }
        calls.append(
            "{\"fn\": \"\(name)\", \"args\": [\(argList.joined(separator: ", "))], "
                + "\"input\": [\(input.map { "\($0)" }.joined(separator: ", "))], "
                + "\"result\": \(result), \"resultType\": \"\(type)\", "
                + "\"output\": [\(output.joined(separator: ", "))]}")
    }
}
