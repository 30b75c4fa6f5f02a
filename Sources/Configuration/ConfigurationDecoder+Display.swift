import ScrollEngine
import YAMLDocument

/// The `display:` section and the scroll-indicator keys of `scrollView:`.
extension ConfigurationDecoder {
    func decodeDisplay(_ node: YAMLNode, _ path: KeyPath) -> DisplayConfiguration? {
        if reader.isNull(node) { return nil }
        guard let m = reader.mapping(node, at: path, known: ConfigurationKeys.display) else { return nil }
        var display = DisplayConfiguration()
        if let contentNode = m["content"], !reader.isNull(contentNode),
           let v = reader.string(contentNode, path.appending("content")) {
            display.content = v
        }
        if let v = reader.field(m, "pixelsPerPoint", path, { node, path in
            reader.positive(node, path, maximum: InputLimits.maximumPixelsPerPoint, "pixels per point > 0 and ≤ 64")
        }) { display.pixelsPerPoint = v }
        if let node = m["blankAfter"], !reader.isNull(node),
           let v = reader.duration(positive: true)(node, path.appending("blankAfter")) {
            display.blankAfter = v
        }
        let outputs: [(String, (String) -> DisplayConfiguration.Output)] = [
            ("fb", { .framebuffer($0) }), ("drm", { .drm($0) }), ("png", { .png(directory: $0) }),
        ]
        let given = outputs.filter { m[$0.0] != nil }
        if given.count > 1 {
            reader.fail(path.appending(given[1].0), m[given[1].0],
                        "give exactly one of fb, drm and png; \(given.map(\.0).joined(separator: " and ")) are both set")
        } else if let (key, make) = given.first, let v = reader.field(m, key, path, reader.string) {
            if v.isEmpty {
                reader.fail(path.appending(key), m[key], "expected a path, got an empty string")
            } else {
                display.output = make(v)
            }
        }
        return display
    }

    /// The indicator keys of the `scrollView:` mapping (unknown keys are reported by the scroll
    /// view's own decoding).
    func decodeIndicators(_ scrollViewNode: YAMLNode?) -> ScrollIndicatorConfiguration {
        guard let m = scrollViewNode?.mapping else { return ScrollIndicatorConfiguration() }
        return decodeIndicators(m, at: KeyPath.root.appending("scrollView"))
    }

    /// The indicator keys of one scroll view's mapping at `path`.
    func decodeIndicators(_ m: YAMLNode.Mapping, at path: KeyPath) -> ScrollIndicatorConfiguration {
        var indicators = ScrollIndicatorConfiguration()
        if let v = reader.field(m, "showsVerticalScrollIndicator", path, reader.bool) { indicators.showsVerticalScrollIndicator = v }
        if let v = reader.field(m, "showsHorizontalScrollIndicator", path, reader.bool) { indicators.showsHorizontalScrollIndicator = v }
        if let v = reader.field(m, "indicatorStyle", path, { node, path in
            reader.choice(node, path, ScrollIndicatorConfiguration.Style.allCases.map { ($0.rawValue, $0) })
        }) { indicators.indicatorStyle = v }
        if let v = reader.field(m, "verticalScrollIndicatorInsets", path, decodeInsets) { indicators.verticalScrollIndicatorInsets = v }
        if let v = reader.field(m, "horizontalScrollIndicatorInsets", path, decodeInsets) { indicators.horizontalScrollIndicatorInsets = v }
        if let v = reader.field(m, "automaticallyAdjustsScrollIndicatorInsets", path, reader.bool) {
            indicators.automaticallyAdjustsScrollIndicatorInsets = v
        }
        return indicators
    }
}
