import ScrollEngine

/// The few lines `touchscroll config check` prints for a valid file: what a reader needs to see
/// that the file says what they meant.
public enum ConfigurationSummary {
    public static func text(for c: TouchscrollConfiguration) -> String {
        let f = YAMLNodeReader.format
        let s = c.scrollView
        var lines: [String] = []
        var screen = "screen: \(f(c.screen.width))×\(f(c.screen.height)) px"
        if let w = c.screen.widthMM, let h = c.screen.heightMM { screen += " (\(f(w))×\(f(h)) mm)" }
        if c.screen.rotation != .none { screen += ", rotated \(c.screen.rotation.rawValue)° (display and touch)" }
        lines.append(screen)
        if !c.scrollViews.isEmpty {
            // A screen of several: each view with its frame, nested ones indented; the lines below
            // describe the first.
            var views: [String] = []
            func list(_ nodes: [ScrollViewTree.Node], depth: Int) {
                for node in nodes {
                    let r = node.frame
                    views.append(String(repeating: "  ", count: depth + 1) + "\(node.id): \(f(r.width))×\(f(r.height)) at (\(f(r.minX)), \(f(r.minY)))"
                                 + ", content \(f(node.configuration.contentSize.width))×\(f(node.configuration.contentSize.height))")
                    list(node.children, depth: depth + 1)
                }
            }
            list(c.scrollViews, depth: 0)
            lines.append("scroll views (first described below):")
            lines.append(contentsOf: views)
        }
        lines.append("content: \(f(s.contentSize.width))×\(f(s.contentSize.height)) pt, offset (\(f(s.contentOffset.x)), \(f(s.contentOffset.y)))")
        let a = s.adjustedContentInset
        lines.append("adjusted inset: top \(f(a.top)), left \(f(a.left)), bottom \(f(a.bottom)), right \(f(a.right))")
        var scrolling: [String] = [s.isScrollEnabled ? "enabled" : "disabled"]
        if s.bounces { scrolling.append("bounces") }
        if s.isPagingEnabled { scrolling.append("paging") }
        if s.isDirectionalLockEnabled { scrolling.append("directional lock") }
        let rate = s.decelerationRate == .normal ? "normal" : s.decelerationRate == .fast ? "fast" : f(s.decelerationRate.rawValue)
        scrolling.append("deceleration \(rate)")
        lines.append("scrolling: " + scrolling.joined(separator: ", "))
        if let zoomView = s.zoomingContentView {
            lines.append("zoom: \(f(s.minimumZoomScale))…\(f(s.maximumZoomScale)) on \"\(zoomView.id)\", starting at \(f(s.zoomScale))\(s.bouncesZoom ? ", bounces" : "")")
        } else {
            lines.append("zoom: off (needs zoomView and minimumZoomScale ≠ maximumZoomScale)")
        }
        let controls = s.contentViews.filter { $0.role == .control }.count
        lines.append("content views: \(s.contentViews.count)\(controls > 0 ? " (\(controls) control\(controls == 1 ? "" : "s"))" : "")")
        var input: [String] = []
        if c.input.rotation != .none { input.append("rotated \(c.input.rotation.rawValue)°") }
        if c.input.flipX { input.append("flipped x") }
        if c.input.flipY { input.append("flipped y") }
        if !c.input.calibration.isIdentity { input.append("calibrated") }
        if c.input.touchOnly { input.append("touchscreens only") }
        lines.append("input: " + (input.isEmpty ? "as reported" : input.joined(separator: ", ")))
        lines.append("frame rate: \(f(c.output.frameRate)) Hz")
        return lines.joined(separator: "\n")
    }
}
