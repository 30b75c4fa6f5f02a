/// Why a control request was refused. Every case becomes `{"ok":false,"error":"<reason>"}` and the
/// connection carries on.
public enum ControlError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line exceeded the limit before its newline; it was discarded up to the next newline.
    case lineTooLong(limit: Int)
    case notUTF8
    case notJSON(detail: String)
    case notAnObject(found: String)
    case missingCommand
    case commandNotAString(found: String)
    case unknownCommand(String)
    case idNotAStringOrNumber(found: String)
    case missingField(command: String, field: String)
    /// `field` is a key path such as `rect.width`.
    case wrongType(command: String, field: String, expected: String, found: String)
    case unknownField(command: String, field: String)
    case invalidValue(command: String, field: String, reason: String)
    /// `subscribe` on standard input: the event stream already goes to standard output.
    case subscribeOnStandardInput
    /// Sent to a client connecting past the limit, just before its connection is closed.
    case tooManyClients(limit: Int)
    case viewNotAString(found: String)
    /// `"view"` names no scroll view of the screen.
    case unknownView(String, known: [String])

    public var description: String {
        switch self {
        case .lineTooLong(let limit): "line longer than \(limit) bytes, discarded"
        case .notUTF8: "line is not UTF-8"
        case .notJSON(let detail): "not JSON: \(detail)"
        case .notAnObject(let found): "expected a JSON object, found \(found)"
        case .missingCommand: "missing \"command\""
        case .commandNotAString(let found): "\"command\" must be a string, found \(found)"
        case .unknownCommand(let name):
            "unknown command \"\(name)\"; known: \(ControlCommand.names.joined(separator: ", "))"
        case .idNotAStringOrNumber(let found): "\"id\" must be a string or a number, found \(found)"
        case .missingField(let command, let field): "\(command): missing \"\(field)\""
        case .wrongType(let command, let field, let expected, let found):
            "\(command): \"\(field)\" must be \(expected), found \(found)"
        case .unknownField(let command, let field): "\(command): unknown field \"\(field)\""
        case .invalidValue(let command, let field, let reason): "\(command): \"\(field)\" \(reason)"
        case .subscribeOnStandardInput: "subscribe: the event stream already goes to standard output"
        case .tooManyClients(let limit): "too many control clients (limit \(limit)); connection closed"
        case .viewNotAString(let found): "\"view\" must be a string (a scroll view's id), found \(found)"
        case .unknownView(let id, let known):
            "unknown view \"\(id)\"; the screen's scroll views: \(known.joined(separator: ", "))"
        }
    }
}
