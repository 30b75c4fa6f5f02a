import ScrollEngine

/// Encodes one `DelegateEvent` as one JSON line, keys in a fixed order (docs/protocol.md):
/// `t`, `message`, `view` (the scroll view's id), `contentOffset`, `zoomScale`, the state flags, then the
/// message's own fields.
///
/// The bytes are those `JSONObjectWriter` writes field by field (`{"t":…,"message":…}`), gathered
/// on the stack (`StackBytes`) and copied to the line in one or a few large pieces: a line is
/// mostly constant text, so its keys are written as literals with their punctuation. A stream's
/// writer also passes the fields its line before wrote (`RecentFields`): the view's name, the zoom
/// scale and the flags mostly repeat from line to line and are then copied, not formatted again.
public enum DelegateEventEncoder {
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
        var chunk = StackBytes()
        appendLines(events, to: &buffer, recent: &recent, chunk: &chunk)
    }

    /// The same, gathering each line in `chunk` (empty when called, and left empty): a stream's
    /// writer keeps one for all its lines, so that its 512 bytes are not cleared for every batch.
    static func appendLines(_ events: [DelegateEvent], to buffer: inout [UInt8], recent: inout RecentFields,
                            chunk: inout StackBytes) {
        // Field by field, so that an event is not copied out of the array whole first; over the
        // array's storage, so that each field is not a checked subscript of it.
        events.withUnsafeBufferPointer { events in
            for index in events.indices {
                encode(time: events[index].time, message: events[index].message, state: events[index].state,
                       view: events[index].viewName, chunk: &chunk, recent: &recent, appendingTo: &buffer)
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
        var chunk = StackBytes()
        encode(time: event.time, message: event.message, state: event.state, view: event.viewName, chunk: &chunk,
               recent: &recent, appendingTo: &buffer)
    }

    /// One line, gathered in `chunk` (empty when called, and left empty) and appended to `buffer`.
    private static func encode(time: Timestamp, message: DelegateMessage, state s: ScrollViewState, view: ViewName?,
                               chunk: inout StackBytes, recent: inout RecentFields, appendingTo buffer: inout [UInt8]) {
        // At most 5 + 20 + 13 + 34 (the longest name) + 9 bytes: well inside an empty chunk.
        chunk.append(#"{"t":"#)
        JSONNumberFormat.append(time.microseconds, to: &chunk)
        chunk.append(#","message":""#)
        chunk.append(message.nameLiteral)
        chunk.append(#"","view":"#)
        appendView(view, &chunk, &buffer, &recent)
        appendPoint(#","contentOffset":"#, s.contentOffset, &chunk, &buffer)
        appendStateTail(s, &chunk, &buffer, &recent)
        switch message {
        case .willEndDragging(let velocity, let target):
            appendPoint(#","velocity":"#, velocity, &chunk, &buffer)
            appendPoint(#","targetContentOffset":"#, target, &chunk, &buffer)
        case .didEndDragging(let willDecelerate):
            chunk.reserve(23, spillingTo: &buffer)
            chunk.append(willDecelerate ? #","willDecelerate":true"# : #","willDecelerate":false"#)
        case .didEndZooming(let atScale):
            chunk.reserve(11 + JSONNumberFormat.maximumLength, spillingTo: &buffer)
            chunk.append(#","atScale":"#)
            JSONNumberFormat.append(atScale, to: &chunk)
        case .shouldScrollToTop(let answer):
            chunk.reserve(15, spillingTo: &buffer)
            chunk.append(answer ? #","answer":true"# : #","answer":false"#)
        case .touchesBegan(let touch), .touchesMoved(let touch), .touchesEnded(let touch), .touchesCancelled(let touch):
            chunk.reserve(15, spillingTo: &buffer)
            chunk.append(#","contentView":"#)
            appendName(touch.viewName, &chunk, &buffer)
            chunk.reserve(8 + 13 + 2 * JSONNumberFormat.maximumLength, spillingTo: &buffer)
            chunk.append(#","slot":"#)
            JSONNumberFormat.append(Int64(touch.slot.rawValue), to: &chunk)
            chunk.append(#","touchTime":"#)
            JSONNumberFormat.append(touch.touchTime.microseconds, to: &chunk)
            appendPoint(#","contentPoint":"#, touch.contentPoint, &chunk, &buffer)
            appendPoint(#","screenPoint":"#, touch.screenPoint, &chunk, &buffer)
        case .tap(let gesture), .longPress(let gesture):
            appendGesture(gesture, &chunk, &buffer)
        case .swipe(let gesture, let direction):
            appendGesture(gesture, &chunk, &buffer)
            chunk.reserve(14, spillingTo: &buffer)
            chunk.append(#","direction":"#)
            appendString(direction.rawValue, &chunk, &buffer)
        case .recentered(let shift):
            appendPoint(#","shift":"#, shift, &chunk, &buffer)
        case .motionStopped(let reason):
            chunk.reserve(11, spillingTo: &buffer)
            chunk.append(#","reason":"#)
            appendString(reason.rawValue, &chunk, &buffer)
        case .willBeginDragging, .didScroll, .willBeginDecelerating, .didEndDecelerating,
             .didEndScrollingAnimation, .didScrollToTop, .willBeginZooming, .didZoom:
            break
        }
        chunk.reserve(2, spillingTo: &buffer)
        chunk.append("}\n")
        chunk.write(to: &buffer)
        chunk.removeAll()
    }

    /// `key` (`,"name":`, at most 24 bytes) and the point as `{"x":…,"y":…}`.
    @inline(__always)
    private static func appendPoint(_ key: StaticString, _ point: Point, _ chunk: inout StackBytes, _ buffer: inout [UInt8]) {
        chunk.reserve(24 + 11 + 2 * JSONNumberFormat.maximumLength, spillingTo: &buffer)
        chunk.append(key)
        chunk.append(#"{"x":"#)
        JSONNumberFormat.append(point.x, to: &chunk)
        chunk.append(#","y":"#)
        JSONNumberFormat.append(point.y, to: &chunk)
        chunk.append(UInt8(ascii: "}"))
    }

    /// A string value (`"list"`, or `null`), escaped as JSON requires. A short name that needs no
    /// escape joins the chunk; anything else goes to the line after the chunk's bytes.
    static func appendString(_ value: String?, _ chunk: inout StackBytes, _ buffer: inout [UInt8]) {
        guard var value else { return appendNull(&chunk, &buffer) }
        value.withUTF8 { appendString($0, &chunk, &buffer) }
    }

    /// A view's name, the same way.
    static func appendName(_ name: ViewName?, _ chunk: inout StackBytes, _ buffer: inout [UInt8]) {
        guard let name else { return appendNull(&chunk, &buffer) }
        appendString(name.utf8, &chunk, &buffer)
    }

    private static func appendNull(_ chunk: inout StackBytes, _ buffer: inout [UInt8]) {
        chunk.reserve(4, spillingTo: &buffer)
        chunk.append("null")
    }

    private static func appendString(_ utf8: UnsafeBufferPointer<UInt8>, _ chunk: inout StackBytes, _ buffer: inout [UInt8]) {
        if JSONString.appendUnescaped(utf8, to: &chunk) { return }
        chunk.write(to: &buffer)
        chunk.removeAll()
        if JSONString.appendUnescaped(utf8, to: &chunk) { return }
        JSONString.append(utf8, to: &buffer)
    }

    private static func appendGesture(_ gesture: ContentGesture, _ chunk: inout StackBytes, _ buffer: inout [UInt8]) {
        chunk.reserve(15, spillingTo: &buffer)
        chunk.append(#","contentView":"#)
        appendName(gesture.viewName, &chunk, &buffer)
        chunk.reserve(11 + JSONNumberFormat.maximumLength, spillingTo: &buffer)
        chunk.append(#","touches":"#)
        JSONNumberFormat.append(Int64(gesture.touches), to: &chunk)
        appendPoint(#","contentPoint":"#, gesture.contentPoint, &chunk, &buffer)
        appendPoint(#","screenPoint":"#, gesture.screenPoint, &chunk, &buffer)
    }

    // MARK: - The state flags

    /// `,"tracking":false,"dragging":true,…,"zoomAnimating":false`: each flag's key and value as one
    /// literal (a fixed-size copy the compiler writes inline), at most 138 bytes in all, which the
    /// caller has room for.
    @inline(__always)
    static func appendFlags(_ s: ScrollViewState, _ chunk: inout StackBytes) {
        if s.isTracking { chunk.append(#","tracking":true"#) } else { chunk.append(#","tracking":false"#) }
        if s.isDragging { chunk.append(#","dragging":true"#) } else { chunk.append(#","dragging":false"#) }
        if s.isDecelerating { chunk.append(#","decelerating":true"#) } else { chunk.append(#","decelerating":false"#) }
        if s.isScrollAnimating { chunk.append(#","scrollAnimating":true"#) } else { chunk.append(#","scrollAnimating":false"#) }
        if s.isZooming { chunk.append(#","zooming":true"#) } else { chunk.append(#","zooming":false"#) }
        if s.isZoomBouncing { chunk.append(#","zoomBouncing":true"#) } else { chunk.append(#","zoomBouncing":false"#) }
        if s.isZoomAnimating { chunk.append(#","zoomAnimating":true"#) } else { chunk.append(#","zoomAnimating":false"#) }
    }
}
