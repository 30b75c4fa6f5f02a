import CFramebuffer
import SystemInterface
#if canImport(Glibc)
import Glibc
#endif

/// Every system call the device outputs make, behind one struct of closures (as swift-system
/// routes its syscalls through one file): the live table calls the kernel; tests substitute a
/// table that fakes a device or injects failures. Results follow the kernel convention: a
/// negative value is −errno.
struct SystemCalls: @unchecked Sendable {
    var open: (_ path: String, _ flags: Int32) -> Int32
    var close: (_ fd: Int32) -> Int32
    var ioctl: (_ fd: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer) -> Int32
    /// mmap(NULL, length, PROT_READ|PROT_WRITE, MAP_SHARED, fd, offset); nil and −errno on failure.
    var mapShared: (_ fd: Int32, _ length: Int, _ offset: Int) -> Result<UnsafeMutableRawPointer, Errno>
    var unmap: (_ address: UnsafeMutableRawPointer, _ length: Int) -> Void
    /// ioctl(2) whose argument is an integer passed by value (FBIOBLANK).
    var ioctlValue: (_ fd: Int32, _ request: UInt, _ value: UInt) -> Int32 = { fd, request, value in
        ts_ioctl_value(fd, request, value) < 0 ? -errno : 0
    }

    static let live = SystemCalls(
        open: { path, flags in
            let fd = Glibc.open(path, flags | O_CLOEXEC)
            return fd < 0 ? -errno : fd
        },
        close: { fd in Glibc.close(fd) < 0 ? -errno : 0 },
        ioctl: { fd, request, argument in
            ts_ioctl(fd, request, argument) < 0 ? -errno : 0
        },
        mapShared: { fd, length, offset in
            let p = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset))
            guard let p, p != MAP_FAILED else { return .failure(Errno.current) }
            return .success(p)
        },
        unmap: { address, length in _ = munmap(address, length) }
    )
}
