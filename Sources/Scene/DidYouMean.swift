/// The candidate closest to `word` by edit distance (case-insensitive), when it is close
/// enough to be a plausible typo: at most a third of the longer word's length, and at
/// least one edit fewer than replacing the word outright.
func closestMatch(to word: String, in candidates: [String]) -> String? {
  let target = Array(word.lowercased())
  var best: (name: String, distance: Int)?
  for candidate in candidates {
    let c = Array(candidate.lowercased())
    let d = editDistance(target, c)
    let limit = max(1, max(target.count, c.count) / 3)
    guard d <= limit, d < max(target.count, c.count) else { continue }
    if best == nil || d < best!.distance { best = (candidate, d) }
  }
  return best?.name
}

/// Levenshtein distance between two character arrays.
func editDistance(_ a: [Character], _ b: [Character]) -> Int {
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}
