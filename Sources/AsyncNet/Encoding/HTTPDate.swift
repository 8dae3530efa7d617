import Foundation

/// Parses an HTTP-date (RFC 9110 5.6.7) in any of its three forms, without a `DateFormatter`:
///
/// - IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT` (what servers send);
/// - the obsolete RFC 850 form: `Sunday, 06-Nov-94 08:49:37 GMT`;
/// - the obsolete asctime form: `Sun Nov  6 08:49:37 1994`.
///
/// Names of days and months are matched without regard to case, the weekday is not checked against the date, and
/// anything else (another zone than GMT, a day 31 in a 30-day month, extra words) is rejected.
enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let shortDays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let longDays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// The date `text` names, or nil when it is not an HTTP-date.
    /// - Parameters:
    ///   - text: The header value.
    ///   - now: The current time; a two-digit year of the RFC 850 form more than 50 years after it is taken from
    ///     the century before.
    static func date(from text: String, now: Date) -> Date? {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let first = tokens.first?.lowercased() else { return nil }
        if first.hasSuffix(",") {
            let dayName = String(first.dropLast())
            if tokens.count == 6, shortDays.contains(dayName), tokens[5].uppercased() == "GMT" {
                // IMF-fixdate: day month year time GMT
                return date(year: number(tokens[3], digits: 4...4), month: month(tokens[2]),
                            day: number(tokens[1], digits: 1...2), time: tokens[4])
            }
            if tokens.count == 4, longDays.contains(dayName), tokens[3].uppercased() == "GMT" {
                // RFC 850: dd-Mon-yy time GMT
                let parts = tokens[1].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
                guard parts.count == 3, let shortYear = number(parts[2], digits: 2...2) else { return nil }
                return date(year: fullYear(shortYear, now: now), month: month(parts[1]),
                            day: number(parts[0], digits: 1...2), time: tokens[2])
            }
            return nil
        }
        if tokens.count == 5, shortDays.contains(first) {
            // asctime: Mon d time year
            return date(year: number(tokens[4], digits: 4...4), month: month(tokens[1]),
                        day: number(tokens[2], digits: 1...2), time: tokens[3])
        }
        return nil
    }

    /// A date from validated parts, or nil when one is missing or out of range.
    private static func date(year: Int?, month: Int?, day: Int?, time: String) -> Date? {
        let clock = time.split(separator: ":", omittingEmptySubsequences: false).map { number(String($0), digits: 2...2) }
        guard let year, let month, let day, clock.count == 3,
              let hour = clock[0], let minute = clock[1], let second = clock[2],
              (1...9999).contains(year), (1...daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second <= 60 else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// A decimal number of the given number of ASCII digits.
    private static func number(_ text: String, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }

    /// The month (1...12) of a three-letter English name.
    private static func month(_ name: String) -> Int? {
        months.firstIndex(of: name.lowercased()).map { $0 + 1 }
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// RFC 9110 5.6.7: a two-digit year more than 50 years in the future is the most recent past year with the
    /// same last two digits.
    private static func fullYear(_ shortYear: Int, now: Date) -> Int {
        let current = year(ofDay: Int((now.timeIntervalSince1970 / 86_400).rounded(.down)))
        var year = current - current % 100 + shortYear
        if year > current + 50 { year -= 100 } else if year <= current - 50 { year += 100 }
        return year
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (H. Hinnant's `days_from_civil`).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year of a day counted from 1970-01-01 (the year part of H. Hinnant's `civil_from_days`).
    private static func year(ofDay day: Int) -> Int {
        let z = day + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        return yearOfEra + era * 400 + (shiftedMonth >= 10 ? 1 : 0)
    }
}
