import ScrollEngine
import YAMLDocument

/// Turns the node tree of a configuration file into a `TouchscrollConfiguration`, section by
/// section; problems go to the reader. Cross-field checks (zoom limits, zoomView, unique ids)
/// run after every field is read, so their messages see the final values.
struct ConfigurationDecoder {
    let reader: YAMLNodeReader

    func decode(_ root: YAMLNode) -> TouchscrollConfiguration {
        let path = KeyPath.root
        let top = reader.mapping(root, at: path, known: ConfigurationKeys.root, hints: ConfigurationKeys.rootHints)
        let screen = reader.field(top, "screen", path, section(decodeScreen)) ?? ScreenConfiguration()
        var scrollView = reader.field(top, "scrollView", path, section(decodeScrollView)) ?? ScrollViewConfiguration()
        scrollView.contentViews = reader.field(top, "contentViews", path, section(decodeContentViews)) ?? []
        let input = reader.field(top, "input", path, section(decodeInput)) ?? InputTransform()
        let output = reader.field(top, "output", path, section(decodeOutput)) ?? OutputConfiguration()
        checkZoom(scrollView, top)
        var viewDisplays: [String: ViewDisplayConfiguration] = [:]
        let scrollViews = decodeScrollViewsKey(top, screen: screen, shorthandGiven: top?["scrollView"] != nil || top?["contentViews"] != nil,
                                               displays: &viewDisplays)
        var configuration = TouchscrollConfiguration(screen: screen, scrollView: scrollView, input: input, output: output)
        if let scrollViews {
            configuration.scrollViews = scrollViews
            configuration.viewDisplays = viewDisplays
            if let first = scrollViews.first { configuration.scrollView = first.configuration }
        }
        configuration.display = reader.field(top, "display", path, decodeDisplay)
        configuration.indicators = decodeIndicators(top?["scrollView"])
        return configuration
    }

    // MARK: Sections

    private func decodeScreen(_ node: YAMLNode, _ path: KeyPath) -> ScreenConfiguration? {
        guard let m = reader.mapping(node, at: path, known: ConfigurationKeys.screen) else { return nil }
        var screen = ScreenConfiguration()
        let pixels = { (node: YAMLNode, path: KeyPath) in
            reader.positive(node, path, maximum: InputLimits.maximumScreenPixels, "a number of pixels > 0 and ≤ 32768")
        }
        let millimetres = { (node: YAMLNode, path: KeyPath) in
            reader.positive(node, path, maximum: InputLimits.maximumScreenMillimetres, "millimetres > 0 and ≤ 100000")
        }
        if let v = reader.field(m, "width", path, pixels) { screen.width = v }
        if let v = reader.field(m, "height", path, pixels) { screen.height = v }
        if let v = reader.field(m, "widthMM", path, optional(millimetres)) { screen.widthMM = v }
        if let v = reader.field(m, "heightMM", path, optional(millimetres)) { screen.heightMM = v }
        if let v = reader.field(m, "rotation", path, { node, path in
            reader.choice(node, path, ScreenRotation.allCases.map { (String($0.rawValue), $0) })
        }) { screen.rotation = v }
        return screen
    }

    private func decodeScrollView(_ node: YAMLNode, _ path: KeyPath) -> ScrollViewConfiguration? {
        guard let m = reader.mapping(node, at: path, known: ConfigurationKeys.scrollView, hints: ConfigurationKeys.scrollViewHints) else { return nil }
        return scrollViewFields(m, path)
    }

    /// The UIScrollView properties of one scroll view's mapping (`scrollView:` or an entry of
    /// `scrollViews:`).
    func scrollViewFields(_ m: YAMLNode.Mapping, _ path: KeyPath) -> ScrollViewConfiguration {
        var c = ScrollViewConfiguration()
        func flag(_ key: String, _ apply: (Bool) -> Void) {
            if let v = reader.field(m, key, path, reader.bool) { apply(v) }
        }
        if let v = reader.field(m, "contentSize", path, decodeSize) { c.contentSize = v }
        if let v = reader.field(m, "contentOffset", path, decodePoint) { c.contentOffset = v }
        if let v = reader.field(m, "contentInset", path, decodeInsets) { c.contentInset = v }
        if let v = reader.field(m, "safeAreaInsets", path, decodeInsets) { c.safeAreaInsets = v }
        flag("isScrollEnabled") { c.isScrollEnabled = $0 }
        flag("bounces") { c.bounces = $0 }
        flag("bouncesHorizontally") { c.bouncesHorizontally = $0 }
        flag("bouncesVertically") { c.bouncesVertically = $0 }
        flag("alwaysBounceHorizontal") { c.alwaysBounceHorizontal = $0 }
        flag("alwaysBounceVertical") { c.alwaysBounceVertical = $0 }
        flag("isPagingEnabled") { c.isPagingEnabled = $0 }
        flag("isDirectionalLockEnabled") { c.isDirectionalLockEnabled = $0 }
        if let v = reader.field(m, "decelerationRate", path, decodeDecelerationRate) { c.decelerationRate = v }
        flag("scrollsToTop") { c.scrollsToTop = $0 }
        if let v = reader.field(m, "statusBarHeight", path, reader.length) { c.statusBarHeight = v }
        flag("shouldScrollToTop") { c.shouldScrollToTop = $0 }
        flag("allowsKeyboardScrolling") { c.allowsKeyboardScrolling = $0 }
        if let v = reader.field(m, "minimumZoomScale", path, reader.zoomScale) { c.minimumZoomScale = v }
        if let v = reader.field(m, "maximumZoomScale", path, reader.zoomScale) { c.maximumZoomScale = v }
        if let v = reader.field(m, "zoomScale", path, reader.zoomScale) { c.zoomScale = v }
        flag("bouncesZoom") { c.bouncesZoom = $0 }
        if let v = reader.field(m, "zoomView", path, optional(reader.string)) { c.zoomView = v }
        if let v = reader.field(m, "contentAlignmentPoint", path, decodeAlignmentPoint) { c.contentAlignmentPoint = v }
        if let v = reader.field(m, "doubleTapZoom", path, section(decodeDoubleTapZoom)) { c.doubleTapZoom = v }
        if let v = reader.field(m, "infiniteScrolling", path, optional(decodeInfiniteScrolling)) { c.infiniteScrolling = v }
        flag("delaysContentTouches") { c.delaysContentTouches = $0 }
        flag("canCancelContentTouches") { c.canCancelContentTouches = $0 }
        if let v = reader.field(m, "edgeSwipe", path, optional(decodeEdgeSwipe)) { c.edgeSwipe = v }
        if let v = reader.field(m, "longPress", path, section(decodeLongPress)) { c.longPress = v }
        if let v = reader.field(m, "wakeTouch", path, section(decodeWakeTouch)) { c.wakeTouch = v }
        return c
    }

    func decodeContentViews(_ node: YAMLNode, _ path: KeyPath) -> [ContentView]? {
        guard let items = reader.sequence(node, path) else { return nil }
        var views: [ContentView] = []
        var firstIndexByID: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            let itemPath = path.appending(index: index)
            guard let m = reader.mapping(item, at: itemPath, known: ConfigurationKeys.contentView) else { continue }
            guard let (id, idNode) = reader.requiredID(of: item, m, at: itemPath,
                                                       purpose: "every content view needs a name") else { continue }
            if let first = firstIndexByID[id] {
                reader.fail(itemPath.appending("id"), idNode, "duplicate id \"\(id)\" (also contentViews[\(first)].id); ids must be unique")
                continue
            }
            firstIndexByID[id] = index
            guard let frameNode = m["frame"] else {
                reader.fail(itemPath, item, "missing key \"frame\" ({x, y, width, height} in content points)")
                continue
            }
            guard let frame = decodeRect(frameNode, itemPath.appending("frame")) else { continue }
            var view = ContentView(id: id, frame: frame)
            if let v = reader.field(m, "role", itemPath, { reader.choice($0, $1, ContentView.Role.allCases.map { ($0.rawValue, $0) }) }) { view.role = v }
            if let v = reader.field(m, "touchesShouldBegin", itemPath, reader.bool) { view.touchesShouldBegin = v }
            if let v = reader.field(m, "touchesShouldCancel", itemPath, reader.bool) { view.touchesShouldCancel = v }
            views.append(view)
        }
        return views
    }

    private func decodeInput(_ node: YAMLNode, _ path: KeyPath) -> InputTransform? {
        guard let m = reader.mapping(node, at: path, known: ConfigurationKeys.input) else { return nil }
        var input = InputTransform()
        if let v = reader.field(m, "rotation", path, { node, path in
            reader.choice(node, path, ScreenRotation.allCases.map { (String($0.rawValue), $0) })
        }) { input.rotation = v }
        if let v = reader.field(m, "flipX", path, reader.bool) { input.flipX = v }
        if let v = reader.field(m, "flipY", path, reader.bool) { input.flipY = v }
        if let v = reader.field(m, "calibration", path, decodeCalibration) { input.calibration = CalibrationMatrix(v) }
        if let v = reader.field(m, "touchOnly", path, reader.bool) { input.touchOnly = v }
        return input
    }

    private func decodeOutput(_ node: YAMLNode, _ path: KeyPath) -> OutputConfiguration? {
        guard let m = reader.mapping(node, at: path, known: ConfigurationKeys.output) else { return nil }
        var output = OutputConfiguration()
        if let v = reader.field(m, "frameRate", path, { reader.number($0, $1, in: OutputConfiguration.frameRateRange, "a frame rate from 1 to 1000 Hz") }) {
            output.frameRate = v
        }
        return output
    }

    // MARK: Values

    func decodeSize(_ node: YAMLNode, _ path: KeyPath) -> Size? {
        guard let m = reader.mapping(node, at: path, known: ConfigurationKeys.size) else { return nil }
        let what = "a size needs both width and height, in points"
        let width = reader.requiredField(m, "width", of: node, path, what, reader.length)
        let height = reader.requiredField(m, "height", of: node, path, what, reader.length)
        // A missing or wrong value is already an error; 0 only lets the rest of the file be checked.
        return Size(width: width ?? 0, height: height ?? 0)
    }

    private func decodePoint(_ node: YAMLNode, _ path: KeyPath) -> Point? {
        guard let m = reader.mapping(node, at: path, known: ConfigurationKeys.point) else { return nil }
        return Point(x: reader.field(m, "x", path, reader.coordinate) ?? 0, y: reader.field(m, "y", path, reader.coordinate) ?? 0)
    }

    /// Insets may be negative, as in UIKit.
    func decodeInsets(_ node: YAMLNode, _ path: KeyPath) -> EdgeInsets? {
        guard let m = reader.mapping(node, at: path, known: ConfigurationKeys.insets) else { return nil }
        return EdgeInsets(
            top: reader.field(m, "top", path, reader.coordinate) ?? 0,
            left: reader.field(m, "left", path, reader.coordinate) ?? 0,
            bottom: reader.field(m, "bottom", path, reader.coordinate) ?? 0,
            right: reader.field(m, "right", path, reader.coordinate) ?? 0
        )
    }

    func decodeRect(_ node: YAMLNode, _ path: KeyPath) -> Rect? {
        guard let m = reader.mapping(node, at: path, known: ConfigurationKeys.rect) else { return nil }
        // The origin defaults to (0, 0); the size has no default (a 0-point view draws nothing).
        let what = "a frame needs width and height, in points (x and y default to 0)"
        let width = reader.requiredField(m, "width", of: node, path, what, reader.length)
        let height = reader.requiredField(m, "height", of: node, path, what, reader.length)
        let x = reader.field(m, "x", path, reader.coordinate) ?? 0
        let y = reader.field(m, "y", path, reader.coordinate) ?? 0
        // A missing or wrong value is already an error; 0 only lets the rest of the file be checked.
        return Rect(x: x, y: y, width: width ?? 0, height: height ?? 0)
    }

    private func decodeAlignmentPoint(_ node: YAMLNode, _ path: KeyPath) -> Point? {
        guard let m = reader.mapping(node, at: path, known: ConfigurationKeys.point) else { return nil }
        let unit = { (node: YAMLNode, path: KeyPath) in reader.number(node, path, in: 0...1, "a fraction from 0 to 1") }
        return Point(x: reader.field(m, "x", path, unit) ?? 0, y: reader.field(m, "y", path, unit) ?? 0)
    }

    /// `normal` (0.998), `fast` (0.99), or the fraction of velocity kept per millisecond.
    private func decodeDecelerationRate(_ node: YAMLNode, _ path: KeyPath) -> DecelerationRate? {
        if case .scalar(let scalar) = node, scalar.style == .plain {
            switch scalar.string {
            case "normal": return .normal
            case "fast": return .fast
            default: break
            }
            if let value = scalar.double {
                guard value > 0, value <= InputLimits.maximumDecelerationRate else {
                    reader.fail(path, node, "\(YAMLNodeReader.format(value)) is out of range: expected normal, fast, or a number > 0 and ≤ 0.9999 per millisecond")
                    return nil
                }
                return DecelerationRate(rawValue: value)
            }
        }
        reader.fail(path, node, "expected normal, fast, or a number > 0 and ≤ 0.9999 per millisecond, got \(YAMLNodeReader.describe(node))")
        return nil
    }

    private func decodeDoubleTapZoom(_ node: YAMLNode, _ path: KeyPath) -> ScrollViewConfiguration.DoubleTapZoom? {
        guard let m = reader.mapping(node, at: path, known: ConfigurationKeys.doubleTapZoom) else { return nil }
        var value = ScrollViewConfiguration.DoubleTapZoom()
        if let v = reader.field(m, "enabled", path, reader.bool) { value.enabled = v }
        if let v = reader.field(m, "scale", path, reader.zoomScale) { value.scale = v }
        return value
    }

    private func decodeEdgeSwipe(_ node: YAMLNode, _ path: KeyPath) -> ScrollViewConfiguration.EdgeSwipe? {
        guard let m = reader.mapping(node, at: path, known: ConfigurationKeys.edgeSwipe) else { return nil }
        let edges = ScrollViewConfiguration.EdgeSwipe.Edge.allCases.map { ($0.rawValue, $0) }
        guard m["edge"] != nil else {
            reader.fail(path, node, "missing key \"edge\" (one of \(edges.map(\.0).joined(separator: ", ")))")
            return nil
        }
        guard let edge = reader.field(m, "edge", path, { reader.choice($0, $1, edges) }) else { return nil }
        let depth = reader.field(m, "depth", path, reader.positiveLength) ?? 75
        return ScrollViewConfiguration.EdgeSwipe(edge: edge, depth: depth)
    }

    private func decodeInfiniteScrolling(_ node: YAMLNode, _ path: KeyPath) -> ScrollViewConfiguration.InfiniteScrolling? {
        guard let m = reader.mapping(node, at: path, known: ConfigurationKeys.infiniteScrolling) else { return nil }
        guard m["axis"] != nil, m["period"] != nil else {
            reader.fail(path, node, "expected both \"axis\" (horizontal or vertical) and \"period\" (points > 0)")
            return nil
        }
        let axes: [(String, Axis)] = [("horizontal", .horizontal), ("vertical", .vertical)]
        guard let axis = reader.field(m, "axis", path, { reader.choice($0, $1, axes) }),
              let period = reader.field(m, "period", path, reader.positiveLength) else { return nil }
        return ScrollViewConfiguration.InfiniteScrolling(axis: axis, period: period)
    }

    private func decodeLongPress(_ node: YAMLNode, _ path: KeyPath) -> ScrollViewConfiguration.LongPress? {
        guard let m = reader.mapping(node, at: path, known: ConfigurationKeys.longPress) else { return nil }
        var value = ScrollViewConfiguration.LongPress()
        if let v = reader.field(m, "enabled", path, reader.bool) { value.enabled = v }
        if let v = reader.field(m, "minimumPressDuration", path, reader.duration(positive: true)) { value.minimumPressDuration = v }
        return value
    }

    private func decodeWakeTouch(_ node: YAMLNode, _ path: KeyPath) -> ScrollViewConfiguration.WakeTouch? {
        guard let m = reader.mapping(node, at: path, known: ConfigurationKeys.wakeTouch) else { return nil }
        var value = ScrollViewConfiguration.WakeTouch()
        if let v = reader.field(m, "enabled", path, reader.bool) { value.enabled = v }
        if let v = reader.field(m, "idleSeconds", path, reader.duration(positive: false)) { value.idleSeconds = v }
        return value
    }

    private func decodeCalibration(_ node: YAMLNode, _ path: KeyPath) -> [Double]? {
        guard let items = reader.sequence(node, path) else { return nil }
        guard items.count == 6 else {
            reader.fail(path, node, "expected 6 numbers [a, b, c, d, e, f] (libinput's calibration matrix), got \(items.count)")
            return nil
        }
        let limit = InputLimits.maximumCalibration
        let numbers = items.enumerated().compactMap {
            reader.number($0.element, path.appending(index: $0.offset), in: -limit...limit, "a number from -1000 to 1000")
        }
        return numbers.count == 6 ? numbers : nil
    }

    /// A section left empty (`scrollView:` with nothing under it) keeps every default.
    func section<T>(_ decode: @escaping (YAMLNode, KeyPath) -> T?) -> (YAMLNode, KeyPath) -> T? {
        { node, path in reader.isNull(node) ? nil : decode(node, path) }
    }

    /// `~` (null) for keys whose value may be absent, e.g. `zoomView: ~`.
    func optional<T>(_ decode: @escaping (YAMLNode, KeyPath) -> T?) -> (YAMLNode, KeyPath) -> T?? {
        { node, path in
            if reader.isNull(node) { return .some(nil) }
            guard let value = decode(node, path) else { return nil }
            return .some(value)
        }
    }

    // MARK: Cross-field checks

    private func checkZoom(_ c: ScrollViewConfiguration, _ top: YAMLNode.Mapping?) {
        let scrollNode = top?["scrollView"]
        let scrollMapping = scrollNode?.mapping
        let path = KeyPath.root.appending("scrollView")
        func node(_ key: String) -> YAMLNode? { scrollMapping?[key] ?? scrollNode }
        let f = YAMLNodeReader.format
        if c.minimumZoomScale > c.maximumZoomScale {
            reader.fail(path.appending("minimumZoomScale"), node("minimumZoomScale"),
                        "\(f(c.minimumZoomScale)) is greater than maximumZoomScale \(f(c.maximumZoomScale)); expected minimumZoomScale ≤ maximumZoomScale")
        } else if c.zoomScale < c.minimumZoomScale || c.zoomScale > c.maximumZoomScale {
            reader.fail(path.appending("zoomScale"), node("zoomScale"),
                        "\(f(c.zoomScale)) is outside the zoom limits \(f(c.minimumZoomScale))…\(f(c.maximumZoomScale))")
        }
        if let infinite = c.infiniteScrolling, infinite.period > c.contentSize[infinite.axis] / 2 {
            let length = infinite.axis == .horizontal ? "contentSize.width" : "contentSize.height"
            reader.fail(path.appending("infiniteScrolling").appending("period"), scrollMapping?["infiniteScrolling"]?.mapping?["period"] ?? node("infiniteScrolling"),
                        "\(f(infinite.period)) is more than half of \(length) (\(f(c.contentSize[infinite.axis]))); the content must hold at least two periods")
        }
        if let zoomView = c.zoomView, !c.contentViews.contains(where: { $0.id == zoomView }) {
            let ids = c.contentViews.map { "\"\($0.id)\"" }
            let known = ids.isEmpty ? "there are no contentViews" : "contentViews are \(ids.joined(separator: ", "))"
            var problem = "names no content view \"\(zoomView)\" (\(known))"
            if let suggestion = KeySuggestion.closest(to: zoomView, among: c.contentViews.map(\.id)) {
                problem += "; did you mean \"\(suggestion)\"?"
            }
            reader.fail(path.appending("zoomView"), node("zoomView"), problem)
        }
    }
}
