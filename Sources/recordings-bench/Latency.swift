// `recordings-bench --latency --config FILE RECORDING`: event → line latency in process. For every input
// frame it times, with the monotonic clock, what a live session does between the frame's bytes arriving
// and its delegate lines being ready to write: read the frame, hand it to the engine, drain the engine's
// events and encode them as JSON Lines. Animation ticks between frames run untimed, as a display clock
// would drive them. Prints the percentiles of that, and of reading alone as the baseline.
import Configuration
import Glibc
import Recordings
import ScrollEngine
import StreamOutput

/// Encoded lines go nowhere: the encoding is timed, not the output's write(2).
final class DiscardingSink: ByteSink {
    func write(_ bytes: [UInt8]) {}
    func flush() {}
}

func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

func percentile(_ sorted: [UInt64], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let index = min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)
    return Double(sorted[max(0, index)]) / 1000
}

func measureLatency(configPath: String, recording: String) throws {
    let configuration = try ConfigurationLoader.load(contentsOfFile: configPath)
    let mapping = ScreenMapping(screenSize: configuration.scrollView.boundsSize)

    // Baseline: reading alone.
    var readTimes: [UInt64] = []
    let readSource = try RecordingSource.open(path: recording, mapping: mapping)
    while true {
        let start = monotonicNanoseconds()
        guard try readSource.nextFrame() != nil else { break }
        readTimes.append(monotonicNanoseconds() - start)
    }

    var times: [UInt64] = []
    times.reserveCapacity(readTimes.count)
    let source = try RecordingSource.open(path: recording, mapping: mapping)
    let stream = try DelegateStreamWriter(sink: DiscardingSink(), header: StreamHeader(
        toolVersion: "bench", scrollView: configuration.scrollView, views: [], frameRate: configuration.output.frameRate))
    var engine: ScrollView?
    var lastStep = Timestamp.zero
    while true {
        let start = monotonicNanoseconds()
        guard let frame = try source.nextFrame() else { break }
        let readEnd = monotonicNanoseconds()
        var untimed: UInt64 = 0
        if let scrollView = engine {
            // Animation ticks up to the frame, untimed (a display clock drives them live).
            while scrollView.isAnimating {
                let tick = lastStep.adding(seconds: 1 / configuration.output.frameRate)
                guard tick < frame.time else { break }
                scrollView.advance(to: tick)
                try stream.write(scrollView.drainEvents())
                lastStep = tick
            }
            untimed = monotonicNanoseconds() - readEnd
        } else {
            engine = ScrollView(configuration: configuration.scrollView, startTime: frame.time)
        }
        let scrollView = engine!
        scrollView.handle(frame)
        try stream.write(scrollView.drainEvents())
        times.append(monotonicNanoseconds() - start - untimed)
        lastStep = frame.time
    }
    readTimes.sort()
    times.sort()
    print("frames \(times.count) p50 \(percentile(times, 0.5)) p99 \(percentile(times, 0.99)) max \(percentile(times, 1)) µs; "
        + "read alone p50 \(percentile(readTimes, 0.5)) p99 \(percentile(readTimes, 0.99)) µs")
}
