import Playback
import ScrollEngine
import XCTest

final class PlaybackDriverTests: XCTestCase {
    var engine: ScriptedEngine!

    func replay(_ frames: [TouchFrame], _ options: PlaybackOptions = PlaybackOptions(), configure: (ScriptedEngine) -> Void = { _ in }) throws -> PlaybackSummary {
        try PlaybackDriver<ScriptedEngine>(options: options).run(
            frames: frames,
            makeEngine: { start in
                self.engine = ScriptedEngine(start: start)
                configure(self.engine)
                return self.engine
            },
            emit: { _ in }
        )
    }

    func testInputOnlyWhenNothingAnimates() throws {
        let summary = try replay(oneFinger([1000, 2000, 3000]))
        XCTAssertEqual(engine.calls, [.handle(1000, fingers: 1), .handle(2000, fingers: 1), .handle(3000, fingers: 0)])
        XCTAssertEqual(summary.inputFrames, 3)
        XCTAssertTrue(summary.isAtRest)
    }

    func testAfterTheLastInputTicksRunOnTheGridFromTheFirstInputUntilRest() throws {
        // 60 Hz grid from t = 1000 µs: 17667, 34333, 51000, …; the fling lasts 50 ms after the lift.
        _ = try replay(oneFinger([1000, 10_000]), configure: { $0.flingDuration = 50_000 })
        XCTAssertEqual(engine.calls, [
            .handle(1000, fingers: 1), .handle(10_000, fingers: 0),
            .advance(17_667), .advance(34_333), .advance(51_000), .advance(67_667),
        ])
    }

    func testATickTooCloseToTheLiftIsSkipped() throws {
        // The lift lands 1 µs before the 17 667 µs tick: the next frame is the tick after it.
        _ = try replay(oneFinger([1000, 17_666]), configure: { $0.flingDuration = 10_000 })
        XCTAssertEqual(engine.calls, [.handle(1000, fingers: 1), .handle(17_666, fingers: 0), .advance(34_333)])
    }

    func testTimersFireAtTheirDeadlineBetweenInputs() throws {
        _ = try replay(oneFinger([0, 400_000]), configure: { $0.timers = [Timestamp(microseconds: 150_000)] })
        XCTAssertEqual(engine.calls, [.handle(0, fingers: 1), .advance(150_000), .handle(400_000, fingers: 0)])
    }

    func testATimerBeforeTheNextTickWinsAndTicksResumeAfterIt() throws {
        _ = try replay([TouchFrame(time: .zero, samples: [])], configure: {
            $0.animatingUntil = Timestamp(microseconds: 40_000)
            $0.timers = [Timestamp(microseconds: 20_000)]
        })
        XCTAssertEqual(engine.calls, [.handle(0, fingers: 0), .advance(16_667), .advance(20_000), .advance(33_333), .advance(50_000)])
    }

    func testTheFrameRateSetsTheGrid() throws {
        _ = try replay([TouchFrame(time: .zero, samples: [])], PlaybackOptions(frameRate: 30), configure: {
            $0.animatingUntil = Timestamp(microseconds: 60_000)
        })
        XCTAssertEqual(engine.calls, [.handle(0, fingers: 0), .advance(33_333), .advance(66_667)])
    }

    func testAnEngineThatNeverSettlesIsAnError() {
        XCTAssertThrowsError(try replay([TouchFrame(time: .zero, samples: [])], PlaybackOptions(frameRate: 10, settleLimit: 1), configure: {
            $0.animatingUntil = Timestamp(microseconds: 1_000_000_000)
        })) { error in
            XCTAssertEqual(error as? PlaybackError, .didNotSettle(afterSeconds: 1, at: Timestamp(microseconds: 1_100_000)))
        }
    }

    func testTimeGoingBackwardsIsAnError() {
        let frames = [TouchFrame(time: Timestamp(microseconds: 5000), samples: []), TouchFrame(time: Timestamp(microseconds: 4000), samples: [])]
        XCTAssertThrowsError(try replay(frames)) { error in
            XCTAssertEqual(error as? PlaybackError, .timeWentBackwards(previous: Timestamp(microseconds: 5000), frame: Timestamp(microseconds: 4000)))
        }
    }

    func testAFingerStillDownAtTheEndOfTheInputIsCancelled() throws {
        let frames = Array(oneFinger([0, 10_000, 20_000]).dropLast())
        _ = try replay(frames)
        XCTAssertEqual(engine.calls, [.handle(0, fingers: 1), .handle(10_000, fingers: 1), .handle(10_000, fingers: 0)])
    }

    func testTheWindowStartsFingersAlreadyDownAndCancelsThoseStillDown() throws {
        // Frames at 0, 100, 200, 300, 400 ms; window 0.15 s … 0.35 s (from the first frame).
        var fed: [TouchFrame] = []
        _ = try PlaybackDriver<ScriptedEngine>(options: PlaybackOptions(from: 0.15, to: 0.35)).run(
            frames: oneFinger([0, 100_000, 200_000, 300_000, 400_000]),
            makeEngine: { self.engine = ScriptedEngine(start: $0); return self.engine },
            fed: { fed.append($0) },
            emit: { _ in }
        )
        XCTAssertEqual(fed.map(\.time.microseconds), [150_000, 200_000, 300_000, 350_000])
        XCTAssertEqual(fed.map { $0.samples.map(\.phase) }, [[.down], [.move], [.move], [.cancel]])
        XCTAssertEqual(fed[0].samples[0].location, Point(x: 100, y: 470), "down where the finger was at 0.15 s")
    }

    func testAFingerHeldStillThroughTheWindowIsDownForAllOfIt() throws {
        // Down at 0, still until it lifts at 1 s; window 0.2 … 0.5 s has no recorded frame at all.
        var fed: [TouchFrame] = []
        _ = try PlaybackDriver<ScriptedEngine>(options: PlaybackOptions(from: 0.2, to: 0.5)).run(
            frames: oneFinger([0, 1_000_000]),
            makeEngine: { self.engine = ScriptedEngine(start: $0); return self.engine },
            fed: { fed.append($0) },
            emit: { _ in }
        )
        XCTAssertEqual(fed.map(\.time.microseconds), [200_000, 500_000])
        XCTAssertEqual(fed.map { $0.samples.map(\.phase) }, [[.down], [.cancel]])
    }

    /// One finger's sample at x = 10.
    func sample(_ slot: Int, _ phase: TouchPhase, _ y: Double) -> TouchSample {
        TouchSample(slot: TouchSlot(slot), phase: phase, location: Point(x: 10, y: y))
    }

    /// The frames the driver feeds the engine for `frames`, over the whole input.
    func feed(_ frames: [TouchFrame], wholeTouches: Bool) throws -> [TouchFrame] {
        var fed: [TouchFrame] = []
        _ = try PlaybackDriver<ScriptedEngine>(options: PlaybackOptions()).run(
            frames: frames,
            makeEngine: { self.engine = ScriptedEngine(start: $0); return self.engine },
            fed: { fed.append($0) },
            wholeTouches: wholeTouches,
            emit: { _ in }
        )
        return fed
    }

    /// A reader that tolerates a move of a finger it never reported down, or a lift of a finger that
    /// is not down, still gives the engine whole touches: the move goes down, the lift is dropped,
    /// and the frame's other samples pass in their order.
    func testAMoveOfAFingerNeverDownGoesDownAndALiftOfOneNotDownIsDropped() throws {
        let frames = [
            TouchFrame(time: Timestamp(microseconds: 0), samples: [sample(3, .move, 100)]),
            TouchFrame(time: Timestamp(microseconds: 10_000), samples: [sample(3, .move, 90)]),
            TouchFrame(time: Timestamp(microseconds: 20_000), samples: [sample(5, .up, 50), sample(3, .up, 80)]),
        ]
        XCTAssertEqual(try feed(frames, wholeTouches: false).map(\.samples),
                       [[sample(3, .down, 100)], [sample(3, .move, 90)], [sample(3, .up, 80)]])
    }

    /// Frames that already give whole touches (a recording's) go to the engine as they are when the
    /// whole input plays: the driver keeps no finger table of its own to mend them.
    func testWholeTouchesPassAsTheyAreOverTheWholeInput() throws {
        let frames = [
            TouchFrame(time: Timestamp(microseconds: 0), samples: [sample(3, .down, 100)]),
            TouchFrame(time: Timestamp(microseconds: 10_000), samples: [sample(3, .move, 90), sample(4, .down, 50)]),
            TouchFrame(time: Timestamp(microseconds: 20_000), samples: [sample(4, .cancel, 50), sample(3, .up, 80)]),
        ]
        XCTAssertEqual(try feed(frames, wholeTouches: true), frames)
    }

    /// A window (`--from`, `--to`) still opens and closes touches, whole or not.
    func testWholeTouchesAreStillCutToAWindow() throws {
        var fed: [TouchFrame] = []
        _ = try PlaybackDriver<ScriptedEngine>(options: PlaybackOptions(from: 0.2, to: 0.5)).run(
            frames: oneFinger([0, 1_000_000]),
            makeEngine: { self.engine = ScriptedEngine(start: $0); return self.engine },
            fed: { fed.append($0) },
            wholeTouches: true,
            emit: { _ in }
        )
        XCTAssertEqual(fed.map(\.time.microseconds), [200_000, 500_000])
        XCTAssertEqual(fed.map { $0.samples.map(\.phase) }, [[.down], [.cancel]])
    }

    /// Every frame fed is given back (`recycle`) once the engine has handled it, in order, so that a
    /// reader can read the frames after it into its storage; a window's own frames too.
    func testEveryFrameFedIsGivenBackOnceTheEngineHandledIt() throws {
        for options in [PlaybackOptions(), PlaybackOptions(from: 0.0015, to: 0.0025)] {
            var given: [(time: Int64, handled: Int)] = []
            var frames = oneFinger([1000, 2000, 3000]).makeIterator()
            _ = try PlaybackDriver<ScriptedEngine>(options: options).run(
                nextFrame: { frames.next() },
                makeEngine: { self.engine = ScriptedEngine(start: $0); return self.engine },
                recycle: { frame in given.append((frame.time.microseconds, self.engine.calls.count)) },
                wholeTouches: true,
                emit: { _ in }
            )
            // The window's opening and closing frames are the engine's first and last.
            XCTAssertEqual(engine.calls.count, options.from == nil ? 3 : 2, "\(options)")
            XCTAssertEqual(given.map(\.time), engine.calls.map { call -> Int64 in
                guard case .handle(let time, _) = call else { return -1 }
                return time
            }, "\(options)")
            XCTAssertEqual(given.map(\.handled), Array(1...engine.calls.count), "\(options)")
        }
    }

    func testEmptyInputProducesNothing() throws {
        let summary = try replay([])
        XCTAssertNil(engine)
        XCTAssertEqual(summary, PlaybackSummary())
    }
}
