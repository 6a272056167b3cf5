import Scripting
import Solitaire
import TableKit

/// A variant's script that fails (a Lua error, a budget spent, a hook breaking a rule) refuses
/// the move it was asked about and the game goes on: the status line names the file, line and
/// hook, and a panel shows the first frames of the traceback until any key closes it. The same
/// failure again (a hook that fails each time it is asked) is said on the status line only.
extension TableScene {
    /// Shows the rules' failure since the last look, if there is one.
    func reportRulesFailure() {
        guard let failure = rules.takeFailure() else { return }
        notice = failure.summary
        guard interactive, failure.summary != lastFailureShown else { return }
        lastFailureShown = failure.summary
        showFailurePanel(failure)
    }

    /// The failure panel: the help screen's box, its lines lent for the occasion.
    func showFailurePanel(_ failure: RulesFailure) {
        putHandBack()
        let width = max(20, min(76, window.size.width - 6))
        var lines = ["The variant's script failed"]
        lines += MessageView.wrap(failure.summary, width: width)
        if !failure.details.isEmpty {
            lines.append("")
            lines.append("Traceback, innermost first:")
            for detail in failure.details {
                lines += MessageView.wrap("  " + detail, width: width).map { $0.hasPrefix("  ") ? $0 : "    " + $0 }
            }
        }
        lines.append("")
        lines.append("The move was refused; the game goes on.")
        if helpLinesAside == nil { helpLinesAside = helpPanel.lines }
        helpPanel.lines = lines
        helpPanel.centre(inWidth: window.size.width, height: window.size.height)
        helpPanel.isHidden = false
    }
}

extension TableScene {
    /// Plays the variant with these values of its script's options: the rules start again with
    /// them, and the game is dealt again from its start.
    public func useScriptOptions(_ options: [String: String]) {
        guard options != scriptOptions, layout.script != nil else { return }
        scriptOptions = options
        rules = rulesOf(layout, options: options)
        switch start {
        case .deal(let number): replacePosition(with: rules.deal(seed: number))
        case .position(let position): replacePosition(with: position)
        }
    }
}
