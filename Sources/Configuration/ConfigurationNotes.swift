import ScrollEngine

/// Settings that are valid but probably not what was meant: `touchscroll config check` prints them
/// as notes after the summary (the file still passes).
public enum ConfigurationNotes {
    public static func notes(for c: TouchscrollConfiguration) -> [String] {
        let s = c.scrollView
        let f = YAMLNodeReader.format
        var notes: [String] = []
        if let still = nothingMoves(c) { notes.append(still) }
        let limitsDiffer = s.minimumZoomScale != s.maximumZoomScale
        if s.zoomView != nil, !limitsDiffer {
            notes.append("scrollView.zoomView is set but minimumZoomScale = maximumZoomScale (\(f(s.minimumZoomScale))): zooming is off")
        }
        if s.zoomView == nil, limitsDiffer {
            notes.append("zoom limits differ but scrollView.zoomView is not set: pinches do nothing (UIKit needs viewForZooming)")
        }
        if s.doubleTapZoom.enabled, s.zoomingContentView == nil {
            notes.append("scrollView.doubleTapZoom is enabled but zooming is off: double taps do nothing, yet single taps on content wait for them")
        }
        if let edge = s.edgeSwipe {
            let across = edge.edge == .left || edge.edge == .right ? c.screen.width : c.screen.height
            if edge.depth >= across {
                notes.append("scrollView.edgeSwipe.depth \(f(edge.depth)) covers the whole screen: every touch starts in the strip and nothing scrolls")
            }
        }
        if !s.isScrollEnabled {
            notes.append("scrollView.isScrollEnabled is false: touches never scroll")
        }
        for view in s.contentViews {
            let frame = view.frame
            let content = s.zoomingContentView?.frame.size ?? s.contentSize
            if frame.maxX <= 0 || frame.maxY <= 0 || frame.minX >= content.width || frame.minY >= content.height {
                notes.append("contentViews \"\(view.id)\" lies outside the content (\(f(content.width))×\(f(content.height))): no touch can reach it")
            }
        }
        notes += scrollsToTopNotes(for: c)
        return notes
    }

    /// UIKit's rule: a status-bar tap scrolls the one visible scroll view whose scrollsToTop is on;
    /// with two or more on screen, none scrolls.
    public static func scrollsToTopNotes(for c: TouchscrollConfiguration) -> [String] {
        guard c.scrollViews.count > 1 || c.scrollViews.contains(where: { !$0.children.isEmpty }),
              let tree = try? ScrollViewTree(screenSize: c.screen.size, views: c.scrollViews) else { return [] }
        let candidates = tree.scrollToTopCandidates
        guard candidates.count > 1 else { return [] }
        let names = candidates.map { "\"\($0)\"" }.joined(separator: ", ")
        return ["scroll views \(names) are visible with scrollsToTop on: a status-bar tap scrolls none of them (UIKit's rule); set scrollsToTop: false on all but one"]
    }

    /// Set when touches can move nothing: the content fits the screen on both axes, neither
    /// alwaysBounce… asks for a rubber band, and zooming is off. This is what UIKit's defaults give
    /// (contentSize 0×0), so a `replay` or `plot` without a configuration would print a stream in
    /// which nothing scrolls; those commands warn with this text, which says what to add.
    public static func nothingMoves(_ c: TouchscrollConfiguration) -> String? {
        // A screen of several scroll views is a configuration somebody wrote on purpose.
        guard c.scrollViews.isEmpty else { return nil }
        let s = c.scrollView
        guard s.isScrollEnabled else { return nil }  // its own note
        let geometry = ScrollGeometry(configuration: s, contentSize: s.contentSize)
        if Axis.allCases.contains(where: { geometry.scrolls($0) }) { return nil }
        if s.zoomingContentView != nil, s.minimumZoomScale != s.maximumZoomScale { return nil }
        let f = YAMLNodeReader.format
        let screen = "\(f(s.boundsSize.width))×\(f(s.boundsSize.height))"
        return "the content (scrollView.contentSize \(f(s.contentSize.width))×\(f(s.contentSize.height)) pt) fits the \(screen) screen"
            + " and zooming is off, so no touch moves it; give a configuration with a larger content, e.g."
            + " `scrollView: { contentSize: { width: \(f(s.boundsSize.width)), height: \(f(s.boundsSize.height * 5)) } }`"
            + " (--config config/example.yaml is one)"
    }
}
