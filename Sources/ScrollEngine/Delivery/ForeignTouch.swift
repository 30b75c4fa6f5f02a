/// A finger that is not the scroll view's to pan with.
enum ForeignTouch: Hashable {
    /// Landed in the status-bar strip: a tap there scrolls to the top; it never reaches content.
    case statusBar(down: Point, moved: Bool)
    /// Landed in the edge-swipe strip: the pan waits for the swipe to fail.
    case edgeSwipe(down: Point, downTime: Timestamp, recognized: Bool)
    /// The touch that wakes a kiosk after a long idle: it stops nothing and reaches no view.
    case swallowed
}

extension ScrollView {
    /// Decide, at touch-down, whether a finger belongs to something other than the content.
    func foreignRole(forDownAt location: Point) -> ForeignTouch? {
        let alone = touches.isEmpty && foreignTouches.isEmpty
        guard alone else { return nil }
        let wake = configuration.wakeTouch
        if nesting.handlesScreenTouches && wake.enabled && time.seconds(since: delivery.lastInput) >= wake.idleSeconds {
            return .swallowed
        }
        if nesting.handlesScreenTouches && configuration.statusBarHeight > 0 && location.y < configuration.statusBarHeight {
            return .statusBar(down: location, moved: false)
        }
        if let strip = configuration.edgeSwipe, isInside(strip, location) {
            return .edgeSwipe(down: location, downTime: time, recognized: false)
        }
        return nil
    }

    private func isInside(_ strip: ScrollViewConfiguration.EdgeSwipe, _ p: Point) -> Bool {
        let b = configuration.boundsSize
        switch strip.edge {
        case .top: return p.y < strip.depth
        case .bottom: return p.y >= b.height - strip.depth
        case .left: return p.x < strip.depth
        case .right: return p.x >= b.width - strip.depth
        }
    }

    /// The direction of a swipe that starts at `edge` and moves away from it.
    private func awayDirection(_ edge: ScrollViewConfiguration.EdgeSwipe.Edge) -> SwipeDirection {
        switch edge {
        case .top: .down
        case .bottom: .up
        case .left: .right
        case .right: .left
        }
    }

    func handleForeign(_ sample: TouchSample, index: Int) {
        let (slot, role) = foreignTouches[index]
        let ends = sample.phase == .up || sample.phase == .cancel
        switch role {
        case .swallowed:
            if ends { foreignTouches.remove(at: index) }
        case .statusBar(let down, let moved):
            let nowMoved = moved || sample.location.distance(to: down) > Thresholds.panDistance
            if ends {
                foreignTouches.remove(at: index)
                if sample.phase == .up && !nowMoved { scrollToTop(at: time) }
            } else {
                foreignTouches[index].role = .statusBar(down: down, moved: nowMoved)
            }
        case .edgeSwipe(let down, let downTime, let recognized):
            guard let strip = configuration.edgeSwipe else { foreignTouches.remove(at: index); return }
            if recognized {
                if ends { foreignTouches.remove(at: index) }
                return
            }
            let d = sample.location - down
            if d.length >= Thresholds.panDistance {
                let direction: SwipeDirection = abs(d.x) > abs(d.y) ? (d.x > 0 ? .right : .left) : (d.y > 0 ? .down : .up)
                if direction == awayDirection(strip.edge) {
                    let content = contentPoint(forScreen: down)
                    emit(.swipe(ContentGesture(viewName: hitTest(content)?.name, contentPoint: content, screenPoint: down), direction: direction))
                    if ends { foreignTouches.remove(at: index) } else {
                        foreignTouches[index].role = .edgeSwipe(down: down, downTime: downTime, recognized: true)
                    }
                    return
                }
            }
            if d.length >= Thresholds.panDistance || ends {
                // The swipe failed: the touch becomes an ordinary content touch, from where it landed.
                foreignTouches.remove(at: index)
                adoptAsContentTouch(slot: slot, down: down, sample: sample)
            }
        }
    }

    /// A touch the edge-swipe recognizer gave up: replay it to the content as a touch that landed
    /// where and when it did and has since moved (or lifted).
    private func adoptAsContentTouch(slot: TouchSlot, down: Point, sample: TouchSample) {
        handleContentFrame([TouchSample(slot: slot, phase: .down, location: down)])
        if sample.location != down {
            handleContentFrame([TouchSample(slot: slot, phase: .move, location: sample.location)])
        }
        if sample.phase == .up || sample.phase == .cancel {
            handleContentFrame([TouchSample(slot: slot, phase: sample.phase, location: sample.location)])
        }
    }

    private func handleContentFrame(_ samples: [TouchSample]) {
        // Re-enter the ordinary path at the current time; foreign classification does not apply
        // because the slot is no longer foreign and other fingers may be down.
        handleSamples(samples, classifyForeign: false)
    }

    // MARK: - Coordinates

    /// Screen point → unscaled content coordinates at the current offset and zoom.
    public func contentPoint(forScreen p: Point) -> Point {
        (p + contentOffset) / zoomScale
    }

    /// The top-most content view containing a content point (later entries are on top).
    public func hitTest(_ contentPoint: Point) -> ContentView? {
        configuration.contentViews.last { $0.frame.contains(contentPoint) }
    }
}
