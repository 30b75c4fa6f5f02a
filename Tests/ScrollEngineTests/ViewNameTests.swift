import Dispatch
import ScrollEngine
import Synchronization
import XCTest

/// View ids are interned: the same id is the same name wherever it was made, and an event that
/// names its view is a plain value (no reference counting when the stream copies it).
final class ViewNameTests: XCTestCase {
    func testTheSameIdIsTheSameNameAndItsBytesAreTheIds() {
        let ids = ["main", "", "a much longer id than fits a small string", "carré \u{1F600}", "a\"b\\c\n"]
        for id in ids {
            let first = ViewName(id), second = ViewName(String(id.reversed().reversed()))
            XCTAssertEqual(first, second, id)
            XCTAssertEqual(first.hashValue, second.hashValue, id)
            XCTAssertEqual(first.string, id)
            XCTAssertEqual(Array(first.utf8), Array(id.utf8))
            XCTAssertEqual(first.utf8Count, id.utf8.count)
        }
        XCTAssertNotEqual(ViewName("list"), ViewName("lists"))
        XCTAssertNotEqual(ViewName(""), ViewName("x"))
        let literal: ViewName = "main"
        XCTAssertEqual(literal, ViewName("main"))
    }

    /// The messages keep their string API: `view` reads and writes the interned name.
    func testEventsAndTouchesNameTheirViewsAsStrings() {
        let state = ScrollViewState(contentOffset: .zero, zoomScale: 1, contentSize: Size(width: 1, height: 1))
        var event = DelegateEvent(time: .zero, message: .didScroll, state: state, view: "list")
        XCTAssertEqual(event.view, "list")
        XCTAssertEqual(event.viewName, ViewName("list"))
        event.view = nil
        XCTAssertNil(event.viewName)
        var touch = ContentTouch(view: "buy", slot: TouchSlot(0), touchTime: .zero, contentPoint: .zero, screenPoint: .zero)
        XCTAssertEqual(touch.viewName, ViewName("buy"))
        touch.view = "sell"
        XCTAssertEqual(touch.view, "sell")
        let gesture = ContentGesture(view: "tile", contentPoint: .zero, screenPoint: .zero)
        XCTAssertEqual(gesture.view, "tile")
        var view = ContentView(id: "a", frame: Rect(x: 0, y: 0, width: 1, height: 1))
        view.id = "b"
        XCTAssertEqual(view.name, ViewName("b"))
    }

    /// What the stream copies for every message is plain data: no field holds a reference.
    func testTheStreamsValuesArePlainData() {
        XCTAssertTrue(_isPOD(ViewName.self))
        XCTAssertTrue(_isPOD(DelegateMessage.self))
        XCTAssertTrue(_isPOD(DelegateEvent.self))
    }

    /// Names are made from many threads at once (the daemon's sessions and its control clients).
    func testInterningFromManyThreadsAgrees() {
        let names = (0..<64).map { "view-\($0 % 16)" }
        let made = Mutex<[Int: ViewName]>([:])
        DispatchQueue.concurrentPerform(iterations: names.count) { i in
            let name = ViewName(names[i])
            made.withLock { $0[i] = name }
        }
        made.withLock { made in
            XCTAssertEqual(made.count, names.count)
            for (i, name) in made { XCTAssertEqual(name, ViewName(names[i])) }
        }
    }
}
