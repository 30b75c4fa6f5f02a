import LiveInput
import ScrollEngine

/// The one-line `STATUS=` systemd shows in `systemctl status`: the devices (touchscreens by name,
/// so an operator sees which panel is read), and what the content is doing. While it moves the line
/// names the motion only (no offsets), so the status changes at transitions, not on every frame.
///
///     1 touchscreen (ILITEK Multi-Touch), 2 other devices; at rest, offset (0, 640), zoom 1
///     no touchscreen; decelerating
public enum StatusSummary {
    public static func line(devices: [InputDeviceSummary], state: ScrollViewState, isAtRest: Bool) -> String {
        let touchscreens = devices.filter { $0.kind == .touchscreen }
        let others = devices.count - touchscreens.count
        var text = touchscreens.isEmpty ? "no touchscreen" : touchscreens.count == 1 ? "1 touchscreen" : "\(touchscreens.count) touchscreens"
        if !touchscreens.isEmpty { text += " (" + touchscreens.map(\.name).joined(separator: ", ") + ")" }
        if others > 0 { text += others == 1 ? ", 1 other device" : ", \(others) other devices" }
        text += "; "
        if isAtRest {
            text += "at rest, offset (\(short(state.contentOffset.x)), \(short(state.contentOffset.y))), zoom \(short(state.zoomScale))"
        } else {
            text += motion(state)
        }
        return text
    }

    static func motion(_ state: ScrollViewState) -> String {
        if state.isZooming { return "zooming" }
        if state.isDragging { return "dragging" }
        if state.isDecelerating { return "decelerating" }
        if state.isZoomBouncing { return "zoom bouncing" }
        if state.isScrollAnimating || state.isZoomAnimating { return "animating" }
        if state.isTracking { return "touched" }
        return "waiting for a touch timer"
    }

    /// At most one decimal, no trailing ".0" (640, 12.5, -3.3).
    static func short(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return String(rounded)
    }
}
