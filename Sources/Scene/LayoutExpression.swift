/// A number written as arithmetic on the screen's layout names, so one scene lays out on
/// every device: `width - 32`, `safeTop + 44`, `(width - 48) / 2`, `tabBarTop - 64`.
///
/// Grammar (whitespace between tokens is ignored):
///
///     expression := term (('+' | '-') term)*
///     term       := factor (('*' | '/') factor)*
///     factor     := ('+' | '-') factor | number | name | function '(' arguments ')' | '(' expression ')'
///     function   := 'sqrt' | 'min' | 'max'    (sqrt takes one argument, min and max two or more)
///
/// Numbers are decimal (`12`, `0.5`, `.5`, `1e3`). `sqrt(width * width / 4 + 600 * 600)` is the
/// distance from the bottom centre's 600 pt line to a top corner. Evaluation is one left-to-right pass,
/// linear in the text's length; parentheses nest at most `maxDepth` deep.
public enum LayoutExpression {
  /// How deep parentheses (and unary signs) may nest.
  public static let maxDepth = 64

  /// Why an expression does not evaluate, and at which Unicode scalar of the text.
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    public var offset: Int
    public var problem: String
    /// A known name close to an unknown one.
    public var suggestion: String?
    public var description: String { problem }
  }

  /// The value of `text` with `names` (each name's value in points).
  public static func evaluate(_ text: String, names: [String: Double]) -> Result<Double, Failure> {
    var parser = Parser(text: Array(text.unicodeScalars), names: names)
    do throws(Failure) {
      parser.skipSpaces()
      let value = try parser.expression(depth: 0)
      parser.skipSpaces()
      if parser.index < parser.text.count {
        throw parser.failure("unexpected '\(parser.text[parser.index])' (an operator + - * / or the end was expected)")
      }
      return .success(value)
    } catch {
      return .failure(error)
    }
  }

  fileprivate struct Parser {
    let text: [Unicode.Scalar]
    let names: [String: Double]
    var index = 0

    init(text: [Unicode.Scalar], names: [String: Double]) {
      self.text = text
      self.names = names
    }

    func failure(_ problem: String, at offset: Int? = nil, suggestion: String? = nil) -> Failure {
      Failure(offset: offset ?? index, problem: problem, suggestion: suggestion)
    }

    var current: Unicode.Scalar? { index < text.count ? text[index] : nil }

    mutating func skipSpaces() {
      while let c = current, c == " " || c == "\t" || c == "\n" || c == "\r" { index += 1 }
    }

    mutating func expression(depth: Int) throws(Failure) -> Double {
      var value = try term(depth: depth)
      while true {
        skipSpaces()
        guard let c = current, c == "+" || c == "-" else { return value }
        index += 1
        let rhs = try term(depth: depth)
        value = c == "+" ? value + rhs : value - rhs
      }
    }

    mutating func term(depth: Int) throws(Failure) -> Double {
      var value = try factor(depth: depth)
      while true {
        skipSpaces()
        guard let c = current, c == "*" || c == "/" else { return value }
        let at = index
        index += 1
        let rhs = try factor(depth: depth)
        if c == "/" {
          guard rhs != 0 else { throw failure("division by zero", at: at) }
          value /= rhs
        } else {
          value *= rhs
        }
      }
    }

    mutating func factor(depth: Int) throws(Failure) -> Double {
      skipSpaces()
      guard depth < LayoutExpression.maxDepth else {
        throw failure("nested more than \(LayoutExpression.maxDepth) levels deep")
      }
      guard let c = current else { throw failure("expected a number, a name or '(' at the end") }
      if c == "+" || c == "-" {
        index += 1
        let v = try factor(depth: depth + 1)
        return c == "-" ? -v : v
      }
      if c == "(" {
        let open = index
        index += 1
        let v = try expression(depth: depth + 1)
        skipSpaces()
        guard current == ")" else { throw failure("expected ')' to close the '(' at character \(open + 1)") }
        index += 1
        return v
      }
      if Self.isDigit(c) || c == "." { return try number() }
      if Self.isLetter(c) { return try name(depth: depth) }
      throw failure("expected a number, a name or '(' (got '\(c)')")
    }

    mutating func number() throws(Failure) -> Double {
      let start = index
      while let c = current, Self.isDigit(c) || c == "." { index += 1 }
      if let c = current, c == "e" || c == "E" {
        var look = index + 1
        if look < text.count, text[look] == "+" || text[look] == "-" { look += 1 }
        if look < text.count, Self.isDigit(text[look]) {
          index = look
          while let d = current, Self.isDigit(d) { index += 1 }
        }
      }
      let literal = String(String.UnicodeScalarView(text[start..<index]))
      guard let v = Double(literal), v.isFinite else { throw failure("'\(literal)' is not a number", at: start) }
      return v
    }

    /// The functions and how many arguments each takes.
    static let functions: [String: ClosedRange<Int>] = ["sqrt": 1...1, "min": 2...Int.max, "max": 2...Int.max]

    static func apply(_ function: String, _ arguments: [Double]) -> Double {
      switch function {
      case "sqrt": arguments[0].squareRoot()
      case "min": arguments.min()!
      default: arguments.max()!
      }
    }

    mutating func name(depth: Int) throws(Failure) -> Double {
      let start = index
      while let c = current, Self.isLetter(c) || Self.isDigit(c) { index += 1 }
      let word = String(String.UnicodeScalarView(text[start..<index]))
      if let arity = Self.functions[word] {
        skipSpaces()
        guard current == "(" else { throw failure("expected '(' after the function '\(word)'") }
        let open = index
        index += 1
        var arguments = [try expression(depth: depth + 1)]
        skipSpaces()
        while current == "," {
          index += 1
          arguments.append(try expression(depth: depth + 1))
          skipSpaces()
        }
        guard current == ")" else { throw failure("expected ')' to close the '(' at character \(open + 1)") }
        guard arity.contains(arguments.count) else {
          throw failure("\(word) takes \(arity.lowerBound == arity.upperBound ? "one argument" : "two or more arguments") (got \(arguments.count))", at: start)
        }
        index += 1
        let v = Self.apply(word, arguments)
        guard v.isFinite else { throw failure("\(word) of a negative number", at: start) }
        return v
      }
      guard let v = names[word] else {
        if names.isEmpty {
          throw failure("unknown name '\(word)': no layout names are known here (the canvas's own values are read before the screen's size is)", at: start)
        }
        let known = names.keys.sorted() + Self.functions.keys.sorted()
        throw failure(
          "unknown name '\(word)' (known: \(known.joined(separator: ", ")))", at: start,
          suggestion: closestMatch(to: word, in: known))
      }
      return v
    }

    static func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }
    static func isLetter(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_" }
  }
}

extension LayoutExpression {
  /// Whether a scalar that is not a plain number is meant as an expression: it has an
  /// operator or parenthesis after its first character, or it is one word that is a layout
  /// name or close to one. Other words (`wide`) stay "not a number".
  static func isCandidate(_ text: String) -> Bool {
    isArithmetic(text) || closestMatch(to: text.trimmingSpaces, in: names) != nil
  }

  /// Whether `text` has an operator or parenthesis after its first character, or is exactly
  /// a layout name: an expression for certain, not a misspelt word.
  static func isArithmetic(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars).drop { $0 == " " }
    if scalars.dropFirst().contains(where: { "+-*/()".unicodeScalars.contains($0) }) || scalars.first == "(" { return true }
    return names.contains(text.trimmingSpaces)
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    String(String.UnicodeScalarView(unicodeScalars.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()))
  }
}

extension LayoutExpression {
  /// The layout names, in the order the docs list them (docs/scene-format.md, "Layout
  /// expressions"); `Canvas.layoutNames` gives their values.
  public static let names = [
    "width", "height", "safeTop", "safeBottom", "statusBarHeight",
    "navigationBarBottom", "largeTitleBottom", "tabBarHeight", "tabBarTop",
  ]

  /// A regular expression (ECMA-262, as JSON Schema's `pattern`) for the text of an
  /// expression: numbers, operators, parentheses, commas, spaces, the layout names and the
  /// functions, with at least one name, operator or parenthesis after the first character (a
  /// quoted "12" is not an expression). Looser than the grammar (`1 +` matches); the reader
  /// has the last word. No nested quantifier can backtrack: the names share no character with
  /// the class between them.
  public static var schemaPattern: String {
    let words = (names + Parser.functions.keys.sorted() + ["e", "E"]).joined(separator: "|")
    let between = #"[-+*/(),.\s0-9]*"#
    return #"^(?=.*[A-Za-z_(*/]|.+[-+])"# + between + "((" + words + ")" + between + ")*$"
  }
}

extension Canvas {
  /// The values of `LayoutExpression.names` on this canvas, in points: the screen's `width`
  /// and `height`, the safe area's `safeTop` and `safeBottom`, `statusBarHeight`,
  /// `navigationBarBottom` (safeTop + 44: where content under a small-title navigation bar
  /// starts), `largeTitleBottom` (safeTop + 96, under a large-title bar), `tabBarHeight` (49 +
  /// safeBottom: a tab bar's or toolbar's height) and `tabBarTop` (height − tabBarHeight).
  public var layoutNames: [String: Double] {
    let d = device
    let tabBar = BuiltInComponent.tabBarContentHeight + d.safeArea.bottom
    return [
      "width": size.width, "height": size.height,
      "safeTop": d.safeArea.top, "safeBottom": d.safeArea.bottom,
      "statusBarHeight": d.statusBarHeight,
      "navigationBarBottom": d.safeArea.top + BuiltInComponent.navigationBarHeight,
      "largeTitleBottom": d.safeArea.top + BuiltInComponent.navigationBarHeight + BuiltInComponent.largeTitleExtra,
      "tabBarHeight": tabBar, "tabBarTop": size.height - tabBar,
    ]
  }
}
