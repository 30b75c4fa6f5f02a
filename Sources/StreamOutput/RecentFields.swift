import ScrollEngine

/// The fields that consecutive lines of one stream usually share, as the line before wrote them: the
/// scroll view's name (`"view":"list"`), and the zoom scale with the seven state flags
/// (`,"zoomScale":1,"tracking":true,…,"zoomAnimating":false`). A writer keeps one for its stream and
/// passes it to `DelegateEventEncoder.appendLines(_:to:recent:)`; an event with the same view, or the
/// same zoom scale and flags, gets those bytes copied instead of formatted again. Over a drag or a
/// fling only the time and the content offset change from line to line.
///
/// What is copied is what formatting wrote (the line before's own bytes, keyed on the exact inputs:
/// the view's name and the zoom scale's bit pattern with the flags), so a line is the same with or
/// without it.
public struct RecentFields {
    /// The view the bytes in `view` name (`nil`: a lone scroll view's `null`); valid when `hasView`.
    fileprivate var viewName: ViewName?
    fileprivate var hasView = false
    fileprivate var view = StackBytes()
    /// The zoom scale's bit pattern and the flags (one bit each) the bytes in `tail` were written
    /// from; valid when `hasTail`.
    fileprivate var zoomBits: UInt64 = 0
    fileprivate var flags: UInt8 = 0
    fileprivate var hasTail = false
    fileprivate var tail = StackBytes()

    public init() {}
}

extension DelegateEventEncoder {
    /// `"list"` or `null`: the view's name, copied when it is the line before's. A name that needs an
    /// escape or is longer than the cache holds is written the long way every time (configured ids are
    /// short names).
    @inline(__always)
    static func appendView(_ name: ViewName?, _ cursor: inout ByteCursor, _ recent: inout RecentFields) {
        if !(recent.hasView && recent.viewName == name) {
            recent.view.removeAll()
            if let name {
                recent.hasView = JSONString.appendUnescaped(name.utf8, to: &recent.view)
            } else {
                recent.view.append("null")
                recent.hasView = true
            }
            recent.viewName = name
            guard recent.hasView else { return appendName(name, &cursor) }
        }
        recent.view.withBytes { cursor.append($0) }
    }

    /// `,"zoomScale":1,"tracking":false,"dragging":true,…,"zoomAnimating":false`, copied when the zoom
    /// scale and the flags are the line before's.
    @inline(__always)
    static func appendStateTail(_ s: ScrollViewState, _ cursor: inout ByteCursor, _ recent: inout RecentFields) {
        var flags: UInt8 = s.isTracking ? 1 : 0
        if s.isDragging { flags |= 2 }
        if s.isDecelerating { flags |= 4 }
        if s.isScrollAnimating { flags |= 8 }
        if s.isZooming { flags |= 16 }
        if s.isZoomBouncing { flags |= 32 }
        if s.isZoomAnimating { flags |= 64 }
        let zoomBits = s.zoomScale.bitPattern
        if !(recent.hasTail && recent.zoomBits == zoomBits && recent.flags == flags) {
            recent.tail.removeAll()
            recent.tail.withCursor { tail in
                tail.append(#","zoomScale":"#)
                JSONNumberFormat.append(s.zoomScale, to: &tail)
                appendFlags(s, &tail)
            }
            (recent.zoomBits, recent.flags, recent.hasTail) = (zoomBits, flags, true)
        }
        recent.tail.withBytes { cursor.append($0) }
    }
}
