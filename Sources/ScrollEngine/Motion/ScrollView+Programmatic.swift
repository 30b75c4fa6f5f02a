/// Programmatic scrolling: setContentOffset, scrollRectToVisible, scroll to top, keyboard and wheel.
extension ScrollView {
    /// setContentOffset(_:animated:). Animated: 0.3 s ease-in-out, didScroll on every frame, then
    /// didEndScrollingAnimation. Not animated: exactly one didScroll and no end message. As in UIKit
    /// the offset is not clamped.
    public func setContentOffset(_ offset: Point, animated: Bool, at when: Timestamp) {
        advance(to: when)
        completeZoomBounce()
        scroll(to: offset, animated: animated, kind: .setContentOffset, duration: EaseInOutCurve.defaultDuration)
    }

    /// scrollRectToVisible(_:animated:): the smallest scroll that brings `rect` (content
    /// coordinates at the current zoom) inside the part of the bounds not covered by the adjusted
    /// content insets; nothing when it is already visible. A rect larger than that area is aligned
    /// to its leading edge. The result stays within the scrollable range on both axes.
    public func scrollRectToVisible(_ rect: Rect, animated: Bool, at when: Timestamp) {
        advance(to: when)
        completeZoomBounce()
        let insets = configuration.adjustedContentInset
        let g = geometry
        var target = contentOffset
        for axis in Axis.allCases {
            let visibleMin = contentOffset[axis] + insets.leading(axis)
            let visibleLength = configuration.boundsSize[axis] - insets.leading(axis) - insets.trailing(axis)
            let visibleMax = visibleMin + visibleLength
            if rect.min(axis) < visibleMin || rect.size[axis] > visibleLength {
                target[axis] = rect.min(axis) - insets.leading(axis)
            } else if rect.max(axis) > visibleMax {
                target[axis] = rect.max(axis) - visibleLength - insets.leading(axis)
            }
            // Inside the range on both axes, also the one already showing the rect: the animation
            // replaces a bounce in flight, and must not leave the content past an edge.
            let r = g.range(axis)
            target[axis] = min(max(target[axis], r.lowerBound), r.upperBound)
        }
        guard target != contentOffset else { return }
        scroll(to: target, animated: animated, kind: .setContentOffset, duration: EaseInOutCurve.defaultDuration)
    }

    /// A tap on the status bar: asks scrollViewShouldScrollToTop, then, when scrollsToTop is on and
    /// the answer is yes, animates to the top and sends scrollViewDidScrollToTop.
    public func scrollToTop(at when: Timestamp) {
        advance(to: when)
        // scrollsToTop off: the scroll view is not a candidate, so its delegate is not asked.
        guard configuration.scrollsToTop else { return }
        let answer = shouldScrollToTopHandler?() ?? configuration.shouldScrollToTop
        emit(.shouldScrollToTop(answer: answer))
        guard answer else { return }
        completeZoomBounce()
        // The top of the range, with the other axis brought inside its range (a tap during a
        // horizontal bounce must not leave the content past a side edge).
        let g = geometry
        let across = g.range(.horizontal)
        let top = Point(x: min(max(contentOffset.x, across.lowerBound), across.upperBound), y: g.range(.vertical).lowerBound)
        if top == contentOffset {
            send(.setOffset(top))   // stops a motion in flight where it is (already at the top)
            emit(.didScrollToTop)
            return
        }
        scroll(to: top, animated: true, kind: .scrollToTop, duration: EaseInOutCurve.defaultDuration)
    }

    /// Keyboard scrolling: arrows by a line, Page Up/Down and Space by a page less a little
    /// overlap, Home/End to the ends; animated like setContentOffset. Presses during an animation
    /// add to its target.
    public func handleKey(_ key: ScrollKey, at when: Timestamp) {
        advance(to: when)
        guard configuration.allowsKeyboardScrolling, configuration.isScrollEnabled else {
            note("key \(key.rawValue) ignored: keyboard scrolling is off")
            return
        }
        completeZoomBounce()
        let g = geometry
        var target = animationTarget
        let page = configuration.boundsSize.height - configuration.adjustedContentInset.top
            - configuration.adjustedContentInset.bottom - Thresholds.keyboardPageOverlap
        switch key {
        case .up: target.y -= Thresholds.keyboardLine
        case .down: target.y += Thresholds.keyboardLine
        case .left: target.x -= Thresholds.keyboardLine
        case .right: target.x += Thresholds.keyboardLine
        case .pageUp: target.y -= max(page, Thresholds.keyboardLine)
        case .pageDown, .space: target.y += max(page, Thresholds.keyboardLine)
        case .home: target.y = g.range(.vertical).lowerBound
        case .end: target.y = g.range(.vertical).upperBound
        }
        target = g.clamp(target)
        scroll(to: target, animated: true, kind: .keyboard, duration: EaseInOutCurve.defaultDuration)
    }

    /// A mouse wheel or a touchpad's scroll axis: scrolls by `delta` points (positive: content moves
    /// up / left, as the offset grows), smoothly, within the bounds, with the messages of an
    /// animated programmatic scroll.
    public func scrollWheel(delta: Point, at when: Timestamp) {
        advance(to: when)
        guard configuration.isScrollEnabled else { return }
        completeZoomBounce()
        let g = geometry
        var target = animationTarget
        for axis in Axis.allCases where g.scrolls(axis) { target[axis] += delta[axis] }
        target = g.clamp(target)
        scroll(to: target, animated: true, kind: .keyboard, duration: Thresholds.wheelAnimationDuration)
    }

    /// Where a keyboard or wheel animation in flight is going (so presses accumulate), else the
    /// current offset.
    var animationTarget: Point {
        if case .scrollAnimating(.keyboard) = phase { return offsetMotion.destination }
        return contentOffset
    }

    func scroll(to target: Point, animated: Bool, kind: ScrollAnimationKind, duration: Double) {
        if !touches.isEmpty {
            // Under a finger the content belongs to the finger; jump without animating, and let the
            // drag continue from the new place.
            if animated { note("programmatic scroll while touching: applied without animation") }
            send(.setOffset(target))
            return
        }
        if !animated {
            send(.setOffset(target))
            return
        }
        guard target != contentOffset else { return }
        send(.animateScroll(.animation(from: contentOffset, to: target, start: time, duration: duration), kind))
    }

    /// stopScrollingAndZooming(): whatever moves by itself stops where it is.
    public func stopScrollingAndZooming(at when: Timestamp) {
        advance(to: when)
        send(.stop)
    }

    public func setContentSize(_ size: Size, at when: Timestamp) {
        advance(to: when)
        if let zoomView = configuration.zoomView,
           let i = configuration.contentViews.firstIndex(where: { $0.id == zoomView }), canZoom {
            // The stationary header above the zoom view does not scale: the rest is the zoom view's.
            let zoomedHeight = max(0, size.height - configuration.stationaryHeaderHeight)
            configuration.contentViews[i].frame.size = Size(width: size.width / zoomScale, height: zoomedHeight / zoomScale)
        } else {
            configuration.contentSize = size
        }
    }

    public func setContentInset(_ insets: EdgeInsets, at when: Timestamp) {
        advance(to: when)
        configuration.contentInset = insets
    }

    public func flashScrollIndicators(at when: Timestamp) {
        advance(to: when)
        indicatorFlashTime = time
    }
}
