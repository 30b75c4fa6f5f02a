import ScrollEngine

/// The fields that consecutive lines of one stream usually share, as the line before wrote them: what
/// stands between the time and the content offset's x (`,"message":"scrollViewDidScroll","view":"list",
/// "contentOffset":{"x":`), and the zoom scale with the seven state flags (`,"zoomScale":1,"tracking":
/// true,…,"zoomAnimating":false`). A writer keeps one for its stream and passes it to
/// `DelegateEventEncoder.appendLines(_:to:recent:)`; an event with the same message and view, or the
/// same zoom scale and flags, gets those bytes copied instead of written again piece by piece. Over a
/// drag or a fling only the time and the content offset change from line to line.
///
/// What is copied is what formatting wrote (the line before's own bytes, keyed on the exact inputs:
/// the message's name and the view's name, the zoom scale's bit pattern with the flags), so a line is
/// the same with or without it.
public struct RecentFields {
    /// The message name (its literal's first byte: each name is one literal in the binary) and the
    /// view (`nil`: a lone scroll view's `null`) the bytes in `head` were written from; valid when
    /// `hasHead`.
    fileprivate var headMessage: UnsafePointer<UInt8>?
    fileprivate var headView: ViewName?
    fileprivate var hasHead = false
    fileprivate var head = StackBytes()
    /// The zoom scale's bit pattern and the flags (one bit each) the bytes in `tail` were written
    /// from; valid when `hasTail`.
    fileprivate var zoomBits: UInt64 = 0
    fileprivate var flags: UInt8 = 0
    fileprivate var hasTail = false
    fileprivate var tail = StackBytes()

    public init() {}
}

extension DelegateEventEncoder {
    /// `,"message":"…","view":"list","contentOffset":{"x":`, copied when the message and the view are
    /// the line before's. A view name that needs an escape or is longer than the cache holds is
    /// written the long way every time (configured ids are short names).
    @inline(__always)
    static func appendHead(_ message: StaticString, _ view: ViewName?, _ cursor: inout ByteCursor, _ recent: inout RecentFields) {
        if !(recent.hasHead && recent.headMessage == message.utf8Start && recent.headView == view) {
            recent.head.removeAll()
            recent.head.append(#","message":""#)
            recent.head.append(message)
            recent.head.append(#"","view":"#)
            var fits = true
            if let view {
                fits = JSONString.appendUnescaped(view.utf8, to: &recent.head)
            } else {
                recent.head.append("null")
            }
            fits = fits && recent.head.remaining >= 22
            if fits { recent.head.append(#","contentOffset":{"x":"#) }
            (recent.headMessage, recent.headView, recent.hasHead) = (message.utf8Start, view, fits)
            guard fits else {
                cursor.append(#","message":""#)
                cursor.append(message)
                cursor.append(#"","view":"#)
                appendName(view, &cursor)
                cursor.append(#","contentOffset":{"x":"#)
                return
            }
        }
        recent.head.withBytes { cursor.append($0) }
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
