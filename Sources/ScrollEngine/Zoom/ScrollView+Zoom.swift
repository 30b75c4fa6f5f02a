import RealModule

/// The zoom scale's rubber band: past a limit the scale resists in log-scale space, with the same
/// curve as the offset's rubber band, so a pinch can never go further than `maximumFactor` beyond
/// a limit (×2 above the maximum, ÷2 below the minimum) and slows progressively on the way.
public enum ZoomRubberBand {
    public static let maximumFactor = 2.0

    public static func displayedScale(raw: Double, minimum: Double, maximum: Double, bounces: Bool) -> Double {
        if raw >= minimum && raw <= maximum { return raw }
        let limit = raw < minimum ? minimum : maximum
        guard bounces else { return limit }
        let excess = Double.log(raw / limit)
        let d = Double.log(maximumFactor)
        return limit * Double.exp(RubberBand.overscroll(forExcess: excess, dimension: d))
    }

    public static func rawScale(displayed: Double, minimum: Double, maximum: Double, bounces: Bool) -> Double {
        if displayed >= minimum && displayed <= maximum { return displayed }
        let limit = displayed < minimum ? minimum : maximum
        guard bounces else { return limit }
        let over = Double.log(displayed / limit)
        return limit * Double.exp(RubberBand.excess(forOverscroll: over, dimension: Double.log(maximumFactor)))
    }
}

extension ScrollView {
    func clampScale(_ s: Double) -> Double {
        min(max(s, configuration.minimumZoomScale), configuration.maximumZoomScale)
    }

    func rawScale(forDisplayed scale: Double) -> Double {
        ZoomRubberBand.rawScale(displayed: scale, minimum: configuration.minimumZoomScale,
                                maximum: configuration.maximumZoomScale, bounces: configuration.bouncesZoom)
    }

    /// The pinch is recognised (part of the transition function: it enters the pinching phase).
    func beginPinch(alsoDragging: Bool, focus: Point?) -> Pinch {
        let p = Pinch(rawScale: rawScale(forDisplayed: zoomScale), alsoDragging: alsoDragging,
                      focus: focus ?? touches.centroid() ?? .zero)
        phase = .pinching(p)
        if !alsoDragging {
            delivery.scrollTookTouches(view: self)
            performDeliveryActions()
        }
        emit(.willBeginZooming)
        return p
    }

    /// Scale by the fingers' spread ratio around their centroid, and pan with the centroid: the
    /// content point under the centroid stays under it.
    func pinched(_ pinch: Pinch, by m: TouchMotion) -> Phase {
        var p = pinch
        let focusAfter = m.focus ?? p.focus
        let focusBefore = focusAfter - m.translation
        p.rawScale *= m.scale
        let newScale = ZoomRubberBand.displayedScale(raw: p.rawScale, minimum: configuration.minimumZoomScale,
                                                     maximum: configuration.maximumZoomScale, bounces: configuration.bouncesZoom)
        let k = newScale / zoomScale
        let offset = (contentOffset + focusBefore) * k - focusAfter
        p.focus = focusAfter
        phase = .pinching(p)
        zoom(to: newScale, offset: offset)
        return phase
    }

    /// Fewer than two fingers remain: zooming ends. No zoom momentum (as UIKit) and no pan momentum
    /// either (documented choice).
    ///
    /// - Scale inside the limits and a finger remains: didEndZooming now, and that finger goes on
    ///   as a pan from where the content is (no jump; willBeginDragging if the pinch was not
    ///   already dragging), with its release velocity measured from the end of the pinch.
    /// - Otherwise: a scale past a limit bounces back to it around the focal point while the offset
    ///   comes inside the bounds, in one motion without overshoot, then didEndZooming; a finger
    ///   still down waits for that and then tracks again.
    func pinchEnded(_ p: Pinch, fingerRemains: Bool) -> Phase {
        let targetScale = clampScale(zoomScale)
        if fingerRemains && targetScale == zoomScale {
            // The pan's velocity is measured from here: a lift right after the pinch does not fling.
            velocityTracker.reset()
            velocityTracker.add(fingerPath, at: time)
            let d = Drag(raw: rawOffset(forDisplayed: contentOffset), lock: .none, startOffset: contentOffset)
            if p.alsoDragging {
                // The drag that was open under the pinch goes on.
                phase = .dragging(d)
                emit(.didEndZooming(atScale: zoomScale))
            } else {
                // The zoom closes while the finger is only tracking, then its drag opens.
                phase = .tracking(Tracking())
                emit(.didEndZooming(atScale: zoomScale))
                phase = .dragging(d)
                emit(.willBeginDragging)
            }
            return phase
        }
        let focus = p.focus
        let pinnedAtEnd = (contentOffset + focus) * (targetScale / zoomScale) - focus
        let targetOffset = geometry(atScale: targetScale).clamp(pinnedAtEnd)
        let needsMotion = targetScale != zoomScale || targetOffset != contentOffset
        let span = max((targetOffset - contentOffset).length,
                       abs(targetScale - zoomScale) / zoomScale * max(configuration.boundsSize.width, configuration.boundsSize.height))
        let motion = ZoomMotion(
            start: time, startScale: zoomScale, targetScale: targetScale, startOffset: contentOffset,
            targetOffset: targetOffset, focus: targetScale != zoomScale ? focus : nil,
            progress: ZoomMotion.springProgress(span: span))
        if p.alsoDragging {
            // willEndDragging is sent while still dragging, didEndDragging once the drag is over (the
            // pinch goes on until its zoom ends).
            emit(.willEndDragging(velocityPerMillisecond: .zero, targetContentOffset: targetOffset))
            phase = .pinching(Pinch(rawScale: p.rawScale, alsoDragging: false, focus: p.focus))
            emit(.didEndDragging(willDecelerate: false))
        }
        guard needsMotion else {
            phase = .idle
            emit(.didEndZooming(atScale: zoomScale))
            return phase
        }
        zoomMotion = motion
        phase = .zoomSettling(changesScale: motion.changesScale)
        return phase
    }

    // MARK: - Programmatic zoom

    /// setZoomScale(_:animated:): zooms around the centre of the bounds; the offset ends inside the
    /// bounds at the new scale. Not animated: one didZoom (and didScroll if the offset changed),
    /// then didEndZooming.
    public func setZoomScale(_ scale: Double, animated: Bool, at when: Timestamp) {
        advance(to: when)
        guard canZoom else {
            note("setZoomScale ignored: no zoom view, or minimumZoomScale == maximumZoomScale")
            return
        }
        completeZoomBounce()
        let target = clampScale(scale)
        let center = Point(x: configuration.boundsSize.width / 2, y: configuration.boundsSize.height / 2)
        let offset = geometry(atScale: target).clamp((contentOffset + center) * (target / zoomScale) - center)
        applyZoom(scale: target, offset: offset, focus: center, animated: animated)
    }

    /// zoom(to:animated:): the rect (content coordinates, unscaled) fills the bounds with its aspect
    /// kept, centred, with the scale clamped to the limits.
    public func zoom(to rect: Rect, animated: Bool, at when: Timestamp) {
        advance(to: when)
        guard canZoom, rect.width > 0, rect.height > 0 else {
            note("zoom(to:) ignored: no zoom view, equal limits, or an empty rect")
            return
        }
        completeZoomBounce()
        let b = configuration.boundsSize
        let target = clampScale(min(b.width / rect.width, b.height / rect.height))
        let centre = rect.center * target
        let offset = geometry(atScale: target).clamp(Point(x: centre.x - b.width / 2, y: centre.y - b.height / 2))
        applyZoom(scale: target, offset: offset, focus: nil, animated: animated)
    }

    func applyZoom(scale: Double, offset: Point, focus: Point?, animated: Bool) {
        if scale == zoomScale && offset == contentOffset { return }
        if !animated || !touches.isEmpty {
            send(.setZoom(scale: scale, offset: offset))
            return
        }
        send(.animateZoom(ZoomMotion(
            start: time, startScale: zoomScale, targetScale: scale, startOffset: contentOffset,
            targetOffset: offset, focus: focus, progress: .ease(EaseInOutCurve(from: 0, to: 1)))))
    }

    /// Double-tap zoom: to the configured scale around the tapped point, or back to the minimum
    /// when already zoomed in.
    func doubleTapZoom(at screenPoint: Point) {
        completeZoomBounce()
        let minimum = configuration.minimumZoomScale
        let zoomedIn = zoomScale > minimum + 1e-9
        let target = zoomedIn ? minimum : clampScale(configuration.doubleTapZoom.scale)
        let offset = geometry(atScale: target).clamp((contentOffset + screenPoint) * (target / zoomScale) - screenPoint)
        applyZoom(scale: target, offset: offset, focus: screenPoint, animated: true)
    }
}
