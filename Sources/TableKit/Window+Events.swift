extension Window {
    /// Queues a pointer event. Motion is coalesced: of several moves that arrive within
    /// one frame only the last is delivered, at the start of the next frame; any other
    /// event delivers the waiting motion first, so the order is kept.
    public func post(_ event: PointerEvent) {
        if event.phase == .moved {
            pendingMotion = event
            return
        }
        flushPointerMotion()
        send(event)
    }

    /// Delivers a waiting coalesced motion, if any.
    public func flushPointerMotion() {
        if let motion = pendingMotion {
            pendingMotion = nil
            send(motion)
        }
    }

    /// Delivers a pointer event at once.
    ///
    /// A press finds its view by hit testing; that view keeps the whole sequence (the grab),
    /// and the recognizers of it and its ancestors watch it. A press while a sequence is
    /// open cancels that sequence first (terminals can lose a release).
    public func send(_ event: PointerEvent) {
        let time = event.timestamp == 0 ? clock.now : event.timestamp
        switch event.phase {
        case .began:
            if activeTouch != nil { cancelPointer() }
            beginTouch(at: event.location, time: time, button: event.button)
        case .moved:
            guard let touch = activeTouch else { return }
            touch.advance(to: event.location, at: time, phase: .moved)
            // An action may cancel the sequence (a panel opening): the rest hear no more of it.
            for recognizer in activeRecognizers where !recognizer.state.isFinal && activeTouch === touch {
                recognizer.pointerMoved(touch)
            }
        case .ended:
            guard let touch = activeTouch else { return }
            touch.advance(to: event.location, at: time, phase: .ended)
            for recognizer in activeRecognizers where !recognizer.state.isFinal && activeTouch === touch {
                recognizer.pointerEnded(touch)
            }
            guard activeTouch === touch else { return }
            let wasTap = Touch.isSamePlace(touch.location, touch.startLocation)
            lastTap = wasTap ? (touch.startLocation, time, touch.tapCount, touch.button) : nil
            endTouch()
        case .cancelled:
            cancelPointer()
        }
    }

    /// Cancels the open pointer sequence, if any: every recognizer watching it is told
    /// (an active gesture ends `cancelled`, a possible one fails). Call it for Escape, a
    /// resize, focus lost or a lost release.
    public func cancelPointer() {
        pendingMotion = nil
        guard let touch = activeTouch else { return }
        touch.phase = .cancelled
        for recognizer in activeRecognizers where !recognizer.state.isFinal {
            recognizer.pointerCancelled(touch)
        }
        lastTap = nil
        endTouch()
    }

    /// True while a pointer sequence is open.
    public var isTracking: Bool { activeTouch != nil }

    private func beginTouch(at location: Point, time: Double, button: PointerEvent.Button) {
        let hit = hitTest(convert(location, to: self))
        var tapCount = 1
        if let last = lastTap, last.button == button, time - last.time <= multiTapInterval,
            Touch.isSamePlace(last.location, location)
        {
            tapCount = last.count + 1
        }
        let touch = Touch(view: hit, location: location, tapCount: tapCount, timestamp: time, button: button)
        activeTouch = touch
        var recognizers: [GestureRecognizer] = []
        var view = hit
        while let v = view {
            recognizers.append(contentsOf: v.gestureRecognizers.filter(\.isEnabled))
            view = v.superview
        }
        activeRecognizers = recognizers
        for recognizer in recognizers {
            recognizer.touch = touch
        }
        for recognizer in recognizers where !recognizer.state.isFinal && activeTouch === touch {
            recognizer.pointerBegan(touch)
        }
    }

    private func endTouch() {
        let recognizers = activeRecognizers
        activeTouch = nil
        activeRecognizers = []
        for recognizer in recognizers { recognizer.resetState() }
    }

    /// A recognizer began or was recognized: the others on this sequence that are still
    /// possible fail, unless either allows recognizing together.
    func recognizerDidRecognize(_ winner: GestureRecognizer) {
        for other in activeRecognizers where other !== winner && other.state == .possible {
            if winner.canRecognizeSimultaneously(other) || other.canRecognizeSimultaneously(winner) { continue }
            other.state = .failed
        }
    }
}
