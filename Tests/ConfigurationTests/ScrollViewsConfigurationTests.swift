import Configuration
import ScrollEngine
import XCTest

/// `scrollViews:` — several scroll views, side by side and nested, as docs/configuration.md's example gives them.
final class ScrollViewsConfigurationTests: XCTestCase {
    let listWithCarousel = """
    screen: { width: 1280, height: 800 }
    scrollViews:
      - id: list
        frame: { x: 0, y: 0, width: 1280, height: 800 }
        contentSize: { width: 1280, height: 20000 }
        scrollViews:
          - id: carousel
            frame: { x: 0, y: 400, width: 1280, height: 300 }
            contentSize: { width: 6400, height: 300 }
            isPagingEnabled: true
            scrollsToTop: false
            transfersVerticalScrollingToParent: true
            contentViews:
              - { id: card0, frame: { x: 40, y: 20, width: 1200, height: 260 } }
        contentViews:
          - { id: header, frame: { x: 0, y: 0, width: 1280, height: 400 } }
      - id: menu
        frame: { x: 0, y: 0, width: 320, height: 800 }
        contentSize: { width: 320, height: 2000 }
        scrollsToTop: false
    """

    func testTheIssuesExampleLoadsAsATree() throws {
        let c = try ConfigurationLoader.load(yaml: listWithCarousel)
        XCTAssertEqual(c.scrollViews.map(\.id), ["list", "menu"])
        let list = c.scrollViews[0]
        XCTAssertEqual(list.frame, Rect(x: 0, y: 0, width: 1280, height: 800))
        XCTAssertEqual(list.configuration.contentSize, Size(width: 1280, height: 20000))
        XCTAssertEqual(list.configuration.contentViews.map(\.id), ["header"])
        let carousel = try XCTUnwrap(list.children.first)
        XCTAssertEqual(carousel.id, "carousel")
        XCTAssertEqual(carousel.frame, Rect(x: 0, y: 400, width: 1280, height: 300))
        XCTAssertTrue(carousel.configuration.isPagingEnabled)
        XCTAssertTrue(carousel.configuration.transfersVerticalScrollingToParent)
        XCTAssertFalse(carousel.configuration.transfersHorizontalScrollingToParent)
        XCTAssertEqual(carousel.configuration.contentViews.map(\.id), ["card0"])
        XCTAssertEqual(carousel.configuration.boundsSize, Size(width: 1280, height: 300))
        // The first top-level view stands for `scrollView` (the default target of control commands).
        XCTAssertEqual(c.scrollView, list.configuration)
        XCTAssertEqual(c.viewTree, c.scrollViews)
        let tree = try ScrollViewTree(screenSize: c.screen.size, views: c.viewTree)
        XCTAssertEqual(tree.ids, ["list", "carousel", "menu"])
        XCTAssertEqual(ConfigurationNotes.scrollsToTopNotes(for: c), [])
    }

    func testTheShorthandIsOneFullScreenViewNamedMain() throws {
        let c = try ConfigurationLoader.load(yaml: """
        screen: { width: 1024, height: 600 }
        scrollView: { contentSize: { width: 1024, height: 5000 } }
        """)
        XCTAssertEqual(c.scrollViews, [])
        XCTAssertEqual(c.viewTree, [ScrollViewTree.Node(id: "main", frame: Rect(x: 0, y: 0, width: 1024, height: 600), configuration: c.scrollView)])
    }

    func testDuplicateIdsNameBothPlaces() {
        XCTAssertEqual(errors("""
        scrollViews:
          - id: list
            frame: { x: 0, y: 0, width: 1280, height: 800 }
            contentSize: { width: 1280, height: 2000 }
            scrollViews:
              - id: list
                frame: { x: 0, y: 0, width: 100, height: 100 }
        """), [
            #"line 6:13: scrollViews[list].scrollViews[list].id: duplicate id "list" (also scrollViews[list]); scroll view ids must be unique"#,
        ])
    }

    func testANestedFrameOutsideItsParentsContentIsAnError() {
        XCTAssertEqual(errors("""
        scrollViews:
          - id: list
            frame: { x: 0, y: 0, width: 1280, height: 800 }
            contentSize: { width: 1280, height: 2000 }
            scrollViews:
              - id: carousel
                frame: { x: 0, y: 1900, width: 1280, height: 300 }
        """), [
            #"line 7:16: scrollViews[list].scrollViews[carousel].frame: {x: 0, y: 1900, width: 1280, height: 300} lies outside the content of "list" (1280×2000); a nested frame is in its parent's content points"#,
        ])
    }

    func testAZoomViewNamingAScrollViewAroundItIsACycle() {
        XCTAssertEqual(errors("""
        scrollViews:
          - id: pager
            frame: { x: 0, y: 0, width: 1280, height: 800 }
            contentSize: { width: 3840, height: 800 }
            scrollViews:
              - id: page
                frame: { x: 0, y: 0, width: 1280, height: 800 }
                minimumZoomScale: 1
                maximumZoomScale: 4
                zoomView: pager
        """), [
            #"line 10:19: scrollViews[pager].scrollViews[page].zoomView: "pager" is a scroll view around this one: a cycle of zoom views ("pager" → "page" → "pager"); name a content view of "page""#,
        ])
    }

    func testMissingIdAndFrameAndTheShorthandTogetherAreErrors() {
        XCTAssertEqual(errors("""
        scrollView: { bounces: false }
        scrollViews:
          - frame: { x: 0, y: 0, width: 10, height: 10 }
          - id: a
        """), [
            "line 3:3: scrollViews: scrollViews replaces scrollView and the top-level contentViews: give one or the other (each view of scrollViews has its own contentViews)",
            #"line 3:5: scrollViews[0]: missing key "id" (every scroll view needs a name; the stream names it)"#,
            #"line 4:5: scrollViews[a]: missing key "frame" ({x, y, width, height} in the parent's content points, the screen's at the top)"#,
        ])
    }

    func testSeveralVisibleScrollsToTopViewsAreWarnedAbout() throws {
        let c = try ConfigurationLoader.load(yaml: listWithCarousel.split(separator: "\n").filter { !$0.contains("scrollsToTop: false") }.joined(separator: "\n"))
        XCTAssertEqual(ConfigurationNotes.scrollsToTopNotes(for: c), [
            #"scroll views "list", "carousel", "menu" are visible with scrollsToTop on: a status-bar tap scrolls none of them (UIKit's rule); set scrollsToTop: false on all but one"#,
        ])
        XCTAssertTrue(ConfigurationNotes.notes(for: c).contains(ConfigurationNotes.scrollsToTopNotes(for: c)[0]))
    }

    func testEachViewMayNameItsOwnContentAndIndicators() throws {
        let c = try ConfigurationLoader.load(yaml: """
        scrollViews:
          - id: list
            frame: { x: 0, y: 0, width: 1280, height: 800 }
            contentSize: { width: 1280, height: 2000 }
            content: /srv/kiosk/list.png
            scrollViews:
              - id: carousel
                frame: { x: 0, y: 400, width: 1280, height: 300 }
                contentSize: { width: 6400, height: 300 }
                content: /srv/kiosk/carousel-tiles
                pixelsPerPoint: 2
                showsHorizontalScrollIndicator: false
                indicatorStyle: white
        """)
        XCTAssertEqual(c.viewDisplays["list"], ViewDisplayConfiguration(content: "/srv/kiosk/list.png"))
        var indicators = ScrollIndicatorConfiguration()
        indicators.showsHorizontalScrollIndicator = false
        indicators.indicatorStyle = .white
        XCTAssertEqual(c.viewDisplays["carousel"], ViewDisplayConfiguration(content: "/srv/kiosk/carousel-tiles", pixelsPerPoint: 2, indicators: indicators))
    }

    func testAViewsContentErrorsNameItsKeyPath() {
        XCTAssertEqual(errors("""
        scrollViews:
          - id: list
            frame: { x: 0, y: 0, width: 1280, height: 800 }
            contentSize: { width: 1280, height: 2000 }
            scrollViews:
              - id: carousel
                frame: { x: 0, y: 400, width: 1280, height: 300 }
                content: ""
                pixelsPerPoint: 0
                indicatorStyle: grey
        """), [
            #"line 8:18: scrollViews[list].scrollViews[carousel].content: expected the path of an image (PNG, JPEG) or a tile folder, got an empty string"#,
            #"line 9:25: scrollViews[list].scrollViews[carousel].pixelsPerPoint: 0 is out of range: expected pixels per point > 0 and ≤ 64"#,
            #"line 10:25: scrollViews[list].scrollViews[carousel].indicatorStyle: expected one of default, black, white, got "grey""#,
        ])
    }

    private func errors(_ yaml: String) -> [String] {
        do {
            _ = try ConfigurationLoader.load(yaml: yaml)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }
}

extension ScrollViewsConfigurationTests {
    func testTheSummaryListsTheViewsNested() throws {
        let c = try ConfigurationLoader.load(yaml: listWithCarousel)
        let text = ConfigurationSummary.text(for: c)
        XCTAssertTrue(text.contains("""
        scroll views (first described below):
          list: 1280×800 at (0, 0), content 1280×20000
            carousel: 1280×300 at (0, 400), content 6400×300
          menu: 320×800 at (0, 0), content 320×2000
        content: 1280×20000 pt
        """), text)
    }
}
