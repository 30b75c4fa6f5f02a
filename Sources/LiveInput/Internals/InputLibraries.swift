import SystemInterface
import CInputShim

#if canImport(Glibc)
import Glibc
#endif

/// libudev, libevdev and libinput, loaded (dlopen) by the commands that read live input — `run`,
/// `daemon`, `record`, `devices`, `calibrate` — the first time one of them reaches for a device.
/// The executable does not link them, so `replay` and `config check` never map them (nor the ~15
/// libraries they pull in: glib, libwacom, libmtdev…), and a kiosk image that only replays needs none.
///
/// The real `LibinputCalls`, `LibevdevCalls` and `UdevCalls` call `InputLibraries.load()` before their
/// first C call; a library that is not installed is an `InputError` that says which package to install
/// (exit code 4, as any other input that cannot be opened).
public enum InputLibraries {
    /// The sonames the Debian packages install (libudev1, libevdev2, libinput10), in the loader's order.
    public struct Names: Sendable {
        public var udev = "libudev.so.1"
        public var evdev = "libevdev.so.2"
        public var input = "libinput.so.10"
        public init() {}
    }

    /// The library's name and its Debian package, for the error message.
    static let packages: [(name: String, package: String)] = [
        ("libudev", "libudev1"), ("libevdev", "libevdev2"), ("libinput", "libinput10"),
    ]

    /// Loads the three libraries once per process (later calls return the first result).
    public static func load() throws(InputError) {
        if let error = loadedOnce { throw error }
    }

    private static let loadedOnce: InputError? = {
        do throws(InputError) { try load(Names()) } catch { return error }
        return nil
    }()

    /// Opens the libraries by these names; throws for the first one that cannot be loaded.
    public static func load(_ names: Names) throws(InputError) {
        var message = [CChar](repeating: 0, count: 512)
        let failed: Int32 = names.udev.withCString { udev in
            names.evdev.withCString { evdev in
                names.input.withCString { input in
                    let sonames: [UnsafePointer<CChar>?] = [udev, evdev, input]
                    return touchscroll_input_libraries_load(sonames, &message, message.count)
                }
            }
        }
        guard failed >= 0 else { return }
        let soname = [names.udev, names.evdev, names.input][Int(failed)]
        let (name, package) = packages[Int(failed)]
        let reason = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        throw InputError(call: "dlopen", errno: Errno(rawValue: ELIBACC), device: soname,
                         detail: "\(name) is not installed: apt install \(package) (\(reason))")
    }
}
