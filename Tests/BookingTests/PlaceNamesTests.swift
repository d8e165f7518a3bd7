import Testing

@testable import Booking

/// Names of cities and regions typed in any of the guest site's languages.
struct PlaceNamesTests {
    let names = PlaceNames.standard

    @Test(arguments: ["치앙마이", "เชียงใหม่", "チェンマイ", "ちぇんまい", "CHIANG MAI", "  chiang   mai "])
    func aWholeNameInAnyLanguageMatchesWhole(query: String) {
        #expect(names.match(query, name: "Chiang Mai") == .whole)
    }

    @Test func vietnameseMatchesWithOrWithoutItsAccents() {
        #expect(names.match("Hà Nội", name: "Hanoi") == .whole)
        #expect(names.match("ha noi", name: "Hanoi") == .whole)
        #expect(names.match("đà", name: "Da Nang") == .start)
    }

    @Test func startsOfNamesBeatStartsOfWordsWhichBeatAnywhere() {
        #expect(names.match("chi", name: "Chiang Mai") == .start)
        #expect(names.match("mai", name: "Chiang Mai") == .word)
        #expect(names.match("ang", name: "Chiang Mai") == .anywhere)
        #expect(names.match("xyz", name: "Chiang Mai") == nil)
        #expect(names.match(" ", name: "Chiang Mai") == nil)
    }

    @Test func thaiTypedUpToAVowelSignStillMatchesTheStart() {
        // เช is เ and ช; in เชียงใหม่ the ช carries the vowel sign ี.
        #expect(names.match("เช", name: "Chiang Mai") == .start)
    }

    @Test func aNameWithoutTranslationsReadsTheSameInEveryLanguageAndStillMatches() {
        let label = names.label("Bench City 3")
        #expect(Set(label.values) == ["Bench City 3"])
        #expect(label.count == Language.allCases.count)
        #expect(names.match("city", name: "Bench City 3") == .word)
    }

    @Test func everyDemoNameHasAllFiveLanguages() {
        for (name, translations) in names.translations {
            #expect(Set(translations.keys) == Set(Language.allCases), "\(name)")
            #expect(translations[.en] == name)
        }
        #expect(names.label("Chiang Mai")[.ko] == "치앙마이")
    }
}
