import Solitaire
import TableKit

/// The cards of a won game leaving the foundations, as in the classic Windows game: one card
/// after another, each thrown sideways, falling under gravity and bouncing on the bottom edge
/// with a little less height each time, until it is off the screen. The next sets off a moment
/// after it (``launchSpread``), so the whole cascade is a treat of a few seconds, not a wait.
///
/// A pure function of time: the whole flight of every card is worked out at once as *stamps*,
/// the card's place every ``stampInterval`` seconds, and the screen at time `t` is every stamp
/// up to `t` drawn in order — the trail of copies the Windows game leaves. However often frames
/// come, the same time shows the same picture.
///
/// ```
/// let cascade = WinCascade(launches: cards, cardSize: (7, 5), width: 80, floor: 23, seed: 1)
/// let drawn = cascade.stampCount(at: 1.5)   // cascade.stamps[..<drawn] are on screen
/// ```
struct WinCascade {
    /// A card that will leave, and where it lies when it does.
    struct Launch {
        var card: Card
        var x: Int
        var y: Int
    }

    /// One copy of a card left on the screen.
    struct Stamp: Equatable {
        /// Index into the launches.
        var card: Int
        var x: Int
        var y: Int
        /// Seconds after the cascade starts.
        var time: Double
    }

    /// How often a flying card leaves a copy of itself.
    static let stampInterval = 1.0 / 30
    /// The longest a card may fly (a card thrown gently would otherwise take long to leave).
    static let longestFlight = 3.0
    /// The time from the first card's start to the last one's, whatever the number of cards.
    static let launchSpread = 5.0
    /// The most time between two cards' starts (when there are few).
    static let longestGap = 0.4
    /// The share of its speed a card keeps when it bounces.
    static let bounce = 0.72

    let launches: [Launch]
    /// Every stamp of every card, in the order they are drawn (by time).
    let stamps: [Stamp]
    /// When each card sets off, seconds after the start.
    let launchTimes: [Double]
    /// When the last card has left.
    let duration: Double

    /// - Parameters:
    ///   - launches: the cards in the order they leave.
    ///   - cardSize: the size of a card on screen, in cells.
    ///   - width: the screen's width; a card wholly left or right of it is gone.
    ///   - floor: the row the cards bounce on (the first row below the felt).
    ///   - seed: the throws' random speeds; the same seed throws the same way.
    init(launches: [Launch], cardSize: (width: Int, height: Int), width: Int, floor: Int, seed: UInt64) {
        self.launches = launches
        var random = SplitMix64(seed: seed ^ 0x5741_4E44)
        let height = Double(max(6, floor))
        let gravity = 3.2 * height  // rows per second squared: a fall from the top takes ~0.8 s
        var stamps: [Stamp] = []
        var launchTimes: [Double] = []
        let gap = min(WinCascade.longestGap, WinCascade.launchSpread / Double(max(1, launches.count)))
        var end = 0.0
        for (index, launch) in launches.enumerated() {
            let time = Double(index) * gap
            launchTimes.append(time)
            let speed = Double(max(20, width)) * Double.random(in: 0.25...0.55, using: &random)
            let direction: Double = Bool.random(using: &random) ? 1 : -1
            var flight = Flight(
                x: Double(launch.x), y: Double(launch.y), vx: speed * direction,
                vy: -Double.random(in: 0...0.9, using: &random) * height, gravity: gravity,
                floor: Double(floor - cardSize.height))
            var step = 0
            var last: (x: Int, y: Int)?
            while true {
                let place = (x: roundToCell(flight.x), y: roundToCell(flight.y))
                if place.x + cardSize.width <= 0 || place.x >= width { break }
                // A copy in the same cells as the last one adds nothing to the picture.
                if last.map({ $0 != place }) ?? true {
                    stamps.append(
                        Stamp(
                            card: index, x: place.x, y: place.y, time: time + Double(step) * WinCascade.stampInterval))
                    last = place
                }
                step += 1
                if Double(step) * WinCascade.stampInterval > WinCascade.longestFlight { break }
                flight.advance(by: WinCascade.stampInterval)
            }
            end = max(end, time + Double(step) * WinCascade.stampInterval)
        }
        // Drawn in time order; of stamps at one time, the later card's on top.
        self.stamps = stamps.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
        self.launchTimes = launchTimes
        duration = end
    }

    /// How many stamps are on screen `elapsed` seconds after the start.
    func stampCount(at elapsed: Double) -> Int {
        // The first stamp later than `elapsed`, by bisection (stamps are in time order).
        var low = 0
        var high = stamps.count
        while low < high {
            let middle = (low + high) / 2
            if stamps[middle].time <= elapsed { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// A card in the air: its top-left corner and speed, in cells and cells per second.
    struct Flight {
        var x, y, vx, vy: Double
        let gravity: Double
        /// The lowest the card's top edge goes: there it bounces.
        let floor: Double

        mutating func advance(by seconds: Double) {
            x += vx * seconds
            vy += gravity * seconds
            y += vy * seconds
            if y > floor {
                y = floor - (y - floor) * WinCascade.bounce
                vy = -vy * WinCascade.bounce
            }
        }
    }
}
