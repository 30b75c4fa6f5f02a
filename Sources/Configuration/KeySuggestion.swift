/// "Did you mean …?" for unknown configuration keys.
///
/// Written by hand: a Levenshtein distance over a few dozen short keys is ten lines, and none of
/// the kept libraries offers one.
enum KeySuggestion {
    /// The known key closest to `unknown`, when it is close enough to be a likely typo: the same
    /// key in another case, or at most a third of its letters (and at least 2) edited.
    static func closest(to unknown: String, among known: [String]) -> String? {
        if let sameIgnoringCase = known.first(where: { $0.lowercased() == unknown.lowercased() }) {
            return sameIgnoringCase
        }
        let limit = max(2, unknown.count / 3)
        let scored = known.map { (key: $0, distance: editDistance(unknown.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= limit else { return nil }
        return best.key
    }

    /// Levenshtein distance: insertions, deletions and substitutions, each costing 1.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
