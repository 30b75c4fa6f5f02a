#if canImport(Glibc)
import Glibc
#endif

/// The value of an environment variable, or nil when it is unset.
func getenvString(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
}
