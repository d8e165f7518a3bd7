import Testing

@testable import Booking

struct CSVTests {
    static func records(_ text: String) -> [CSV.Record] { CSV.records(Array(text.utf8)) }

    @Test func aFieldASpreadsheetWouldRunAsAFormulaIsWrittenAsTextNumbersAndPhonesAsTheyAre() {
        #expect(
            CSV.line(["=1+1", "@SUM(A1)", "+cmd|' /C calc'!A0", "\tx"])
                == "'=1+1,'@SUM(A1),'+cmd|' /C calc'!A0,'\tx\r\n")
        #expect(CSV.line(["-1500", "+66 81 234 5678", "-", "Ann"]) == "-1500,+66 81 234 5678,-,Ann\r\n")
        // Read back, the apostrophe stays: the text is what the guest typed, not a formula.
        #expect(CSV.records(Array(CSV.line(["=1+1"]).utf8)).first?.fields == ["'=1+1"])
    }

    @Test func quotedFieldsKeepTheirCommasQuotesAndLineBreaks() {
        let records = Self.records("a,\"b, c\",\"say \"\"hi\"\"\",\"two\nlines\"\nnext,row\n")
        #expect(records.map(\.fields) == [["a", "b, c", "say \"hi\"", "two\nlines"], ["next", "row"]])
        #expect(records.allSatisfy { $0.problem == nil })
    }

    @Test func aRecordIsNumberedByTheLineItStartsOnPastQuotedLineBreaks() {
        let records = Self.records("h1,h2\n\"one\ntwo\nthree\",x\nlast,y\n")
        #expect(records.map(\.line) == [1, 2, 5])
    }

    @Test func aByteOrderMarkIsSkippedAndCRLFAndLFBothEndRecords() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("name,room\r\nAnn,101\nBo,102\r\n".utf8)
        let records = CSV.records(bytes)
        #expect(records.map(\.fields) == [["name", "room"], ["Ann", "101"], ["Bo", "102"]])
        #expect(records.map(\.line) == [1, 2, 3])
    }

    @Test func blankLinesAndAMissingLastLineBreakReadAsNothingMore() {
        let records = Self.records("a,b\n\n\r\nc,d")
        #expect(records.map(\.fields) == [["a", "b"], ["c", "d"]])
        #expect(records.map(\.line) == [1, 4])
    }

    @Test func aTrailingCommaIsAnEmptyLastField() {
        #expect(Self.records("a,,\n").map(\.fields) == [["a", "", ""]])
    }

    @Test func aQuotedFieldNeverClosedIsAProblemNamingTheLineItOpensOn() {
        let records = Self.records("a,b\nc,\"open\nstill open\n")
        #expect(records.count == 2)
        #expect(records[1].line == 2)
        #expect(records[1].problem?.contains("opened on line 2 is never closed") == true)
    }

    @Test func textAfterAClosingQuoteIsAProblemAndTheNextRecordStillReads() {
        let records = Self.records("\"a\"b,c\nd,e\n")
        #expect(records[0].problem?.contains("after a quoted field's closing quote") == true)
        #expect(records[1].fields == ["d", "e"])
        #expect(records[1].problem == nil)
    }

    @Test func aQuoteInsideAnUnquotedFieldIsAProblem() {
        #expect(Self.records("a\"b,c\n")[0].problem?.contains("quote inside a field") == true)
    }

    @Test func bytesThatAreNotUTF8AreAProblemOfTheirRecord() {
        let records = CSV.records(Array("ok,fine\n".utf8) + [0x61, 0xFF, 0x2C, 0x62, 0x0A])
        #expect(records[0].problem == nil)
        #expect(records[1].problem == "field 1 is not UTF-8 text")
    }

    @Test func aLineQuotesOnlyTheFieldsThatNeedItAndReadsBackTheSame() {
        let fields = ["plain", "with, comma", "say \"hi\"", "two\r\nlines", " padded", "ไทย", ""]
        let line = CSV.line(fields)
        #expect(line == "plain,\"with, comma\",\"say \"\"hi\"\"\",\"two\r\nlines\",\" padded\",ไทย,\r\n")
        #expect(Self.records(line).map(\.fields) == [fields])
    }
}
