import ScrollEngine
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// Random gesture sessions on random configurations (SessionGenerator), each replayed at two frame rates:
/// every number finite, the delegate grammar kept (MessageGrammar), nothing sent at rest without a new cause,
/// at rest the offset inside its range (on a page when paging) and the zoom inside its limits, and the two
/// frame rates coming to rest at the same place. A failure prints the seed and the smallest session that
/// still fails. `PROPERTY_SESSIONS` sets how many (CI: 2 000; `make soak`: 100 000), `PROPERTY_SEED` the
/// first seed, `PROPERTY_ONLY_SEED` one session alone.
final class EnginePropertyTests: XCTestCase {
    static let frameRates: [Double] = [30, 60, 120, 144]

    static func environment(_ name: String) -> UInt64? {
        getenv(name).flatMap { UInt64(String(cString: $0)) }
    }

    /// The violations of one session: each frame rate's own, then any disagreement between two of them.
    static func violations(of session: GestureSession) -> [String] {
        var rng = SeededGenerator(seed: session.seed ^ 0xF4A3E)
        let rates = Array(frameRates.shuffled(using: &rng).prefix(2))
        let outcomes = rates.map { SessionRunner(session: session, frameRate: $0).run() }
        var found: [String] = []
        for (rate, outcome) in zip(rates, outcomes) {
            found += outcome.violations.prefix(3).map { "\(Int(rate)) Hz: \($0)" }
        }
        let a = outcomes[0], b = outcomes[1]
        if found.isEmpty, abs(a.restingOffset.x - b.restingOffset.x) > 0.01 || abs(a.restingOffset.y - b.restingOffset.y) > 0.01
            || abs(a.restingZoomScale - b.restingZoomScale) > 1e-6 {
            found.append("\(Int(rates[0])) Hz rests at \(a.restingOffset) zoom \(a.restingZoomScale), \(Int(rates[1])) Hz at \(b.restingOffset) zoom \(b.restingZoomScale)")
        }
        return found
    }

    /// Removes gestures, then single finger moves, while the session still fails (downs and lifts stay, so
    /// every finger that goes down comes up).
    static func shrink(_ session: GestureSession) -> GestureSession {
        var smallest = session
        var changed = true
        while changed {
            changed = false
            for i in smallest.gestures.indices.reversed() where smallest.gestures.count > 1 {
                var candidate = smallest
                candidate.gestures.remove(at: i)
                if !violations(of: candidate).isEmpty { smallest = candidate; changed = true }
            }
            for g in smallest.gestures.indices.reversed() {
                for s in smallest.gestures[g].indices.reversed() where smallest.gestures[g][s].isMoveOnly {
                    var candidate = smallest
                    candidate.gestures[g].remove(at: s)
                    if !violations(of: candidate).isEmpty { smallest = candidate; changed = true; break }
                }
            }
        }
        return smallest
    }

    /// How many sessions `swift test` (and so `make test`, CI) runs when PROPERTY_SESSIONS is not set.
    static let defaultSessions: UInt64 = 2_000

    func testRandomSessionsKeepTheEnginesInvariants() {
        let count = Self.environment("PROPERTY_SESSIONS") ?? Self.defaultSessions
        let started = ContinuousClock.now
        defer {
            // For the log only (no assertion depends on time): CI's run must stay well under a minute.
            print("EnginePropertyTests: \(count) sessions from seed \(Self.environment("PROPERTY_SEED") ?? 1) in \(ContinuousClock.now - started)")
        }
        let first = Self.environment("PROPERTY_SEED") ?? 1
        let seeds: [UInt64] = Self.environment("PROPERTY_ONLY_SEED").map { [$0] } ?? Array(first..<(first + count))
        var failures = 0
        var kinds: [String: (count: Int, seed: UInt64)] = [:]
        for seed in seeds {
            let session = SessionGenerator.session(seed: seed)
            let found = Self.violations(of: session)
            guard !found.isEmpty else { continue }
            failures += 1
            // The kind of the first violation: its words without the numbers.
            let kind = String(found[0].split(separator: ":", maxSplits: 2).last ?? "")
                .split(separator: " ").filter { !$0.contains(where: \.isNumber) }.joined(separator: " ")
            kinds[kind, default: (0, seed)].count += 1
            if failures <= 5 {
                let minimal = Self.shrink(session)
                XCTFail("""
                seed \(seed) breaks the engine's invariants (PROPERTY_ONLY_SEED=\(seed) to rerun it):
                \(found.joined(separator: "\n"))
                smallest failing session:
                \(minimal)
                its violations:
                \(Self.violations(of: minimal).joined(separator: "\n"))
                """)
            }
        }
        let summary = kinds.sorted { $0.value.count > $1.value.count }
            .map { "  \($0.value.count) × \($0.key) (first: seed \($0.value.seed))" }.joined(separator: "\n")
        XCTAssertEqual(failures, 0, "\(failures) of \(seeds.count) sessions broke an invariant:\n\(summary)")
    }

    /// The checks themselves: a session that must pass, and hand-made streams that must be refused.
    func testTheGrammarRefusesWhatUIKitNeverSends() {
        var grammar = MessageGrammar()
        let dragging = ScrollViewState(contentOffset: .zero, zoomScale: 1, contentSize: .zero, isTracking: true, isDragging: true)
        let idle = ScrollViewState(contentOffset: .zero, zoomScale: 1, contentSize: .zero)
        XCTAssertNil(grammar.accept(DelegateEvent(time: .zero, message: .willBeginDragging, state: dragging)))
        XCTAssertNotNil(grammar.accept(DelegateEvent(time: .zero, message: .willBeginDragging, state: dragging)), "a second begin")
        grammar = MessageGrammar()
        XCTAssertNotNil(grammar.accept(DelegateEvent(time: .zero, message: .didEndDragging(willDecelerate: false), state: idle)), "an end without a begin")
        grammar = MessageGrammar()
        _ = grammar.accept(DelegateEvent(time: .zero, message: .willBeginDragging, state: dragging))
        XCTAssertNotNil(grammar.accept(DelegateEvent(time: .zero, message: .didEndDragging(willDecelerate: false), state: dragging)),
                        "didEndDragging that still says dragging: true")
        grammar = MessageGrammar()
        let released = ScrollViewState(contentOffset: .zero, zoomScale: 1, contentSize: .zero, isDragging: true)
        _ = grammar.accept(DelegateEvent(time: .zero, message: .willBeginDragging, state: dragging))
        XCTAssertNil(grammar.accept(DelegateEvent(time: .zero, message: .willEndDragging(velocityPerMillisecond: .zero, targetContentOffset: Point(x: 0, y: 100)), state: released)))
        XCTAssertNotNil(grammar.accept(DelegateEvent(time: .zero, message: .didEndDragging(willDecelerate: false), state: idle)),
                        "a release that rests elsewhere than its announced target")
        var nan = idle
        nan.contentOffset.y = .nan
        grammar = MessageGrammar()
        XCTAssertNotNil(grammar.accept(DelegateEvent(time: .zero, message: .didScroll, state: nan)), "a NaN offset")
    }

    func testTheSameSeedGivesTheSameSession() {
        XCTAssertEqual(SessionGenerator.session(seed: 42).description, SessionGenerator.session(seed: 42).description)
        XCTAssertNotEqual(SessionGenerator.session(seed: 42).description, SessionGenerator.session(seed: 43).description)
    }
}
