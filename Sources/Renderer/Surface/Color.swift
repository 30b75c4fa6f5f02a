import CPixman

/// An sRGB colour with straight (not premultiplied) alpha, 8 bits per channel.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `0xRRGGBB`, opaque.
    public init(rgb: UInt32) {
        self.init(red: UInt8((rgb >> 16) & 0xFF), green: UInt8((rgb >> 8) & 0xFF), blue: UInt8(rgb & 0xFF))
    }

    /// White or black at the given opacity (0…1).
    public init(white: Bool, opacity: Double) {
        let v: UInt8 = white ? 255 : 0
        self.init(red: v, green: v, blue: v, alpha: UInt8((opacity.clamped(to: 0...1) * 255).rounded()))
    }

    public static let black = Color(rgb: 0x000000)
    public static let white = Color(rgb: 0xFFFFFF)

    /// The same colour with its alpha multiplied by `opacity` (0…1).
    public func multipliedAlpha(by opacity: Double) -> Color {
        var c = self
        c.alpha = UInt8((Double(alpha) * opacity.clamped(to: 0...1)).rounded())
        return c
    }

    /// The word an opaque x8r8g8b8 pixel of this colour holds (alpha byte 0xFF, as pixman writes it).
    public var xrgb8888: UInt32 { 0xFF00_0000 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }

    /// pixman's colour: 16 bits per channel, premultiplied.
    var pixman: pixman_color_t {
        func premultiplied(_ v: UInt8) -> UInt16 { UInt16((UInt32(v) * UInt32(alpha) * 0x101 + 127) / 255) }
        return pixman_color_t(red: premultiplied(red), green: premultiplied(green), blue: premultiplied(blue), alpha: UInt16(alpha) * 0x101)
    }

    public var description: String {
        "#" + [red, green, blue, alpha].map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}

extension Comparable {
    func clamped(to r: ClosedRange<Self>) -> Self { Swift.min(Swift.max(self, r.lowerBound), r.upperBound) }
}
