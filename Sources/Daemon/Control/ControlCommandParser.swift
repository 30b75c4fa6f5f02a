import JSONDocument
import ScrollEngine

/// Turns one line of the control protocol into a request, or says precisely what is wrong with it.
/// Pure: no I/O, no scroll view.
///
///     {"id":1,"command":"setContentOffset","offset":{"x":0,"y":640},"animated":true}
public enum ControlCommandParser {
    /// The request on `line` (without its newline). When the line is a JSON object with a usable
    /// `"id"`, a failure still carries the id, so the caller can correlate the error reply.
    public static func parse(_ line: [UInt8]) -> (id: JSONValue?, result: Result<ControlCommand, ControlError>) {
        let (id, _, result) = parseRequest(line)
        return (id, result)
    }

    /// The request on `line` with the scroll view it names (`"view"`, optional on every command;
    /// nil: the default, the first top-level view).
    public static func parseRequest(_ line: [UInt8]) -> (id: JSONValue?, view: String?, result: Result<ControlCommand, ControlError>) {
        guard String(validating: line, as: UTF8.self) != nil else { return (nil, nil, .failure(.notUTF8)) }
        let document: JSONValue
        do {
            document = try JSONValue.parse(line)
        } catch {
            return (nil, nil, .failure(.notJSON(detail: describe(error))))
        }
        guard case .object(var fields) = document else { return (nil, nil, .failure(.notAnObject(found: document.kind))) }
        var id: JSONValue?
        if let rawID = fields.removeValue(forKey: "id") {
            switch rawID {
            case .string, .number: id = rawID
            default: return (nil, nil, .failure(.idNotAStringOrNumber(found: rawID.kind)))
            }
        }
        var view: String?
        if let rawView = fields.removeValue(forKey: "view") {
            guard case .string(let name) = rawView else { return (id, nil, .failure(.viewNotAString(found: rawView.kind))) }
            view = name
        }
        guard let rawCommand = fields.removeValue(forKey: "command") else { return (id, nil, .failure(.missingCommand)) }
        guard case .string(let name) = rawCommand else { return (id, nil, .failure(.commandNotAString(found: rawCommand.kind))) }
        do {
            return (id, view, .success(try command(named: name, fields: Fields(command: name, values: fields))))
        } catch {
            return (id, view, .failure(error))
        }
    }

    static func command(named name: String, fields: Fields) throws(ControlError) -> ControlCommand {
        let command: ControlCommand
        switch name {
        case "setContentOffset":
            command = .setContentOffset(try fields.point("offset"), animated: try fields.animated())
        case "scrollRectToVisible":
            command = .scrollRectToVisible(try fields.rect("rect"), animated: try fields.animated())
        case "setZoomScale":
            let scale = try fields.number("scale")
            if let problem = InputLimits.zoomScaleProblem(scale) { throw .invalidValue(command: name, field: "scale", reason: problem) }
            command = .setZoomScale(scale, animated: try fields.animated())
        case "zoomTo":
            command = .zoomTo(try fields.rect("rect", positiveSize: true), animated: try fields.animated())
        case "setContentSize":
            command = .setContentSize(try fields.size("size"))
        case "setContentInset":
            command = .setContentInset(try fields.insets("inset"))
        case "flashScrollIndicators": command = .flashScrollIndicators
        case "stopScrollingAndZooming": command = .stopScrollingAndZooming
        case "state": command = .state
        case "subscribe": command = .subscribe
        case "unsubscribe": command = .unsubscribe
        default: throw .unknownCommand(name)
        }
        try fields.rejectUnread()
        return command
    }

    /// The fields of one request, remembering which were read so leftovers (typos such as
    /// `"animate"`) are reported instead of silently ignored.
    final class Fields {
        let command: String
        let values: [String: JSONValue]
        private var read: Set<String> = []

        init(command: String, values: [String: JSONValue]) {
            self.command = command
            self.values = values
        }

        func rejectUnread() throws(ControlError) {
            if let extra = values.keys.sorted().first(where: { !read.contains($0) }) {
                throw .unknownField(command: command, field: extra)
            }
        }

        func animated() throws(ControlError) -> Bool {
            read.insert("animated")
            guard let value = values["animated"] else { return false }
            guard case .bool(let b) = value else {
                throw .wrongType(command: command, field: "animated", expected: "a boolean", found: value.kind)
            }
            return b
        }

        func number(_ key: String) throws(ControlError) -> Double {
            read.insert(key)
            guard let value = values[key] else { throw .missingField(command: command, field: key) }
            return try finite(value, path: key)
        }

        func point(_ key: String) throws(ControlError) -> Point {
            let o = try object(key, keys: ["x", "y"])
            return Point(x: try coordinate(o["x"], path: "\(key).x"), y: try coordinate(o["y"], path: "\(key).y"))
        }

        func size(_ key: String) throws(ControlError) -> Size {
            let o = try object(key, keys: ["width", "height"])
            return Size(width: try length(o["width"], path: "\(key).width"), height: try length(o["height"], path: "\(key).height"))
        }

        /// `positiveSize`: a width or height of 0 is refused too (`zoomTo` divides by them).
        func rect(_ key: String, positiveSize: Bool = false) throws(ControlError) -> Rect {
            let o = try object(key, keys: ["x", "y", "width", "height"])
            return Rect(x: try coordinate(o["x"], path: "\(key).x"), y: try coordinate(o["y"], path: "\(key).y"),
                        width: try length(o["width"], path: "\(key).width", positive: positiveSize),
                        height: try length(o["height"], path: "\(key).height", positive: positiveSize))
        }

        /// Insets: sides left out are 0 (as UIEdgeInsets' initialiser), at least an empty object.
        func insets(_ key: String) throws(ControlError) -> EdgeInsets {
            let o = try object(key, keys: ["top", "left", "bottom", "right"], allOptional: true)
            func side(_ name: String) throws(ControlError) -> Double {
                guard let v = o[name] else { return 0 }
                return try coordinate(v, path: "\(key).\(name)")
            }
            return EdgeInsets(top: try side("top"), left: try side("left"), bottom: try side("bottom"), right: try side("right"))
        }

        private func object(_ key: String, keys: [String], allOptional: Bool = false) throws(ControlError) -> [String: JSONValue] {
            read.insert(key)
            guard let value = values[key] else { throw .missingField(command: command, field: key) }
            guard case .object(let o) = value else {
                throw .wrongType(command: command, field: key, expected: "an object", found: value.kind)
            }
            if let extra = o.keys.sorted().first(where: { !keys.contains($0) }) {
                throw .unknownField(command: command, field: "\(key).\(extra)")
            }
            if !allOptional, let missing = keys.first(where: { o[$0] == nil }) {
                throw .missingField(command: command, field: "\(key).\(missing)")
            }
            return o
        }

        private func finite(_ value: JSONValue?, path: String) throws(ControlError) -> Double {
            guard let value else { throw .missingField(command: command, field: path) }
            guard case .number(let n) = value else {
                throw .wrongType(command: command, field: path, expected: "a number", found: value.kind)
            }
            guard n.double.isFinite else { throw .invalidValue(command: command, field: path, reason: "must be finite") }
            return n.double
        }

        /// A position, offset or inset within `InputLimits` (±1e7 points).
        private func coordinate(_ value: JSONValue?, path: String) throws(ControlError) -> Double {
            let n = try finite(value, path: path)
            if let problem = InputLimits.coordinateProblem(n) { throw .invalidValue(command: command, field: path, reason: problem) }
            return n
        }

        /// A size within `InputLimits` (0…1e7 points; `positive`: 0 refused too).
        private func length(_ value: JSONValue?, path: String, positive: Bool = false) throws(ControlError) -> Double {
            let n = try finite(value, path: path)
            if let problem = InputLimits.lengthProblem(n, positive: positive) {
                throw .invalidValue(command: command, field: path, reason: problem)
            }
            return n
        }
    }

    /// A JSON parse error as a short phrase: where a number is out of range or a key is given twice,
    /// else that the line is not JSON (the position of a syntax error helps nobody typing a request).
    static func describe(_ error: JSONParseError) -> String {
        if let path = error.numberOutOfRangeAt { return "number out of range at \(path)" }
        if let path = error.duplicateKeyAt { return "duplicate key at \(path)" }
        return "The given data was not valid JSON."
    }
}
