import Foundation
import Testing
@testable import AsyncNet

@Suite("Shell quoting", .timeLimit(.minutes(1)))
struct ShellQuoteTests {
    @Test(arguments: [
        ("plain", "'plain'"),
        ("it's", #"'it'\''s'"#),
        ("''", #"''\'''\'''"#),
        (#"back\slash"#, #"'back\slash'"#),
        ("$HOME `id` $(id) !x *", "'$HOME `id` $(id) !x *'"),
        ("é 中文 🎉", "'é 中文 🎉'"),
        ("a\nb", #"$'a\nb'"#),
        ("tab\there", #"$'tab\there'"#),
        ("cr\r\n", #"$'cr\r\n'"#),
        ("bell\u{7}", #"$'bell\x07'"#),
        ("rtl\u{202E}txt", #"$'rtl\xe2\x80\xaetxt'"#),
        ("q'uote\n\\!", #"$'q\'uote\n\\\x21'"#),
    ])
    func wordQuotesText(text: String, expected: String) {
        #expect(ShellQuote.word(text) == expected)
    }

    @Test func newlinesMayStayLiteralInBodies() {
        #expect(ShellQuote.word("{\n\t\"a\": 1\n}", allowingNewlines: true) == "'{\n\t\"a\": 1\n}'")
        #expect(ShellQuote.word("a\r\nb", allowingNewlines: true) == #"$'a\r\nb'"#)
    }

    @Test func bytesThatAreNotUTF8AreHexEscaped() {
        #expect(ShellQuote.ansiC(Data([0x61, 0xFF, 0x27, 0x5C, 0x0A])) == #"$'a\xff\'\\\x0a'"#)
    }

    @Test func printfArgumentEscapesInOctal() {
        #expect(ShellQuote.printfArgument(Data([0x00, 0x41, 0x27, 0x5C, 0xFF, 0x0A])) == #"'\0000A'\''\\\0377\0012'"#)
    }

    @Test func tokensStayBareOnlyWhenSafe() {
        #expect(ShellQuote.token("PATCH") == "PATCH")
        #expect(ShellQuote.token("MY METHOD") == "'MY METHOD'")
        #expect(ShellQuote.token("X;rm") == "'X;rm'")
    }

    /// Runs one bash command printing each word followed by a NUL, and splits the output.
    private func bashReadsBack(_ words: [String]) async throws -> [Data] {
        let output = try await Shell.run("printf '%s\\0' " + words.joined(separator: " "))
        return output.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { Data($0) }
    }

    /// Every word bash reads back must be exactly the text.
    @Test func bashReadsEveryWordBackExactly() async throws {
        var texts = ["plain", "it's", "'", "''", "\\", "\\'", "a\nb", "\t", "\r\n", "é 中文 🎉", "\u{202E}x",
                     "$HOME", "`id`", "$(id)", "!!", "!x", "*", "~", "a b", "\"", "-n", "--", "\u{7F}", "\u{85}",
                     "\u{2028}", "\u{FEFF}bom", "%s %b \\0 \\x41", ""]
        texts.append(String(decoding: (1...0x7F).map { UInt8($0) }, as: UTF8.self))
        for allowingNewlines in [false, true] {
            let words = texts.map { ShellQuote.word($0, allowingNewlines: allowingNewlines) }
            let outputs = try await bashReadsBack(words)
            try #require(outputs.count == texts.count)
            for (index, text) in texts.enumerated() {
                #expect(outputs[index] == Data(text.utf8), "\(words[index])")
            }
        }
    }

    @Test func bashReadsEveryNonNULByteBackExactly() async throws {
        var inputs = [Data((1...0xFF).map { UInt8($0) })]
        inputs += (1...0xFF).map { Data([UInt8($0), 0x78, UInt8($0)]) }
        let outputs = try await bashReadsBack(inputs.map(ShellQuote.ansiC))
        #expect(outputs == inputs)
    }

    @Test func printfReproducesEveryByteIncludingNUL() async throws {
        let everyByte = Data((0...0xFF).map { UInt8($0) } + [0, 0x30, 0x37, 0x5C, 0x30])
        let output = try await Shell.run("printf '%b' " + ShellQuote.printfArgument(everyByte))
        #expect(output == everyByte)
    }
}
