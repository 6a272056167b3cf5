import App
import Layouts
import TableKit

/// `cardtable render` at growing sizes: the whole render (table laid out and dealt, one frame
/// composed, the canvas as text) and its two parts that touch every cell, the frame and the
/// text. Each should cost the same per cell at every size: time grows with the area, no faster.
enum RenderBenchmarks {
    static let sides = [100, 200, 400, 1000]

    static func run() {
        for name in ["sandbox", "spider"] {
            guard let layout = ShippedLayouts.layout(named: name) else { continue }
            let theme = Theme(ascii: false, monochrome: true)
            for side in sides {
                let cells = Double(side * side)
                let iterations = side >= 1000 ? 10 : side >= 400 ? 30 : 100
                let render = measure(iterations: iterations, warmup: 2) {
                    _ = LayoutPreview.render(layout, width: side, height: side, theme: theme, seed: 1)
                }
                let preview = LayoutPreview(width: side, height: side, clock: ManualClock(), theme: theme, seed: 1)
                preview.show(layout, diagnostics: [], title: layout.title)
                preview.window.renderFrame()
                let frame = measure(iterations: iterations, warmup: 2) {
                    preview.window.setNeedsFullRedraw()
                    preview.window.renderFrame()
                }
                let text = measure(iterations: iterations, warmup: 2) { _ = preview.window.canvas.trimmedText }
                print(
                    "render \(name) \(side)x\(side): whole \(milliseconds(render)), frame \(milliseconds(frame)), "
                        + "text \(milliseconds(text)); per cell \(nanoseconds(render, cells)) "
                        + "(frame \(nanoseconds(frame, cells)), text \(nanoseconds(text, cells)))")
            }
        }
    }

    static func milliseconds(_ samples: [Double]) -> String {
        String(format1: percentile(samples, 0.5) * 1000, digits: 2) + " ms"
    }

    static func nanoseconds(_ samples: [Double], _ cells: Double) -> String {
        String(format1: percentile(samples, 0.5) / cells * 1_000_000_000, digits: 1) + " ns"
    }
}
