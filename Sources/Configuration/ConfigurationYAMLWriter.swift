import ScrollEngine
import Yams

/// Writes a configuration back as YAML (`touchscroll config defaults`), every key in the order of
/// `ConfigurationKeys`, so the output is itself a complete, loadable configuration file.
/// Builds a Yams node tree and lets Yams emit it.
public enum ConfigurationYAMLWriter {
    public static func yaml(for configuration: TouchscrollConfiguration) throws -> String {
        try Yams.serialize(node: node(for: configuration), sortKeys: false)
    }

    static func node(for c: TouchscrollConfiguration) -> Node {
        let s = c.scrollView
        var screen: [(Node, Node)] = [("width", number(c.screen.width)), ("height", number(c.screen.height))]
        if let mm = c.screen.widthMM { screen.append(("widthMM", number(mm))) }
        if let mm = c.screen.heightMM { screen.append(("heightMM", number(mm))) }
        if c.screen.rotation != .none { screen.append(("rotation", Node(String(c.screen.rotation.rawValue)))) }
        let rate: Node = switch s.decelerationRate {
        case .normal: "normal"
        case .fast: "fast"
        default: number(s.decelerationRate.rawValue)
        }
        let infinite: Node = s.infiniteScrolling.map {
            map([("axis", Node($0.axis == .horizontal ? "horizontal" : "vertical")), ("period", number($0.period))])
        } ?? null
        let edgeSwipe: Node = s.edgeSwipe.map { map([("edge", Node($0.edge.rawValue)), ("depth", number($0.depth))]) } ?? null
        let scrollView: [(Node, Node)] = [
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
            ("zoomView", s.zoomView.map { Node($0) } ?? null),
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
            ("indicatorStyle", Node(c.indicators.indicatorStyle.rawValue)),
            ("verticalScrollIndicatorInsets", insets(c.indicators.verticalScrollIndicatorInsets)),
            ("horizontalScrollIndicatorInsets", insets(c.indicators.horizontalScrollIndicatorInsets)),
            ("automaticallyAdjustsScrollIndicatorInsets", bool(c.indicators.automaticallyAdjustsScrollIndicatorInsets)),
        ]
        let views: [Node] = s.contentViews.map { view in
            var fields: [(Node, Node)] = [
                ("id", Node(view.id, Tag(.str), .doubleQuoted)),
                ("frame", map([("x", number(view.frame.minX)), ("y", number(view.frame.minY)),
                               ("width", number(view.frame.width)), ("height", number(view.frame.height))], flow: true)),
                ("role", Node(view.role.rawValue)),
            ]
            if let v = view.touchesShouldBegin { fields.append(("touchesShouldBegin", bool(v))) }
            if let v = view.touchesShouldCancel { fields.append(("touchesShouldCancel", bool(v))) }
            return map(fields)
        }
        let input: [(Node, Node)] = [
            ("rotation", Node(String(c.input.rotation.rawValue))),
            ("flipX", bool(c.input.flipX)),
            ("flipY", bool(c.input.flipY)),
            ("calibration", Node(c.input.calibration.values.map(number), Tag(.seq), .flow)),
            ("touchOnly", bool(c.input.touchOnly)),
        ]
        var sections: [(Node, Node)] = [
            ("screen", map(screen)),
            ("scrollView", map(scrollView)),
            ("contentViews", Node(views, Tag(.seq), views.isEmpty ? .flow : .block)),
            ("input", map(input)),
            ("output", map([("frameRate", number(c.output.frameRate))])),
        ]
        if let display = c.display {
            var fields: [(Node, Node)] = [
                ("content", display.content.map { Node($0, Tag(.str), .doubleQuoted) } ?? null),
                ("pixelsPerPoint", number(display.pixelsPerPoint)),
            ]
            switch display.output {
            case .framebuffer(let path): fields.append(("fb", Node(path, Tag(.str), .doubleQuoted)))
            case .drm(let path): fields.append(("drm", Node(path, Tag(.str), .doubleQuoted)))
            case .png(let directory): fields.append(("png", Node(directory, Tag(.str), .doubleQuoted)))
            case nil: break
            }
            if let blankAfter = display.blankAfter { fields.append(("blankAfter", number(blankAfter))) }
            sections.append(("display", map(fields)))
        }
        return map(sections)
    }

    private static var null: Node { Node("null") }
    private static func number(_ value: Double) -> Node { Node(YAMLNodeReader.format(value)) }
    private static func bool(_ value: Bool) -> Node { Node(value ? "true" : "false") }
    private static func map(_ pairs: [(Node, Node)], flow: Bool = false) -> Node {
        Node(pairs, Tag(.map), flow ? .flow : .block)
    }
    private static func size(_ s: Size) -> Node { map([("width", number(s.width)), ("height", number(s.height))], flow: true) }
    private static func point(_ p: Point) -> Node { map([("x", number(p.x)), ("y", number(p.y))], flow: true) }
    private static func insets(_ i: EdgeInsets) -> Node {
        map([("top", number(i.top)), ("left", number(i.left)), ("bottom", number(i.bottom)), ("right", number(i.right))], flow: true)
    }
}
