/// The version `touchscroll --version` prints and the stream header carries.
enum ToolVersion {
    static let current = "0.1.0"
}
