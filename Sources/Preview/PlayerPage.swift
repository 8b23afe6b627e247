import Foundation
import JSONText
import Stage

/// The player page: `player.html`, `player.css` and `player.js`, and the Spec panel's
/// `spec.css` and `spec.js`, shipped as package resources (Sources/Preview/Resources). The
/// preview serves them as they are; the page
/// then asks the server for its data over a WebSocket. `frozen(data:)` makes the same page
/// into one self-contained HTML file with the style, the script and the data inside it.
public struct PlayerPage: Sendable {
  public let html: String
  public let style: String
  public let script: String
  /// The Spec panel's style and script (docs/spec.md).
  public let specStyle: String
  public let specScript: String

  /// Where the frozen page's data goes: the (empty) JSON element the script reads.
  static let dataSlot = #"<script id="flipbook-data" type="application/json"></script>"#
  static let styleLink = #"<link rel="stylesheet" href="player.css">"#
  static let scriptTag = #"<script src="player.js"></script>"#
  static let specStyleLink = #"<link rel="stylesheet" href="spec.css">"#
  static let specScriptTag = #"<script src="spec.js"></script>"#

  public enum Problem: Error, CustomStringConvertible {
    case missingResource(String)
    case malformedPage(String)
    public var description: String {
      switch self {
      case .missingResource(let n): return "the player's resource \(n) is missing from this build of flipbook"
      case .malformedPage(let s): return "player.html lacks \(s)"
      }
    }
  }

  public static func load() throws -> PlayerPage {
    func text(_ name: String) throws -> String {
      guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Resources"),
        let s = try? String(contentsOf: url, encoding: .utf8)
      else { throw Problem.missingResource(name) }
      return s
    }
    let page = PlayerPage(
      html: try text("player.html"), style: try text("player.css"), script: try text("player.js"),
      specStyle: try text("spec.css"), specScript: try text("spec.js"))
    for slot in [dataSlot, styleLink, scriptTag, specStyleLink, specScriptTag] where !page.html.contains(slot) {
      throw Problem.malformedPage(slot)
    }
    return page
  }

  /// The page with its style, script and `data` (the player's JSON, frames as data URLs)
  /// inside: no request leaves the file.
  public func frozen(data: JSONValue) -> String {
    // "</" would end the <script> element early; "<\/" means the same inside JSON and JS.
    func inline(_ s: String) -> String { s.replacingOccurrences(of: "</", with: "<\\/") }
    // In the data every "<" becomes "\u003c" (the same string to JSON.parse): besides
    // "</script", HTML's script-data states also end or suspend the element at "<!--" and
    // "<script" (a scene titled "<!--<script>" left the page at "Loading…"). Canonical JSON
    // has "<" only inside strings.
    func inlineJSON(_ s: String) -> String { s.replacingOccurrences(of: "<", with: "\\u003c") }
    return html
      .replacingOccurrences(of: PlayerPage.styleLink, with: "<style>\n" + style.replacingOccurrences(of: "</", with: "<\\/") + "</style>")
      .replacingOccurrences(of: PlayerPage.scriptTag, with: "<script>\n" + inline(script) + "</script>")
      .replacingOccurrences(of: PlayerPage.specStyleLink, with: "<style>\n" + inline(specStyle) + "</style>")
      .replacingOccurrences(of: PlayerPage.specScriptTag, with: "<script>\n" + inline(specScript) + "</script>")
      .replacingOccurrences(
        of: PlayerPage.dataSlot,
        with: #"<script id="flipbook-data" type="application/json">"# + inlineJSON(data.canonicalText) + "</script>")
  }
}
