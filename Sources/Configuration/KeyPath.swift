/// A path from the document root to a node, printed the way a user would name it:
/// `scrollView.contentInset.top`, `contentViews[1].frame`.
struct KeyPath: Hashable, Sendable, CustomStringConvertible {
    private var components: [Component] = []

    private enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
        /// An entry of a list named by its id: `scrollViews[list]`.
        case id(String)
    }

    static let root = KeyPath()

    func appending(_ key: String) -> KeyPath {
        var copy = self
        copy.components.append(.key(key))
        return copy
    }

    func appending(index: Int) -> KeyPath {
        var copy = self
        copy.components.append(.index(index))
        return copy
    }

    func appending(id: String) -> KeyPath {
        var copy = self
        copy.components.append(.id(id))
        return copy
    }

    var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            case .id(let id): text += "[\(id)]"
            }
        }
        return text
    }
}
