/// The candidate a user most plausibly meant by `word` (case-insensitive), or nil when none is
/// close enough. Candidates are ranked by `suggestionCost` (lowest first), ties by plain edit
/// distance, then by their order in `candidates`.
///
/// Dotted paths (`general.navBar`) are compared step by step when both have the same number of
/// steps: equal steps cost nothing, so the answer is the path whose *differing* step is
/// closest, whatever the other steps spell (before, `general.navBar` got `general.label`,
/// nearer by letters, instead of `general.navigationBar`).
///
/// A word of more than `maxSuggestedLength` UTF-8 bytes gets no suggestion: no key, name or
/// value in the format is a tenth as long, and comparing costs time and memory in the
/// product of the lengths (a 4 MB `fps: AAAA…` took 30 s and 930 MB to reject).
func closestMatch(to word: String, in candidates: [String]) -> String? {
  guard word.utf8.count <= maxSuggestedLength else { return nil }
  var best: (name: String, cost: Int, distance: Int)?
  for candidate in candidates {
    guard let cost = suggestionCost(word, candidate) else { continue }
    let distance = editDistance(Array(word.lowercased()), Array(candidate.lowercased()))
    if best == nil || (cost, distance) < (best!.cost, best!.distance) { best = (candidate, cost, distance) }
  }
  return best?.name
}

/// How far `typed` is from `candidate` as a typo, an abbreviation or an over-qualified name,
/// in edits; nil when it is too far to be what the user meant.
///
/// - Paths with the same number of dot-separated steps: the sum over steps (each must be equal
///   or plausible on its own).
/// - One step (or paths of different lengths): the smallest of
///   - the edit distance (insertions, deletions, substitutions, swaps), when at most a third of
///     the longer word's length and at least one edit fewer than replacing the word outright;
///   - 1 for an abbreviation: each camel-case word of `typed` (2+ letters in all) is a
///     subsequence of a word of `candidate` with the same first letter, in order, the first
///     with the first (`navBar` -> `navigationBar`, `bgColor` -> `backgroundColor`,
///     `corner` -> `cornerRadius`);
///   - 1 for an over-qualified name: `candidate` is the last camel-case words of `typed`
///     (`screenWidth` -> `width`).
func suggestionCost(_ typed: String, _ candidate: String) -> Int? {
  let a = typed.split(separator: ".", omittingEmptySubsequences: false)
  let b = candidate.split(separator: ".", omittingEmptySubsequences: false)
  if a.count > 1, a.count == b.count {
    var total = 0
    for (x, y) in zip(a, b) {
      guard let c = stepCost(String(x), String(y)) else { return nil }
      total += c
    }
    return total
  }
  return stepCost(typed, candidate)
}

/// The longest word, in UTF-8 bytes, that `closestMatch` compares with its candidates.
let maxSuggestedLength = 1_000

private func stepCost(_ typed: String, _ candidate: String) -> Int? {
  let x = Array(typed.lowercased()), y = Array(candidate.lowercased())
  if x == y { return 0 }
  var costs: [Int] = []
  let d = editDistance(x, y)
  if d <= max(1, max(x.count, y.count) / 3), d < max(x.count, y.count) { costs.append(d) }
  if isAbbreviation(typed, of: candidate) || isQualified(typed, endingWith: candidate) { costs.append(1) }
  return costs.min()
}

/// `navBar` of `navigationBar`: see `suggestionCost`.
private func isAbbreviation(_ typed: String, of candidate: String) -> Bool {
  let short = camelWords(typed), long = camelWords(candidate)
  guard typed.count >= 2, !short.isEmpty, short.count <= long.count, short[0].first == long[0].first,
    isSubsequence(short[0], of: long[0])
  else { return false }
  var j = 1
  for word in short.dropFirst() {
    while j < long.count, !(long[j].first == word.first && isSubsequence(word, of: long[j])) { j += 1 }
    guard j < long.count else { return false }
    j += 1
  }
  return true
}

/// `screenWidth` ending with `width`: see `suggestionCost`.
private func isQualified(_ typed: String, endingWith candidate: String) -> Bool {
  let long = camelWords(typed), tail = camelWords(candidate)
  guard !tail.isEmpty, tail.count < long.count else { return false }
  return Array(long.suffix(tail.count)) == tail
}

/// Lower-cased words of a camel-case, kebab-case or snake_case name: `navigationBar` ->
/// `["navigation", "bar"]`.
func camelWords(_ name: String) -> [[Character]] {
  var words: [[Character]] = []
  var current: [Character] = []
  var previousWasLower = false
  for c in name {
    if c == "-" || c == "_" || c == " " {
      if !current.isEmpty { words.append(current); current = [] }
      previousWasLower = false
      continue
    }
    if c.isUppercase, previousWasLower, !current.isEmpty { words.append(current); current = [] }
    current.append(Character(c.lowercased()))
    previousWasLower = c.isLowercase || c.isNumber
  }
  if !current.isEmpty { words.append(current) }
  return words
}

private func isSubsequence(_ a: [Character], of b: [Character]) -> Bool {
  var i = 0
  for c in b where i < a.count && c == a[i] { i += 1 }
  return i == a.count
}

/// Edit distance between two character arrays, counting insertions, deletions,
/// substitutions and swaps of neighbours ("fsp" -> "fps") as one edit each (optimal string
/// alignment distance).
func editDistance(_ a: [Character], _ b: [Character]) -> Int {
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
  for i in 0...a.count { d[i][0] = i }
  for j in 0...b.count { d[0][j] = j }
  for i in 1...a.count {
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
      if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
        d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
      }
    }
  }
  return d[a.count][b.count]
}
