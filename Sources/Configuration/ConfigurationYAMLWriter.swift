import ScrollEngine
import YAMLDocument

/// Writes a configuration back as YAML (`touchscroll config defaults`), every key in the order of
/// `ConfigurationKeys`, so the output is itself a complete, loadable configuration file.
/// Builds a YAML node tree and lets libyaml's emitter write it (`YAMLEmitter`).
public enum ConfigurationYAMLWriter {
    public static func yaml(for configuration: TouchscrollConfiguration) throws -> String {
        try YAMLEmitter.serialize(node(for: configuration))
    }

    static func node(for c: TouchscrollConfiguration) -> YAMLNode {
        let s = c.scrollView
        var screen: [(YAMLNode, YAMLNode)] = [("width", number(c.screen.width)), ("height", number(c.screen.height))]
        if let mm = c.screen.widthMM { screen.append(("widthMM", number(mm))) }
        if let mm = c.screen.heightMM { screen.append(("heightMM", number(mm))) }
        if c.screen.rotation != .none { screen.append(("rotation", text(String(c.screen.rotation.rawValue)))) }
        let rate: YAMLNode = switch s.decelerationRate {
        case .normal: text("normal")
        case .fast: text("fast")
        default: number(s.decelerationRate.rawValue)
        }
        let infinite: YAMLNode = s.infiniteScrolling.map {
            map([("axis", text($0.axis == .horizontal ? "horizontal" : "vertical")), ("period", number($0.period))])
        } ?? null
        let edgeSwipe: YAMLNode = s.edgeSwipe.map { map([("edge", text($0.edge.rawValue)), ("depth", number($0.depth))]) } ?? null
        let scrollView: [(YAMLNode, YAMLNode)] = [
            ("contentSize", size(s.contentSize)),
            ("contentOffset", point(s.contentOffset)),
            ("contentInset", insets(s.contentInset)),
            ("safeAreaInsets", insets(s.safeAreaInsets)),
            ("isScrollEnabled", bool(s.isScrollEnabled)),
            ("bounces", bool(s.bounces)),
            ("bouncesHorizontally", bool(s.bouncesHorizontally)),
            ("bouncesVertically", bool(s.bouncesVertically)),
            ("alwaysBounceHorizontal", bool(s.alwaysBounceHorizontal)),
            ("alwaysBounceVertical", bool(s.alwaysBounceVertical)),
            ("isPagingEnabled", bool(s.isPagingEnabled)),
            ("isDirectionalLockEnabled", bool(s.isDirectionalLockEnabled)),
            ("decelerationRate", rate),
            ("scrollsToTop", bool(s.scrollsToTop)),
            ("statusBarHeight", number(s.statusBarHeight)),
            ("shouldScrollToTop", bool(s.shouldScrollToTop)),
            ("allowsKeyboardScrolling", bool(s.allowsKeyboardScrolling)),
            ("minimumZoomScale", number(s.minimumZoomScale)),
            ("maximumZoomScale", number(s.maximumZoomScale)),
            ("zoomScale", number(s.zoomScale)),
            ("bouncesZoom", bool(s.bouncesZoom)),
            ("zoomView", s.zoomView.map(text) ?? null),
            ("contentAlignmentPoint", point(s.contentAlignmentPoint)),
            ("doubleTapZoom", map([("enabled", bool(s.doubleTapZoom.enabled)), ("scale", number(s.doubleTapZoom.scale))])),
            ("infiniteScrolling", infinite),
            ("delaysContentTouches", bool(s.delaysContentTouches)),
            ("canCancelContentTouches", bool(s.canCancelContentTouches)),
            ("edgeSwipe", edgeSwipe),
            ("longPress", map([("enabled", bool(s.longPress.enabled)), ("minimumPressDuration", number(s.longPress.minimumPressDuration))])),
            ("wakeTouch", map([("enabled", bool(s.wakeTouch.enabled)), ("idleSeconds", number(s.wakeTouch.idleSeconds))])),
            ("showsVerticalScrollIndicator", bool(c.indicators.showsVerticalScrollIndicator)),
            ("showsHorizontalScrollIndicator", bool(c.indicators.showsHorizontalScrollIndicator)),
            ("indicatorStyle", text(c.indicators.indicatorStyle.rawValue)),
            ("verticalScrollIndicatorInsets", insets(c.indicators.verticalScrollIndicatorInsets)),
            ("horizontalScrollIndicatorInsets", insets(c.indicators.horizontalScrollIndicatorInsets)),
            ("automaticallyAdjustsScrollIndicatorInsets", bool(c.indicators.automaticallyAdjustsScrollIndicatorInsets)),
        ]
        let views: [YAMLNode] = s.contentViews.map { view in
            var fields: [(YAMLNode, YAMLNode)] = [
                ("id", quoted(view.id)),
                ("frame", map([("x", number(view.frame.minX)), ("y", number(view.frame.minY)),
                               ("width", number(view.frame.width)), ("height", number(view.frame.height))], flow: true)),
                ("role", text(view.role.rawValue)),
            ]
            if let v = view.touchesShouldBegin { fields.append(("touchesShouldBegin", bool(v))) }
            if let v = view.touchesShouldCancel { fields.append(("touchesShouldCancel", bool(v))) }
            return map(fields)
        }
        let input: [(YAMLNode, YAMLNode)] = [
            ("rotation", text(String(c.input.rotation.rawValue))),
            ("flipX", bool(c.input.flipX)),
            ("flipY", bool(c.input.flipY)),
            ("calibration", .sequence(YAMLNode.Sequence(c.input.calibration.values.map(number), style: .flow))),
            ("touchOnly", bool(c.input.touchOnly)),
        ]
        var sections: [(YAMLNode, YAMLNode)] = [
            ("screen", map(screen)),
            ("scrollView", map(scrollView)),
            ("contentViews", .sequence(YAMLNode.Sequence(views, style: views.isEmpty ? .flow : .block))),
            ("input", map(input)),
            ("output", map([("frameRate", number(c.output.frameRate))])),
        ]
        if let display = c.display {
            var fields: [(YAMLNode, YAMLNode)] = [
                ("content", display.content.map { quoted($0) } ?? null),
                ("pixelsPerPoint", number(display.pixelsPerPoint)),
            ]
            switch display.output {
            case .framebuffer(let path): fields.append(("fb", quoted(path)))
            case .drm(let path): fields.append(("drm", quoted(path)))
            case .png(let directory): fields.append(("png", quoted(directory)))
            case nil: break
            }
            if let blankAfter = display.blankAfter { fields.append(("blankAfter", number(blankAfter))) }
            sections.append(("display", map(fields)))
        }
        return map(sections)
    }

    private static func text(_ string: String) -> YAMLNode { .scalar(YAMLNode.Scalar(string)) }
    private static func quoted(_ string: String) -> YAMLNode { .scalar(YAMLNode.Scalar(string, style: .doubleQuoted)) }
    private static var null: YAMLNode { text("null") }
    private static func number(_ value: Double) -> YAMLNode { text(YAMLNodeReader.format(value)) }
    private static func bool(_ value: Bool) -> YAMLNode { text(value ? "true" : "false") }
    private static func map(_ pairs: [(YAMLNode, YAMLNode)], flow: Bool = false) -> YAMLNode {
        .mapping(YAMLNode.Mapping(pairs.map { (key: $0.0, value: $0.1) }, style: flow ? .flow : .block))
    }
    private static func size(_ s: Size) -> YAMLNode { map([("width", number(s.width)), ("height", number(s.height))], flow: true) }
    private static func point(_ p: Point) -> YAMLNode { map([("x", number(p.x)), ("y", number(p.y))], flow: true) }
    private static func insets(_ i: EdgeInsets) -> YAMLNode {
        map([("top", number(i.top)), ("left", number(i.left)), ("bottom", number(i.bottom)), ("right", number(i.right))], flow: true)
    }
}
