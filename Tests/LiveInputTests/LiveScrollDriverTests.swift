import Logging
import Playback
import ScrollEngine
import XCTest
@testable import LiveInput

/// The live driver against a scripted engine: zero deadlines at rest, ticks on the replay's grid,
/// and — the point of `--tee-touches` — the same engine calls as the replay driver over the frames
/// it teed, however late the process woke.
final class LiveScrollDriverTests: XCTestCase {
    private func frame(_ ms: Double, _ phase: TouchPhase, y: Double = 100) -> TouchFrame {
        TouchFrame(time: .milliseconds(ms), samples: [TouchSample(slot: TouchSlot(0), phase: phase, location: Point(x: 10, y: y))])
    }

    func testBeforeAnyInputAndAtRestThereIsNoDeadline() throws {
        var engine: ScriptedEngine?
        let driver = LiveScrollDriver(frameRate: 60, makeTarget: { engine = ScriptedEngine(start: $0); return engine! },
                                      emit: { _ in })
        XCTAssertNil(driver.nextDeadline)
        try driver.deliver(.touches(frame(1000, .down)))
        XCTAssertNil(driver.nextDeadline, "a finger resting on the screen needs no wakeups")
        try driver.deliver(.touches(frame(1010, .move, y: 90)))
        XCTAssertNil(driver.nextDeadline)
        XCTAssertEqual(engine?.log.first, "start 1000000")
    }

    func testAfterAFlickTheDeadlinesFollowTheGridUntilRest() throws {
        var engine: ScriptedEngine!
        let driver = LiveScrollDriver(frameRate: 60, makeTarget: { engine = ScriptedEngine(start: $0, animationLength: 50_000); return engine },
                                      emit: { _ in })
        try driver.deliver(.touches(frame(1000, .down)))
        try driver.deliver(.touches(frame(1020, .up)))
        let ticks = FrameTicks(origin: .milliseconds(1000), frameRate: 60)
        XCTAssertEqual(driver.nextDeadline, ticks.tick(after: .milliseconds(1020)))
        // The process wakes 40 ms late: every missed tick is stepped in order, then none is left.
        try driver.advanceDue(until: .milliseconds(1110))
        XCTAssertNil(driver.nextDeadline)
        XCTAssertTrue(engine.isAtRest)
        // Ticks at 1000 ms + n × 16 666.67 µs after the up; the animation ends at 1070 ms.
        XCTAssertEqual(engine.log.drop { !$0.hasPrefix("handle 1020000") }.dropFirst(),
                       ["advance 1033333", "advance 1050000", "advance 1066667", "advance 1083333"])
    }

    func testTeedFramesReplayToTheSameEngineCallsWhateverTheWakeupJitter() throws {
        let input: [TouchFrame] = [
            frame(1000, .down), frame(1008, .move, y: 90), frame(1016, .up, y: 80),
            frame(1070, .down, y: 300), frame(1090, .up, y: 250),
            frame(1400, .down), frame(1401, .up),
        ]
        var live: ScriptedEngine!
        var liveEvents: [DelegateEvent] = []
        var teed: [TouchFrame] = []
        let driver = LiveScrollDriver(frameRate: 60,
                                      makeTarget: { live = ScriptedEngine(start: $0); return live },
                                      tee: { teed.append($0) },
                                      emit: { liveEvents += $0 })
        // Wake late by a varying amount, and sometimes read an input only after a later timer fired.
        var jitter: Int64 = 0
        for f in input {
            while let deadline = driver.nextDeadline, deadline < f.time {
                jitter = (jitter + 3_700) % 9_000
                try driver.advanceDue(until: deadline.adding(microseconds: jitter))
            }
            try driver.deliver(.touches(f))
        }
        while let deadline = driver.nextDeadline {
            try driver.advanceDue(until: deadline.adding(microseconds: 2_500))
        }

        var replayed: ScriptedEngine!
        var replayEvents: [DelegateEvent] = []
        try PlaybackDriver<ScriptedEngine>(options: PlaybackOptions(frameRate: 60)).run(
            frames: teed, makeEngine: { replayed = ScriptedEngine(start: $0); return replayed },
            emit: { replayEvents += $0 })

        XCTAssertEqual(live.log, replayed.log)
        XCTAssertEqual(liveEvents, replayEvents)
        XCTAssertEqual(teed.count, input.count)
    }

    func testAFrameReadAfterALaterTickIsFedAtTheTickAndTeedSo() throws {
        var teed: [TouchFrame] = []
        let driver = LiveScrollDriver(frameRate: 60, makeTarget: { ScriptedEngine(start: $0) },
                                      tee: { teed.append($0) }, emit: { _ in })
        try driver.deliver(.touches(frame(1000, .down)))
        try driver.deliver(.touches(frame(1010, .up)))
        try driver.advanceDue(until: .milliseconds(1040))
        let lastStep = driver.now!
        try driver.deliver(.touches(frame(1030, .down)))
        XCTAssertEqual(teed.last?.time, lastStep)
        XCTAssertGreaterThan(lastStep, .milliseconds(1030))
    }

    func testTwoFramesAtOneInstantAreTeedAMicrosecondApart() throws {
        var teed: [TouchFrame] = []
        let driver = LiveScrollDriver(frameRate: 60, makeTarget: { ScriptedEngine(start: $0) },
                                      tee: { teed.append($0) }, emit: { _ in })
        try driver.deliver(.touches(frame(1000, .down)))
        try driver.deliver(.touches(TouchFrame(time: .milliseconds(1000), samples: [
            TouchSample(slot: TouchSlot(1), phase: .down, location: .zero)])))
        XCTAssertEqual(teed.map(\.time.microseconds), [1_000_000, 1_000_001])
    }

    func testKeysAndWheelsReachTheEngineInTimeOrder() throws {
        var engine: ScriptedEngine!
        let driver = LiveScrollDriver(frameRate: 60, makeTarget: { engine = ScriptedEngine(start: $0); return engine },
                                      emit: { _ in })
        try driver.deliver(.key(.pageDown, time: .milliseconds(5)))
        try driver.deliver(.wheel(delta: Point(x: 0, y: 40), time: .milliseconds(6)))
        XCTAssertEqual(engine.log, ["start 5000", "key pageDown 5000", "wheel (0.0, 40.0) 6000"])
    }
}

import Recordings

/// The tee's promise at the byte level: what the driver feeds is exactly what the touch script
/// writer writes and its reader reads back.
final class TeeRoundTripTests: XCTestCase {
    func testFedLocationsSurviveTheTouchScriptRoundTrip() throws {
        var fed: [TouchFrame] = []
        let driver = LiveScrollDriver(frameRate: 60, locationDecimals: 3, makeTarget: { ScriptedEngine(start: $0) },
                                      tee: { fed.append($0) }, emit: { _ in })
        let awkward: [Double] = [0.1 + 0.2, 1279.99951, 333.3335, 1e-7, 767.0004999]
        for (i, x) in awkward.enumerated() {
            try driver.deliver(.touches(TouchFrame(time: .milliseconds(Double(1000 + i * 10)), samples: [
                TouchSample(slot: TouchSlot(0), phase: i == 0 ? .down : i == awkward.count - 1 ? .up : .move,
                            location: Point(x: x, y: 767 - x))])))
        }
        XCTAssertEqual(fed.last?.samples.first?.location.y.sign, .plus, "-0 is fed as 0")
        var reader = TouchScriptReader(source: MemoryByteSource(text: TouchScriptWriter.text(frames: fed)))
        var readBack: [TouchFrame] = []
        while let frame = try reader.nextFrame() { readBack.append(frame) }
        XCTAssertEqual(readBack, fed)
    }
}

/// The live driver logs the engine's state machine: each change of phase, `old → input → new`, one
/// debug line, in order; nothing at info level.
final class LiveTransitionLogTests: XCTestCase {
    /// Keeps every line a logger at `level` lets through.
    final class Lines: @unchecked Sendable {
        var lines: [(Logger.Level, String)] = []
    }

    struct CapturingHandler: LogHandler {
        let box: Lines
        var logLevel: Logger.Level
        var metadata: Logger.Metadata = [:]
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) { box.lines.append((event.level, event.message.description)) }
    }

    private func flick(loggingAt level: Logger.Level) throws -> [(Logger.Level, String)] {
        let box = Lines()
        var configuration = ScrollViewConfiguration()
        configuration.contentSize = Size(width: 1280, height: 20000)
        configuration.contentOffset = Point(x: 0, y: 3000)
        let driver = LiveScrollDriver(frameRate: 60, logger: Logger(label: "test") { _ in CapturingHandler(box: box, logLevel: level) },
                                      makeTarget: { ScrollView(configuration: configuration, startTime: $0) },
                                      emit: { _ in })
        for i in 0...7 {
            let phase: TouchPhase = i == 0 ? .down : i == 7 ? .up : .move
            try driver.deliver(.touches(TouchFrame(time: .milliseconds(1000 + Double(i) * 16), samples: [
                TouchSample(slot: TouchSlot(0), phase: phase, location: Point(x: 640, y: 600 - Double(i) * 32))])))
        }
        while let deadline = driver.nextDeadline { try driver.advanceDue(until: deadline) }
        return box.lines
    }

    func testADebugLoggerReceivesEveryChangeOfPhaseInOrder() throws {
        let lines = try flick(loggingAt: .debug)
        XCTAssertEqual(lines.map(\.1), [
            "idle → touchDown → tracking",
            "tracking → touchesMoved → dragging",
            "dragging → touchesLifted → decelerating",
            "decelerating → tick → idle",
        ])
        XCTAssertTrue(lines.allSatisfy { $0.0 == .debug })
    }

    func testAnInfoLoggerReceivesNone() throws {
        XCTAssertTrue(try flick(loggingAt: .info).isEmpty)
    }
}
