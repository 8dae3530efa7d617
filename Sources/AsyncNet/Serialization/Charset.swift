import Foundation

/// Maps IANA charset names (as in `Content-Type: text/plain; charset=...`) to `String.Encoding`.
enum Charset {
    /// The `charset` parameter of a Content-Type value, lower-cased and unquoted (RFC 9110 5.6.6: a `;` inside a
    /// quoted parameter value belongs to that value).
    static func name(inContentType contentType: String) -> String? {
        HeaderValueParser.element(contentType).parameters["charset"].map { $0.lowercased() }
    }

    /// The encoding for an IANA name, or nil when AsyncNet does not know it.
    static func encoding(named name: String) -> String.Encoding? {
        switch name.lowercased() {
        case "utf-8", "utf8": return .utf8
        case "us-ascii", "ascii": return .ascii
        case "iso-8859-1", "iso8859-1", "latin1", "l1", "iso_8859-1": return .isoLatin1
        case "iso-8859-2", "latin2", "l2": return .isoLatin2
        case "windows-1250", "cp1250": return .windowsCP1250
        case "windows-1251", "cp1251": return .windowsCP1251
        case "windows-1252", "cp1252": return .windowsCP1252
        case "windows-1253", "cp1253": return .windowsCP1253
        case "windows-1254", "cp1254": return .windowsCP1254
        case "utf-16": return .utf16
        case "utf-16be": return .utf16BigEndian
        case "utf-16le": return .utf16LittleEndian
        case "utf-32": return .utf32
        case "utf-32be": return .utf32BigEndian
        case "utf-32le": return .utf32LittleEndian
        case "shift_jis", "shift-jis", "sjis": return .shiftJIS
        case "euc-jp": return .japaneseEUC
        case "iso-2022-jp": return .iso2022JP
        case "macintosh", "mac": return .macOSRoman
        default: return nil
        }
    }
}
