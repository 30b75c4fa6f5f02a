import Configuration
import FuzzSupport
import ScrollEngine

/// Configuration YAML: a configuration that loads holds only values within InputLimits, and the
/// YAML ConfigurationYAMLWriter writes for it loads to the same configuration.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfiguration(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    guard let text = String(validating: bytes, as: UTF8.self),
          let configuration = try? ConfigurationLoader.load(yaml: text, file: "fuzz.yaml") else { return 0 }
    let c = configuration.scrollView
    for value in [c.contentOffset.x, c.contentOffset.y, c.contentInset.top, c.contentInset.left, c.contentInset.bottom,
                  c.contentInset.right, c.safeAreaInsets.top, c.safeAreaInsets.left, c.safeAreaInsets.bottom, c.safeAreaInsets.right] {
        require(InputLimits.coordinateProblem(value) == nil, "configuration coordinate \(value) out of range")
    }
    for value in [c.contentSize.width, c.contentSize.height, c.statusBarHeight] + c.contentViews.flatMap({ [$0.frame.width, $0.frame.height] }) {
        require(InputLimits.lengthProblem(value) == nil, "configuration length \(value) out of range")
    }
    for value in [c.minimumZoomScale, c.maximumZoomScale, c.zoomScale] {
        require(InputLimits.zoomScaleProblem(value) == nil, "configuration zoom scale \(value) out of range")
    }
    require(c.longPress.minimumPressDuration <= InputLimits.maximumDuration && c.wakeTouch.idleSeconds <= InputLimits.maximumDuration,
            "configuration duration out of range")
    do {
        let written = try ConfigurationYAMLWriter.yaml(for: configuration)
        let again = try ConfigurationLoader.load(yaml: written, file: "written.yaml")
        require(again == configuration, "configuration round trip changed it:\n\(written)")
    } catch {
        require(false, "configuration round trip: the written YAML does not load: \(error)")
    }
    return 0
}
