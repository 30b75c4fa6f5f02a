import ScrollEngine

/// Draws a replayed session as one SVG picture a tuner reads at a glance: contentOffset x and y
/// (top panel) and zoomScale (bottom panel) against time, with the periods a finger was down
/// shaded across both panels and a strip coloured by phase (dragging, decelerating, bouncing,
/// animating, zooming) between them.
public struct SessionPlotRenderer {
    public var title: String
    public var width: Double = 1100
    public var height: Double = 640

    public init(title: String) {
        self.title = title
    }

    private let left = 80.0, right = 190.0
    private var plotRight: Double { width - right }
    private let offsetPanel = (top: 50.0, bottom: 330.0)
    private let phaseStrip = (top: 345.0, bottom: 365.0)
    private let zoomPanel = (top: 395.0, bottom: 575.0)
    static let offsetXColour = "#1f77b4"
    static let offsetYColour = "#d62728"
    static let zoomColour = "#2ca02c"
    static let touchColour = "#9e9e9e"

    public func svg(for trace: SessionTrace) -> String {
        var svg = SVGDocument(width: width, height: height)
        draw(trace, title: title, into: &svg)
        return svg.text
    }

    /// A screen of several scroll views: one panel per view, stacked in the given order, each
    /// titled with the view's id.
    public func svg(for traces: [(view: String, trace: SessionTrace)]) -> String {
        var svg = SVGDocument(width: width, height: height * Double(max(1, traces.count)))
        for (index, entry) in traces.enumerated() {
            var panel = SVGDocument(width: width, height: height)
            draw(entry.trace, title: "\(title) · view \(entry.view)", into: &panel)
            svg.place(panel, y: height * Double(index))
        }
        return svg.text
    }

    private func draw(_ trace: SessionTrace, title: String, into svg: inout SVGDocument) {
        svg.text(title, x: left, y: 28, size: 16, bold: true)
        guard let start = trace.start, let end = trace.end, !trace.samples.isEmpty else {
            svg.text("no input and no events", x: left, y: 80)
            return
        }
        let duration = max(end.seconds(since: start), 0.001)
        let timeX = { (t: Timestamp) in self.left + (self.plotRight - self.left) * t.seconds(since: start) / duration }

        // Touch-down periods, behind everything, across both panels and the phase strip.
        for period in trace.touchPeriods {
            let x1 = timeX(period.start), x2 = max(timeX(period.end), x1 + 1)
            svg.rect(x: x1, y: offsetPanel.top, width: x2 - x1, height: zoomPanel.bottom - offsetPanel.top, fill: Self.touchColour, opacity: 0.25)
            if period.fingers > 1 {
                svg.text("\(period.fingers) fingers", x: x1 + 2, y: offsetPanel.top + 12, size: 10)
            }
        }

        // Offset panel.
        let offsets = trace.samples.flatMap { [$0.contentOffset.x, $0.contentOffset.y] }
        let offsetRange = Self.paddedRange(offsets.min()!, offsets.max()!, minimumSpan: 10)
        drawValueAxis(&svg, panel: offsetPanel, range: offsetRange, label: "contentOffset (pt)")
        let offsetY = { (v: Double) in self.offsetPanel.bottom - (self.offsetPanel.bottom - self.offsetPanel.top) * (v - offsetRange.lowerBound) / (offsetRange.upperBound - offsetRange.lowerBound) }
        svg.polyline(trace.samples.map { (timeX($0.time), offsetY($0.contentOffset.x)) }, stroke: Self.offsetXColour)
        svg.polyline(trace.samples.map { (timeX($0.time), offsetY($0.contentOffset.y)) }, stroke: Self.offsetYColour)

        // Phase strip: each sample's phase lasts until the next sample.
        svg.text("phase", x: left - 8, y: phaseStrip.bottom - 5, size: 11, anchor: .end)
        svg.rect(x: left, y: phaseStrip.top, width: plotRight - left, height: phaseStrip.bottom - phaseStrip.top, fill: "#ffffff", stroke: "#808080")
        // Runs of equal phase become one rectangle (no seams between frames).
        var runStart = 0
        for index in trace.samples.indices {
            let isLast = index + 1 == trace.samples.count
            guard isLast || trace.samples[index + 1].phase != trace.samples[runStart].phase else { continue }
            let phase = trace.samples[runStart].phase
            if phase != .resting {
                let runEnd = isLast ? end : trace.samples[index + 1].time
                let x1 = timeX(trace.samples[runStart].time), x2 = max(timeX(runEnd), x1 + 0.5)
                svg.rect(x: x1, y: phaseStrip.top, width: x2 - x1, height: phaseStrip.bottom - phaseStrip.top, fill: phase.colour)
            }
            runStart = index + 1
        }

        // Zoom panel.
        let scales = trace.samples.map(\.zoomScale)
        let zoomRange = Self.paddedRange(scales.min()!, scales.max()!, minimumSpan: 0.2)
        drawValueAxis(&svg, panel: zoomPanel, range: zoomRange, label: "zoomScale")
        let zoomY = { (v: Double) in self.zoomPanel.bottom - (self.zoomPanel.bottom - self.zoomPanel.top) * (v - zoomRange.lowerBound) / (zoomRange.upperBound - zoomRange.lowerBound) }
        svg.polyline(trace.samples.map { (timeX($0.time), zoomY($0.zoomScale)) }, stroke: Self.zoomColour)

        // Time axis under both panels.
        let timeTicks = AxisTicks.ticks(from: 0, to: duration, target: 10)
        let timeStep = timeTicks.count > 1 ? timeTicks[1] - timeTicks[0] : duration
        for tick in timeTicks {
            let x = left + (plotRight - left) * tick / duration
            for panel in [offsetPanel, zoomPanel] {
                svg.line(x1: x, y1: panel.top, x2: x, y2: panel.bottom, stroke: "#e6e6e6", width: 0.5)
            }
            svg.line(x1: x, y1: zoomPanel.bottom, x2: x, y2: zoomPanel.bottom + 5, stroke: "#000000")
            svg.text(AxisTicks.label(tick, step: timeStep), x: x, y: zoomPanel.bottom + 18, size: 11, anchor: .middle)
        }
        svg.text("time (s)", x: (left + plotRight) / 2, y: zoomPanel.bottom + 40, size: 12, anchor: .middle)

        drawLegend(&svg, phases: Set(trace.samples.map(\.phase)))
    }

    private func drawValueAxis(_ svg: inout SVGDocument, panel: (top: Double, bottom: Double), range: ClosedRange<Double>, label: String) {
        svg.rect(x: left, y: panel.top, width: plotRight - left, height: panel.bottom - panel.top, fill: "none", stroke: "#808080")
        let ticks = AxisTicks.ticks(from: range.lowerBound, to: range.upperBound, target: 6)
        let step = ticks.count > 1 ? ticks[1] - ticks[0] : 1
        for tick in ticks {
            let y = panel.bottom - (panel.bottom - panel.top) * (tick - range.lowerBound) / (range.upperBound - range.lowerBound)
            svg.line(x1: left, y1: y, x2: plotRight, y2: y, stroke: "#e6e6e6", width: 0.5)
            svg.line(x1: left - 5, y1: y, x2: left, y2: y, stroke: "#000000")
            svg.text(AxisTicks.label(tick, step: step), x: left - 8, y: y + 4, size: 11, anchor: .end)
        }
        svg.text(label, x: 18, y: (panel.top + panel.bottom) / 2, size: 12, anchor: .middle, rotated: true)
    }

    private func drawLegend(_ svg: inout SVGDocument, phases: Set<SessionPhase>) {
        let x = plotRight + 20
        var y = offsetPanel.top + 10
        func lineEntry(_ colour: String, _ label: String) {
            svg.line(x1: x, y1: y - 4, x2: x + 22, y2: y - 4, stroke: colour, width: 2.5)
            svg.text(label, x: x + 30, y: y, size: 12)
            y += 20
        }
        func swatch(_ colour: String, _ label: String, opacity: Double = 1) {
            svg.rect(x: x, y: y - 11, width: 22, height: 12, fill: colour, opacity: opacity)
            svg.text(label, x: x + 30, y: y, size: 12)
            y += 20
        }
        lineEntry(Self.offsetXColour, "contentOffset.x")
        lineEntry(Self.offsetYColour, "contentOffset.y")
        lineEntry(Self.zoomColour, "zoomScale")
        swatch(Self.touchColour, "finger down", opacity: 0.25)
        y += 10
        svg.text("phases", x: x, y: y, size: 12, bold: true)
        y += 20
        for phase in SessionPhase.allCases where phase != .resting {
            swatch(phase.colour, phases.contains(phase) ? phase.rawValue : phase.rawValue + " (none)")
        }
    }

    /// The data range with 5 % padding on each side, at least `minimumSpan` wide.
    static func paddedRange(_ lower: Double, _ upper: Double, minimumSpan: Double) -> ClosedRange<Double> {
        var lower = lower, upper = upper
        if upper - lower < minimumSpan {
            let middle = (lower + upper) / 2
            lower = middle - minimumSpan / 2
            upper = middle + minimumSpan / 2
        }
        let pad = (upper - lower) * 0.05
        return (lower - pad)...(upper + pad)
    }
}
