@testable import Configuration
import XCTest

final class KeySuggestionTests: XCTestCase {
    func testEditDistance() {
        XCTAssertEqual(KeySuggestion.editDistance("bounce", "bounces"), 1)
        XCTAssertEqual(KeySuggestion.editDistance("kitten", "sitting"), 3)
        XCTAssertEqual(KeySuggestion.editDistance("", "abc"), 3)
    }

    func testOnlyCloseKeysAreSuggested() {
        XCTAssertEqual(KeySuggestion.closest(to: "zoomscale", among: ConfigurationKeys.scrollView), "zoomScale")
        XCTAssertEqual(KeySuggestion.closest(to: "pagingEnabled", among: ConfigurationKeys.scrollView), "isPagingEnabled")
        XCTAssertNil(KeySuggestion.closest(to: "colour", among: ConfigurationKeys.scrollView))
    }
}
