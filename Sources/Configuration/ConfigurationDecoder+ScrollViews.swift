import ScrollEngine
import YAMLDocument

/// `scrollViews:` — a screen of several scroll views, side by side and nested, each with every key
/// of `scrollView:` plus `id`, `frame`, its own `contentViews` and the `scrollViews` inside its
/// content. Problems name the view by its id: `scrollViews[list].scrollViews[carousel].frame`.
extension ConfigurationDecoder {
    /// Nil when the key is absent (the `scrollView:` shorthand describes the screen).
    func decodeScrollViewsKey(_ top: YAMLNode.Mapping?, screen: ScreenConfiguration, shorthandGiven: Bool,
                              displays: inout [String: ViewDisplayConfiguration]) -> [ScrollViewTree.Node]? {
        guard let node = top?["scrollViews"] else { return nil }
        let path = KeyPath.root.appending("scrollViews")
        if shorthandGiven {
            reader.fail(path, node, "scrollViews replaces scrollView and the top-level contentViews: give one or the other (each view of scrollViews has its own contentViews)")
        }
        var ids: [String: String] = [:]
        let views = decodeNodes(node, path, parent: nil, ancestors: [], ids: &ids, displays: &displays)
        if views.isEmpty, reader.sequence(node, path)?.isEmpty == true {
            reader.fail(path, node, "expected at least one scroll view")
        }
        return views
    }

    /// The parent's content, for the frames of nested views: the zoom view's frame when zooming
    /// is configured (its subviews zoom with it), the content size otherwise.
    private struct Parent {
        let id: String
        let content: Size
    }

    private func decodeNodes(_ node: YAMLNode, _ path: KeyPath, parent: Parent?, ancestors: [String], ids: inout [String: String],
                             displays: inout [String: ViewDisplayConfiguration]) -> [ScrollViewTree.Node] {
        guard let items = reader.sequence(node, path) else { return [] }
        var nodes: [ScrollViewTree.Node] = []
        for (index, item) in items.enumerated() {
            let indexPath = path.appending(index: index)
            guard let m = reader.mapping(item, at: indexPath, known: ConfigurationKeys.scrollViewNode) else { continue }
            guard let (id, idNode) = reader.requiredID(of: item, m, at: indexPath,
                                                       purpose: "every scroll view needs a name; the stream names it") else { continue }
            let itemPath = path.appending(id: id)
            if let first = ids[id] {
                reader.fail(itemPath.appending("id"), idNode, "duplicate id \"\(id)\" (also \(first)); scroll view ids must be unique")
                continue
            }
            ids[id] = itemPath.description
            guard let frameNode = m["frame"] else {
                reader.fail(itemPath, item, "missing key \"frame\" ({x, y, width, height} in the parent's content points, the screen's at the top)")
                continue
            }
            guard let frame = decodeRect(frameNode, itemPath.appending("frame")) else { continue }
            if let parent, !(frame.minX >= 0 && frame.minY >= 0 && frame.maxX <= parent.content.width && frame.maxY <= parent.content.height) {
                let f = YAMLNodeReader.format
                reader.fail(itemPath.appending("frame"), frameNode,
                            "{x: \(f(frame.minX)), y: \(f(frame.minY)), width: \(f(frame.width)), height: \(f(frame.height))} lies outside the content of \"\(parent.id)\" (\(f(parent.content.width))×\(f(parent.content.height))); a nested frame is in its parent's content points")
            }
            var c = scrollViewFields(m, itemPath)
            if let v = reader.field(m, "transfersHorizontalScrollingToParent", itemPath, reader.bool) { c.transfersHorizontalScrollingToParent = v }
            if let v = reader.field(m, "transfersVerticalScrollingToParent", itemPath, reader.bool) { c.transfersVerticalScrollingToParent = v }
            c.contentViews = reader.field(m, "contentViews", itemPath, section(decodeContentViews)) ?? []
            c.boundsSize = frame.size
            checkZoomLimits(c, m, itemPath, item)
            displays[id] = decodeViewDisplay(m, itemPath)
            let content = c.zoomingContentView?.frame.size ?? c.contentSize
            var children: [ScrollViewTree.Node] = []
            if let childNode = m["scrollViews"], !reader.isNull(childNode) {
                children = decodeNodes(childNode, itemPath.appending("scrollViews"), parent: Parent(id: id, content: content),
                                       ancestors: ancestors + [id], ids: &ids, displays: &displays)
            }
            let view = ScrollViewTree.Node(id: id, frame: frame, configuration: c, children: children)
            checkZoomView(view, ancestors: ancestors, path: itemPath, node: m["zoomView"] ?? item)
            nodes.append(view)
        }
        return nodes
    }

    /// The view's own drawing: `content` (a non-empty path), `pixelsPerPoint`, indicator keys.
    private func decodeViewDisplay(_ m: YAMLNode.Mapping, _ path: KeyPath) -> ViewDisplayConfiguration {
        var display = ViewDisplayConfiguration(indicators: decodeIndicators(m, at: path))
        if let node = m["content"], !reader.isNull(node), let v = reader.string(node, path.appending("content")) {
            if v.isEmpty {
                reader.fail(path.appending("content"), node, "expected the path of an image (PNG, JPEG) or a tile folder, got an empty string")
            } else {
                display.content = v
            }
        }
        if let v = reader.field(m, "pixelsPerPoint", path, { node, path in
            reader.positive(node, path, maximum: InputLimits.maximumPixelsPerPoint, "pixels per point > 0 and ≤ 64")
        }) { display.pixelsPerPoint = v }
        return display
    }

    private func checkZoomLimits(_ c: ScrollViewConfiguration, _ m: YAMLNode.Mapping, _ path: KeyPath, _ node: YAMLNode) {
        let f = YAMLNodeReader.format
        if c.minimumZoomScale > c.maximumZoomScale {
            reader.fail(path.appending("minimumZoomScale"), m["minimumZoomScale"] ?? node,
                        "\(f(c.minimumZoomScale)) is greater than maximumZoomScale \(f(c.maximumZoomScale)); expected minimumZoomScale ≤ maximumZoomScale")
        } else if c.zoomScale < c.minimumZoomScale || c.zoomScale > c.maximumZoomScale {
            reader.fail(path.appending("zoomScale"), m["zoomScale"] ?? node,
                        "\(f(c.zoomScale)) is outside the zoom limits \(f(c.minimumZoomScale))…\(f(c.maximumZoomScale))")
        }
    }

    /// zoomView names one of the view's content views. Naming a scroll view is refused: naming the
    /// view itself or one around it is a cycle of zoom views (zooming it would zoom what contains
    /// it), and a nested scroll view zooms with its parent's content anyway.
    private func checkZoomView(_ view: ScrollViewTree.Node, ancestors: [String], path: KeyPath, node: YAMLNode) {
        let c = view.configuration
        if let zoomView = c.zoomView, !c.contentViews.contains(where: { $0.id == zoomView }) {
            let chain = ancestors + [view.id]
            if let k = chain.firstIndex(of: zoomView) {
                let cycle = (chain[k...] + [zoomView]).map { "\"\($0)\"" }.joined(separator: " → ")
                reader.fail(path.appending("zoomView"), node, "\"\(zoomView)\" is a scroll view around this one: a cycle of zoom views (\(cycle)); name a content view of \"\(view.id)\"")
            } else if view.children.contains(where: { $0.id == zoomView }) {
                reader.fail(path.appending("zoomView"), node, "\"\(zoomView)\" is a nested scroll view: name a content view of \"\(view.id)\" (nested views zoom with the content)")
            } else {
                let ids = c.contentViews.map { "\"\($0.id)\"" }
                let known = ids.isEmpty ? "it has no contentViews" : "its contentViews are \(ids.joined(separator: ", "))"
                reader.fail(path.appending("zoomView"), node, "names no content view \"\(zoomView)\" of \"\(view.id)\" (\(known))")
            }
        }
    }
}
