/// A minimal SVG 1.1 writer: rectangles, lines, polylines and text, attributes in a fixed order
/// and coordinates with two decimals, so the same plot gives the same bytes.
///
/// Written by hand: none of the kept libraries draws SVG, the subset needed is a few elements,
/// and SVG is plain text any browser shows.
struct SVGDocument {
    let width: Double
    let height: Double
    private var body: [String] = []

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Two decimals, trailing zeros trimmed, `-0` as `0`, no exponent; by integer arithmetic so the
    /// text does not depend on the C library or locale.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = Int64((min(max(value, -1e12), 1e12) * 100).rounded())
        if hundredths == 0 { return "0" }
        let magnitude = hundredths.magnitude
        var text = (hundredths < 0 ? "-" : "") + String(magnitude / 100)
        let fraction = magnitude % 100
        if fraction != 0 {
            text += fraction % 10 == 0 ? ".\(fraction / 10)" : (fraction < 10 ? ".0\(fraction)" : ".\(fraction)")
        }
        return text
    }

    /// Text content and attribute values with XML's special characters escaped.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String, opacity: Double = 1, stroke: String? = nil) {
        var element = "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(max(0, width)))\" height=\"\(Self.number(max(0, height)))\" fill=\"\(fill)\""
        if opacity < 1 { element += " fill-opacity=\"\(Self.number(opacity))\"" }
        if let stroke { element += " stroke=\"\(stroke)\"" }
        body.append(element + "/>")
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1, dashed: Bool = false) {
        var element = "<line x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" y2=\"\(Self.number(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(Self.number(width))\""
        if dashed { element += " stroke-dasharray=\"4 3\"" }
        body.append(element + "/>")
    }

    mutating func polyline(_ points: [(Double, Double)], stroke: String, width: Double = 1.5) {
        guard !points.isEmpty else { return }
        let coordinates = points.map { "\(Self.number($0.0)),\(Self.number($0.1))" }.joined(separator: " ")
        body.append("<polyline points=\"\(coordinates)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(Self.number(width))\" stroke-linejoin=\"round\"/>")
    }

    enum Anchor: String { case start, middle, end }

    mutating func text(_ content: String, x: Double, y: Double, size: Double = 12, anchor: Anchor = .start, rotated: Bool = false, bold: Bool = false) {
        var element = "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" font-size=\"\(Self.number(size))\" text-anchor=\"\(anchor.rawValue)\""
        if bold { element += " font-weight=\"bold\"" }
        if rotated { element += " transform=\"rotate(-90 \(Self.number(x)) \(Self.number(y)))\"" }
        body.append(element + ">\(Self.escape(content))</text>")
    }

    /// Another drawing's elements, moved down by `y`.
    mutating func place(_ other: SVGDocument, y: Double) {
        body.append("<g transform=\"translate(0 \(Self.number(y)))\">")
        body.append(contentsOf: other.body)
        body.append("</g>")
    }

    var text: String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" font-family=\"sans-serif\">",
            "<rect x=\"0\" y=\"0\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" fill=\"#ffffff\"/>",
        ]
        lines.append(contentsOf: body)
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }
}
