import Foundation
import JSONText
import Testing

/// The escapes RFC 8259 section 7 requires, written out by hand, and a round trip through
/// Foundation's JSON parser (an independent reader).
@Suite struct JSONStringLiteralTests {
  @Test(arguments: [
    ("plain", #""plain""#),
    ("a\"b", #""a\"b""#),
    ("back\\slash", #""back\\slash""#),
    ("line\nfeed\r\ttab", #""line\nfeed\r\ttab""#),
    ("\u{0}\u{1f}\u{7}", #""\u0000\u001f\u0007""#),
    ("ünïcødé ✓ / 🙂", "\"ünïcødé ✓ / 🙂\""),
    ("", #""""#),
  ])
  func escapes(_ text: String, _ literal: String) {
    #expect(jsonStringLiteral(text) == literal)
  }

  @Test func foundationReadsBackEveryControlCharacter() throws {
    let text = String((0..<0x80).map { Character(Unicode.Scalar(UInt8($0))) }) + "é🙂"
    let parsed = try JSONSerialization.jsonObject(with: Data(("[" + jsonStringLiteral(text) + "]").utf8)) as? [String]
    #expect(parsed == [text])
  }
}
