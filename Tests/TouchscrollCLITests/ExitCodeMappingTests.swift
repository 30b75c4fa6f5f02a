import XCTest

/// Errors the commands cannot carry on from go through the one error → exit code mapping
/// (`ExitCodes.code(for:)`): the message on standard error after "touchscroll: ", the documented
/// code as the status. Display nodes and output files that cannot be opened are exit code 1.
final class ExitCodeMappingTests: XCTestCase {
    let touch = "{\"t\": 0, \"slot\": 0, \"phase\": \"down\", \"x\": 100, \"y\": 100}\n"
    let example = "config/example.yaml"

    func testAMissingFramebufferNodeIsExitCode1WithTheRendererMessage() throws {
        let result = try TouchscrollProcess.run(["render", "-", "--fb", "/nonexistent/fb9"], stdin: touch)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "touchscroll: /nonexistent/fb9: deviceOpen: cannot open the framebuffer: no such device node: check the path (`ls /dev/fb*`); when there is none, the display driver is not loaded (fbdev needs a framebuffer driver, e.g. simpledrm's or the board's fbdev emulation) (errno 2: No such file or directory)\n")
    }

    func testAMissingDRMNodeIsExitCode1WithTheRendererMessage() throws {
        let result = try TouchscrollProcess.run(["render", "-", "--drm", "/nonexistent/card9"], stdin: touch)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "touchscroll: /nonexistent/card9: deviceOpen: cannot open the DRM device: no such device node: check the path (`ls /dev/dri`); when there is none, the display driver is not loaded (errno 2: No such file or directory)\n")
    }

    func testAnOutputFileThatCannotBeCreatedIsExitCode1NamingIt() throws {
        let plot = try TouchscrollProcess.run(["plot", "-", "--out", "/nonexistent/dir/session.svg"], stdin: touch)
        XCTAssertEqual(plot.status, 1)
        XCTAssertEqual(plot.stderr, "touchscroll: cannot write /nonexistent/dir/session.svg: No such file or directory\n")

        let tee = try TouchscrollProcess.run(["replay", "-", "--config", example, "--tee-touches", "/nonexistent/dir/touches.jsonl"], stdin: touch)
        XCTAssertEqual(tee.status, 1)
        XCTAssertEqual(tee.stderr, "touchscroll: cannot write /nonexistent/dir/touches.jsonl: No such file or directory\n")
    }

    func testAPNGOutputPathThatIsAFileIsExitCode1() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("frames-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try "x".write(to: file, atomically: true, encoding: .utf8)
        let result = try TouchscrollProcess.run(["render", "-", "--png", file.path], stdin: touch)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "touchscroll: \(file.path): imageWrite: the output path exists and is not a directory (errno 20: Not a directory)\n")
    }
}
