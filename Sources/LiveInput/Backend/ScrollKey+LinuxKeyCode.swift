import CLibevdev
import ScrollEngine

extension ScrollKey {
    /// The scroll key for a Linux key code (linux/input-event-codes.h), or nil for keys that do not scroll.
    public init?(linuxKeyCode code: UInt32) {
        switch Int32(code) {
        case KEY_UP: self = .up
        case KEY_DOWN: self = .down
        case KEY_LEFT: self = .left
        case KEY_RIGHT: self = .right
        case KEY_PAGEUP: self = .pageUp
        case KEY_PAGEDOWN: self = .pageDown
        case KEY_SPACE: self = .space
        case KEY_HOME: self = .home
        case KEY_END: self = .end
        default: return nil
        }
    }
}
