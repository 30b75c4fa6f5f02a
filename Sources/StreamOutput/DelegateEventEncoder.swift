import ScrollEngine

/// Encodes one `DelegateEvent` as one JSON line, keys in a fixed order (docs/protocol.md):
/// `t`, `message`, `view` (the scroll view's id), `contentOffset`, `zoomScale`, the state flags, then the
/// message's own fields.
///
/// The bytes are those `JSONObjectWriter` writes field by field (`{"t":…,"message":…}`), written
/// straight into the output's buffer: room for a batch of lines is made once, from each line's upper
/// bound (`maximumLength(message:view:)`), and a line is then mostly constant text, its keys written
/// as literals with their punctuation through a `ByteCursor`. A stream's writer also passes the fields
/// its line before wrote (`RecentFields`): the message and view with the keys up to the offset, the
/// zoom scale and the flags mostly repeat from line to line and are then copied, not written again.
public enum DelegateEventEncoder {
    /// The most bytes a line takes besides its names. Its parts at their widest add up to 538: the
    /// time (25 with its key), the message's name (up to 34 bytes) with the keys around it (56), the
    /// offset (70), the zoom scale and the seven flags (172), and a content touch's fields, the
    /// widest of any message's own (213: an integer slot and time, two points), and the line's end
    /// (2); 600 leaves room for longer message names. Each name adds its own bound
    /// (`JSONString.maximumLength(ofBytes:)`).
    static let maximumLengthBesidesNames = 600

    public static func encodedLine(_ event: DelegateEvent) -> [UInt8] {
        var line: [UInt8] = []
        appendLine(event, to: &line)
        return line
    }

    /// The lines of `events`, one after another, appended to the end of `buffer`.
    public static func appendLines(_ events: [DelegateEvent], to buffer: inout [UInt8]) {
        var recent = RecentFields()
        appendLines(events, to: &buffer, recent: &recent)
    }

    /// The same, continuing a stream whose line before wrote `recent` (which the last line leaves
    /// there for the next call).
    public static func appendLines(_ events: [DelegateEvent], to buffer: inout [UInt8], recent: inout RecentFields) {
        // Over the array's storage, so that each field is not a checked subscript of it; each event
        // is read where it lies (see `encode`).
        events.withUnsafeBufferPointer { events in
            guard let first = events.baseAddress else { return }
            var bound = 0
            for index in events.indices {
                bound &+= maximumLength(message: events[index].message, view: events[index].viewName)
            }
            guard bound > 0 else { return }
            buffer.appendBytes(upTo: bound) { cursor in
                for index in events.indices {
                    encode(first + index, recent: &recent, to: &cursor)
                }
            }
        }
    }

    /// The same line, appended to the end of `buffer` (a sink's output buffer).
    public static func appendLine(_ event: DelegateEvent, to buffer: inout [UInt8]) {
        var recent = RecentFields()
        appendLine(event, to: &buffer, recent: &recent)
    }

    /// The same, continuing a stream whose line before wrote `recent`.
    public static func appendLine(_ event: DelegateEvent, to buffer: inout [UInt8], recent: inout RecentFields) {
        buffer.appendBytes(upTo: maximumLength(message: event.message, view: event.viewName)) { cursor in
            withUnsafePointer(to: event) { encode($0, recent: &recent, to: &cursor) }
        }
    }

    /// The most bytes the line of an event takes: the fixed part's bound and its names'.
    @inline(__always)
    static func maximumLength(message: DelegateMessage, view: ViewName?) -> Int {
        var length = maximumLengthBesidesNames &+ maximumLength(of: view)
        switch message {
        case .touchesBegan(let touch), .touchesMoved(let touch), .touchesEnded(let touch), .touchesCancelled(let touch):
            length &+= maximumLength(of: touch.viewName)
        case .tap(let gesture), .longPress(let gesture), .swipe(let gesture, _):
            length &+= maximumLength(of: gesture.viewName)
        default:
            break
        }
        return length
    }

    /// A name's bound: its string literal's, or `null`'s.
    @inline(__always) private static func maximumLength(of name: ViewName?) -> Int {
        guard let name else { return 4 }
        return JSONString.maximumLength(ofBytes: name.utf8.count)
    }

    /// One line, at a cursor with room for `maximumLength(message:view:)` bytes.
    ///
    /// The event is read field by field where it lies, each field when its bytes are written: an
    /// event taken as a value was loaded whole first (its message's payload too, which most
    /// messages do not have) and its fields kept on the stack across the line, about 40
    /// instructions of every line.
    private static func encode(_ event: UnsafePointer<DelegateEvent>, recent: inout RecentFields, to cursor: inout ByteCursor) {
        cursor.append(#"{"t":"#)
        JSONNumberFormat.append(event.pointee.time.microseconds, to: &cursor)
        appendHead(event.pointee.message.nameLiteral, event.pointee.viewName, &cursor, &recent)
        JSONNumberFormat.append(event.pointee.state.contentOffset.x, to: &cursor)
        cursor.append(#","y":"#)
        JSONNumberFormat.append(event.pointee.state.contentOffset.y, to: &cursor)
        cursor.append(UInt8(ascii: "}"))
        appendStateTail(event.pointee.state, &cursor, &recent)
        switch event.pointee.message {
        case .willEndDragging(let velocity, let target):
            appendPoint(#","velocity":"#, velocity, &cursor)
            appendPoint(#","targetContentOffset":"#, target, &cursor)
        case .didEndDragging(let willDecelerate):
            cursor.append(willDecelerate ? #","willDecelerate":true"# : #","willDecelerate":false"#)
        case .didEndZooming(let atScale):
            cursor.append(#","atScale":"#)
            JSONNumberFormat.append(atScale, to: &cursor)
        case .shouldScrollToTop(let answer):
            cursor.append(answer ? #","answer":true"# : #","answer":false"#)
        case .touchesBegan(let touch), .touchesMoved(let touch), .touchesEnded(let touch), .touchesCancelled(let touch):
            cursor.append(#","contentView":"#)
            appendName(touch.viewName, &cursor)
            cursor.append(#","slot":"#)
            JSONNumberFormat.append(Int64(touch.slot.rawValue), to: &cursor)
            cursor.append(#","touchTime":"#)
            JSONNumberFormat.append(touch.touchTime.microseconds, to: &cursor)
            appendPoint(#","contentPoint":"#, touch.contentPoint, &cursor)
            appendPoint(#","screenPoint":"#, touch.screenPoint, &cursor)
        case .tap(let gesture), .longPress(let gesture):
            appendGesture(gesture, &cursor)
        case .swipe(let gesture, let direction):
            appendGesture(gesture, &cursor)
            cursor.append(#","direction":"#)
            appendString(direction.rawValue, &cursor)
        case .recentered(let shift):
            appendPoint(#","shift":"#, shift, &cursor)
        case .motionStopped(let reason):
            cursor.append(#","reason":"#)
            appendString(reason.rawValue, &cursor)
        case .willBeginDragging, .didScroll, .willBeginDecelerating, .didEndDecelerating,
             .didEndScrollingAnimation, .didScrollToTop, .willBeginZooming, .didZoom:
            break
        }
        cursor.append("}\n")
    }

    /// `key` (`,"name":`, at most 24 bytes) and the point as `{"x":…,"y":…}`.
    @inline(__always)
    private static func appendPoint(_ key: StaticString, _ point: Point, _ cursor: inout ByteCursor) {
        cursor.append(key)
        cursor.append(#"{"x":"#)
        JSONNumberFormat.append(point.x, to: &cursor)
        cursor.append(#","y":"#)
        JSONNumberFormat.append(point.y, to: &cursor)
        cursor.append(UInt8(ascii: "}"))
    }

    /// A short string value of the stream's own (a direction's or a reason's raw value), escaped as
    /// JSON requires.
    static func appendString(_ value: String, _ cursor: inout ByteCursor) {
        var value = value
        value.withUTF8 { JSONString.append($0, to: &cursor) }
    }

    /// A view's name (`"list"`, or `null`), escaped as JSON requires.
    static func appendName(_ name: ViewName?, _ cursor: inout ByteCursor) {
        guard let name else { return cursor.append("null") }
        JSONString.append(name.utf8, to: &cursor)
    }

    private static func appendGesture(_ gesture: ContentGesture, _ cursor: inout ByteCursor) {
        cursor.append(#","contentView":"#)
        appendName(gesture.viewName, &cursor)
        cursor.append(#","touches":"#)
        JSONNumberFormat.append(Int64(gesture.touches), to: &cursor)
        appendPoint(#","contentPoint":"#, gesture.contentPoint, &cursor)
        appendPoint(#","screenPoint":"#, gesture.screenPoint, &cursor)
    }

    // MARK: - The state flags

    /// `,"tracking":false,"dragging":true,…,"zoomAnimating":false`: each flag's key and value as one
    /// literal (a fixed-size copy the compiler writes inline), at most 138 bytes in all, which the
    /// caller has room for.
    @inline(__always)
    static func appendFlags(_ s: ScrollViewState, _ bytes: inout ByteCursor) {
        if s.isTracking { bytes.append(#","tracking":true"#) } else { bytes.append(#","tracking":false"#) }
        if s.isDragging { bytes.append(#","dragging":true"#) } else { bytes.append(#","dragging":false"#) }
        if s.isDecelerating { bytes.append(#","decelerating":true"#) } else { bytes.append(#","decelerating":false"#) }
        if s.isScrollAnimating { bytes.append(#","scrollAnimating":true"#) } else { bytes.append(#","scrollAnimating":false"#) }
        if s.isZooming { bytes.append(#","zooming":true"#) } else { bytes.append(#","zooming":false"#) }
        if s.isZoomBouncing { bytes.append(#","zoomBouncing":true"#) } else { bytes.append(#","zoomBouncing":false"#) }
        if s.isZoomAnimating { bytes.append(#","zoomAnimating":true"#) } else { bytes.append(#","zoomAnimating":false"#) }
    }
}
