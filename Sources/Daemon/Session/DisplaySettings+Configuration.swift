import Configuration
import Renderer

extension DisplaySettings {
    /// What the configuration file asks to draw: the `display:` section (content, pixelsPerPoint,
    /// one output), the scroll indicators of `scrollView:`, and each view of `scrollViews:`'s own
    /// content and indicators. Without a `display:` section the
    /// settings have no target (nothing is drawn unless the command line names an output).
    public init(configuration: TouchscrollConfiguration) {
        let display = configuration.display ?? DisplayConfiguration()
        var targets: [Target] = []
        switch display.output {
        case .framebuffer(let path): targets = [.framebuffer(path)]
        case .drm(let path): targets = [.drm(path)]
        case .png(let directory): targets = [.png(directory: directory)]
        case nil: break
        }
        self.init(content: display.content, pixelsPerPoint: display.pixelsPerPoint, targets: targets,
                  rotation: configuration.screen.rotation, indicators: IndicatorSettings(configuration.indicators))
        views = configuration.viewDisplays.mapValues { view in
            ViewDrawing(content: view.content, pixelsPerPoint: view.pixelsPerPoint, indicators: IndicatorSettings(view.indicators))
        }
    }
}

extension IndicatorSettings {
    /// UIScrollView's indicator properties from the configuration; the drawing metrics keep their values.
    public init(_ configuration: ScrollIndicatorConfiguration) {
        self.init()
        showsVerticalScrollIndicator = configuration.showsVerticalScrollIndicator
        showsHorizontalScrollIndicator = configuration.showsHorizontalScrollIndicator
        verticalScrollIndicatorInsets = configuration.verticalScrollIndicatorInsets
        horizontalScrollIndicatorInsets = configuration.horizontalScrollIndicatorInsets
        automaticallyAdjustsScrollIndicatorInsets = configuration.automaticallyAdjustsScrollIndicatorInsets
        indicatorStyle = switch configuration.indicatorStyle {
        case .default: .default
        case .black: .black
        case .white: .white
        }
    }
}
