import Daemon
import FuzzSupport

/// State files: decoding never crashes; a decoded state whose entries are all usable writes back
/// (StateStore.encode) to bytes that decode to the same state.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStateFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    guard case .loaded(let state) = StateStore.decode(bytes) else { return 0 }
    var usable = state
    usable.scrollViews = state.scrollViews.filter { $0.value.isUsable }
    guard let written = StateStore.encode(usable) else {
        require(false, "a usable state does not encode")
        return 0
    }
    require(StateStore.decode(written) == .loaded(usable), "state round trip changed it: \(String(decoding: written, as: UTF8.self))")
    return 0
}
