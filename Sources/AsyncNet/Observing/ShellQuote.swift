import Foundation

/// Quoting for bash: each function returns text that bash reads back as exactly the given bytes. Pure functions.
///
/// - Plain text is single-quoted (`'it'\''s'`): bash takes everything between single quotes literally.
/// - Text with control characters (or invisible formatting characters such as a right-to-left override, which would
///   make a pasted command read differently from what it does) is ANSI-C quoted (`$'a\nb'`), so a person sees them.
/// - Bytes that are not UTF-8 are ANSI-C quoted with `\xHH` escapes. Inside `$'...'`, `!` is written `\x21`:
///   an interactive bash might otherwise apply history expansion to it.
/// - A NUL byte cannot be part of any command-line argument; ``printfArgument(_:)`` writes bytes for
///   `printf '%b'`, which can produce it.
enum ShellQuote {
    /// One bash word for `text`.
    /// - Parameters:
    ///   - text: Any text. A NUL in it cannot be passed as an argument: bash ends the word there.
    ///   - allowingNewlines: Whether a line feed and a tab may stay literal inside single quotes (readable JSON
    ///     bodies); other control characters still select ANSI-C quoting.
    /// - Returns: The quoted word.
    static func word(_ text: String, allowingNewlines: Bool = false) -> String {
        let needsEscapes = text.unicodeScalars.contains {
            needsEscape($0) && !(allowingNewlines && ($0 == "\n" || $0 == "\t"))
        }
        if needsEscapes { return ansiC(Data(text.utf8)) }
        return "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// One bash word for arbitrary bytes: `$'...'` with `\xHH` for every byte that is not printable text.
    /// - Parameter bytes: The bytes; a NUL cannot be passed as an argument (bash ends the word there).
    /// - Returns: The quoted word.
    static func ansiC(_ bytes: Data) -> String {
        var result = "$'"
        if let text = utf8Text(bytes) {
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\\": result += #"\\"#
                case "'": result += #"\'"#
                case "!": result += #"\x21"#
                case "\n": result += #"\n"#
                case "\t": result += #"\t"#
                case "\r": result += #"\r"#
                case _ where needsEscape(scalar): result += String(scalar).utf8.map(hexEscape).joined()
                default: result.unicodeScalars.append(scalar)
                }
            }
        } else {
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\\"): result += #"\\"#
                case UInt8(ascii: "'"): result += #"\'"#
                case UInt8(ascii: "!"): result += #"\x21"#
                case 0x20..<0x7F: result.unicodeScalars.append(Unicode.Scalar(byte))
                default: result += hexEscape(byte)
                }
            }
        }
        return result + "'"
    }

    /// A single-quoted argument for `printf '%b'` that prints exactly `bytes`, NUL bytes included.
    ///
    /// Printable ASCII stays as it is; a backslash becomes `\\`, a single quote `'\''`, and every other byte a
    /// `\0ooo` octal escape, which `%b` understands in bash, dash and zsh alike.
    /// - Parameter bytes: The bytes.
    /// - Returns: The quoted argument.
    static func printfArgument(_ bytes: Data) -> String {
        var result = "'"
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\\"): result += #"\\"#
            case UInt8(ascii: "'"): result += #"'\''"#
            case 0x20..<0x7F: result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let octal = String(byte, radix: 8)
                result += #"\0"# + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return result + "'"
    }

    /// A bare word when `text` holds only characters bash never interprets, else ``word(_:allowingNewlines:)``.
    /// - Parameter text: A short token such as an HTTP method.
    /// - Returns: The word.
    static func token(_ text: String) -> String {
        let safe = !text.isEmpty && text.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_./:=@%+,".unicodeScalars.contains($0))
        }
        return safe ? text : word(text)
    }

    /// The bytes as text when they are exactly valid UTF-8 (a decode that round-trips), else nil.
    /// - Parameter bytes: The bytes.
    /// - Returns: The text, or nil.
    static func utf8Text(_ bytes: Data) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }

    /// Control, format and separator characters, which a terminal would hide or interpret.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate: return true
        default: return false
        }
    }

    private static func hexEscape(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: false)
        return #"\x"# + (hex.count == 1 ? "0" + hex : hex)
    }
}
