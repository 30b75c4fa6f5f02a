import ScrollEngine

/// What is kept of one scroll view across restarts (UIKit's state restoration keeps the same three):
/// where the content was, how far it was zoomed, and its inset.
public struct PreservedScrollViewState: Hashable, Sendable, Codable {
    public var contentOffset: Point
    public var zoomScale: Double
    public var contentInset: EdgeInsets

    public init(contentOffset: Point, zoomScale: Double, contentInset: EdgeInsets) {
        self.contentOffset = contentOffset
        self.zoomScale = zoomScale
        self.contentInset = contentInset
    }

    /// The state to keep for a scroll view that shows `state` with the inset `contentInset`
    /// (the inset lives in the configuration, not in the delegate state).
    public init(_ state: ScrollViewState, contentInset: EdgeInsets) {
        self.init(contentOffset: state.contentOffset, zoomScale: state.zoomScale, contentInset: contentInset)
    }

    /// Every number is one the engine can honour, by the same ranges (`InputLimits`) the
    /// configuration and the control requests are held to: offsets and insets within ±1e7 points,
    /// the scale within 0.001…1000. A file that says otherwise was damaged or tampered with.
    public var isUsable: Bool { problem == nil }

    /// The first field out of range, as `key.path: reason`; nil when the state is usable.
    public var problem: String? {
        let coordinates: [(String, Double)] = [
            ("contentOffset.x", contentOffset.x), ("contentOffset.y", contentOffset.y),
            ("contentInset.top", contentInset.top), ("contentInset.left", contentInset.left),
            ("contentInset.bottom", contentInset.bottom), ("contentInset.right", contentInset.right),
        ]
        for (path, value) in coordinates {
            if let problem = InputLimits.coordinateProblem(value) { return "\(path) \(problem)" }
        }
        if let problem = InputLimits.zoomScaleProblem(zoomScale) { return "zoomScale \(problem)" }
        return nil
    }

    enum CodingKeys: String, CodingKey { case contentOffset, zoomScale, contentInset }
    enum PointKeys: String, CodingKey { case x, y }
    enum InsetKeys: String, CodingKey { case top, left, bottom, right }

    // Engine values are plain structs with no Codable conformance (the engine does no I/O), so the
    // file format is spelled out here, field by field.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let offset = try c.nestedContainer(keyedBy: PointKeys.self, forKey: .contentOffset)
        let inset = try c.nestedContainer(keyedBy: InsetKeys.self, forKey: .contentInset)
        contentOffset = Point(x: try offset.decode(Double.self, forKey: .x), y: try offset.decode(Double.self, forKey: .y))
        zoomScale = try c.decode(Double.self, forKey: .zoomScale)
        contentInset = EdgeInsets(top: try inset.decode(Double.self, forKey: .top), left: try inset.decode(Double.self, forKey: .left),
                                  bottom: try inset.decode(Double.self, forKey: .bottom), right: try inset.decode(Double.self, forKey: .right))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        var offset = c.nestedContainer(keyedBy: PointKeys.self, forKey: .contentOffset)
        try offset.encode(contentOffset.x, forKey: .x)
        try offset.encode(contentOffset.y, forKey: .y)
        try c.encode(zoomScale, forKey: .zoomScale)
        var inset = c.nestedContainer(keyedBy: InsetKeys.self, forKey: .contentInset)
        try inset.encode(contentInset.top, forKey: .top)
        try inset.encode(contentInset.left, forKey: .left)
        try inset.encode(contentInset.bottom, forKey: .bottom)
        try inset.encode(contentInset.right, forKey: .right)
    }
}
