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
