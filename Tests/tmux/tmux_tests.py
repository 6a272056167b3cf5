#!/usr/bin/env python3
"""Real-terminal tests: cardtable runs in tmux; SGR (and X10) mouse sequences and keys are
typed into the pane with send-keys, and the screen is read back with capture-pane.

Every wait polls the screen with a deadline; nothing sleeps a fixed time.

    python3 Tests/tmux/tmux_tests.py .build/debug/cardtable
"""
import ctypes
import functools
import os
import shutil
import signal
import random
import re
import subprocess
import sys
import tempfile
import time

BINARY = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/cardtable")
SOCKET = "cardtable-tests-%d" % os.getpid()
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WIDTH, HEIGHT = 80, 24
# The sandbox at 80x24: six free slots 7 wide every 9 columns from column 5, rows 1-5,
# and the trash at column 68. Centres as 1-based SGR coordinates.
SLOT_X = [9 + 9 * i for i in range(6)]
TRASH_X = 72
SLOT_Y = 4


def tmux(*args, check=True):
    result = subprocess.run(["tmux", "-L", SOCKET, *args], capture_output=True, text=True)
    if check and result.returncode != 0:
        raise RuntimeError("tmux %s: %s" % (" ".join(args), result.stderr.strip()))
    return result.stdout


def session_screen(name):
    """What a tmux session's pane shows now."""
    return tmux("capture-pane", "-p", "-t", name)


def wait_on_session(name, predicate, what, timeout=3.0, with_screen=True):
    """Polls until `predicate` holds (given the session's screen, or nothing when `with_screen`
    is false) and returns the moment it did; fails with the screen after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate(session_screen(name)) if with_screen else predicate():
            return time.monotonic()
        time.sleep(0.01)
    raise AssertionError("timed out waiting for %s:\n%s" % (what, session_screen(name)))


def fresh_home():
    """A new empty home folder: saves, statistics and settings of a test go there."""
    return tempfile.mkdtemp(prefix="cardtable-tmux-")


def home_environment(home):
    """Points HOME and every XDG folder into `home`, whatever the environment running the tests says."""
    return ("HOME=%s" % home, "XDG_STATE_HOME=%s/.local/state" % home,
            "XDG_DATA_HOME=%s/.local/share" % home, "XDG_CONFIG_HOME=%s/.config" % home)


class Pane:
    def __init__(self, term="xterm-256color", extra=(), environment=("LANG=C.UTF-8",),
                 arguments=("sandbox", "--deal", "1"), ready="Sandbox", home=None):
        self.name = "t%d" % int(time.monotonic() * 1000000)
        # Each pane keeps its files in a home of its own unless it is given one to share.
        self.home = home or fresh_home()
        command = ["env", "TERM=%s" % term, *home_environment(self.home), *environment, BINARY, *arguments, *extra]
        tmux("new-session", "-d", "-s", self.name, "-x", str(WIDTH), "-y", str(HEIGHT), *command)
        tmux("set-option", "-t", self.name, "remain-on-exit", "on")
        self.wait_for(lambda screen: ready in screen, "the table to appear")

    def screen(self):
        return tmux("capture-pane", "-p", "-t", self.name)

    def lines(self):
        return self.screen().split("\n")

    def flags(self):
        return tmux("display", "-p", "-t", self.name,
                    "#{mouse_any_flag}#{mouse_button_flag}#{mouse_sgr_flag}#{alternate_on}").strip()

    def dead(self):
        return tmux("display", "-p", "-t", self.name, "#{pane_dead}").strip() == "1"

    def pid(self):
        return int(tmux("display", "-p", "-t", self.name, "#{pane_pid}").strip())

    def type(self, text):
        tmux("send-keys", "-t", self.name, "-l", text)

    def key(self, name):
        tmux("send-keys", "-t", self.name, name)

    def press(self, x, y):
        self.type("\x1b[<0;%d;%dM" % (x, y))

    def drag(self, x, y):
        self.type("\x1b[<32;%d;%dM" % (x, y))

    def release(self, x, y):
        self.type("\x1b[<0;%d;%dm" % (x, y))

    def click(self, x, y):
        self.press(x, y)
        self.release(x, y)

    def drag_path(self, start, end, steps=6):
        (x0, y0), (x1, y1) = start, end
        self.press(x0, y0)
        for i in range(1, steps + 1):
            self.drag(x0 + (x1 - x0) * i // steps, y0 + (y1 - y0) * i // steps)
        self.release(x1, y1)

    def wait_for(self, predicate, what, timeout=5.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen()
            if predicate(screen):
                return screen
            time.sleep(0.02)
        raise AssertionError("timed out waiting for %s; screen was:\n%s" % (what, self.screen()))

    def wait_still(self, timeout=5.0):
        """Waits until the screen stays the same for 0.15 s (animations over)."""
        deadline = time.monotonic() + timeout
        last, since = self.screen(), time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(0.02)
            screen = self.screen()
            if screen != last:
                last, since = screen, time.monotonic()
            elif time.monotonic() - since >= 0.15:
                return screen
        raise AssertionError("the screen never settled:\n%s" % last)

    def wait_until(self, predicate, what, timeout=5.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                return
            time.sleep(0.02)
        raise AssertionError("timed out waiting for %s" % what)

    def close(self):
        tmux("kill-session", "-t", self.name, check=False)


def slot_top(screen, index):
    """The top row of slot `index` (0-5, or 'trash')."""
    line = screen.split("\n")[1]
    x = 68 if index == "trash" else 5 + 9 * index
    return line[x:x + 7]


def has_card(screen, index):
    top = slot_top(screen, index)
    return top.startswith("╭") or top.startswith("+")


def is_empty(screen, index):
    return slot_top(screen, index).startswith("┌")


def settled(index_cards, index_empty=()):
    return lambda s: all(has_card(s, i) for i in index_cards) and all(is_empty(s, i) for i in index_empty)


TESTS = []


def test(function):
    TESTS.append(function)
    return function


@test
def create_move_snap_back_and_delete_with_sgr_mouse():
    for term in ["xterm-256color", "tmux-256color", "screen-256color", "xterm"]:
        pane = Pane(term)
        try:
            pane.click(SLOT_X[0], SLOT_Y)
            pane.wait_for(settled([0]), "a card in slot 1 (%s)" % term)
            first_card = slot_top(pane.screen(), 0)
            pane.drag_path((SLOT_X[0], SLOT_Y), (SLOT_X[2], SLOT_Y))
            pane.wait_for(settled([2], [0]), "the card moved to slot 3 (%s)" % term)
            assert slot_top(pane.screen(), 2)[1:3] == first_card[1:3], "the same card moved"
            # Onto an occupied slot: it snaps back.
            pane.click(SLOT_X[1], SLOT_Y)
            pane.wait_for(settled([1, 2]), "a card in slot 2")
            pane.drag_path((SLOT_X[2], SLOT_Y), (SLOT_X[1], SLOT_Y))
            pane.wait_for(settled([1, 2], [0]), "the card back in slot 3 after an illegal drop")
            # Onto the felt: it snaps back.
            pane.drag_path((SLOT_X[2], SLOT_Y), (40, 15))
            pane.wait_for(lambda s: settled([1, 2])(s) and "╭" not in "".join(s.split("\n")[8:20]),
                          "the card back in slot 3 after a drop on the felt")
            # Onto the trash: deleted, and the trash stays empty.
            pane.drag_path((SLOT_X[2], SLOT_Y), (TRASH_X, SLOT_Y), steps=10)
            pane.wait_for(lambda s: is_empty(s, 2) and slot_top(s, "trash").startswith("┌"),
                          "the card deleted by the trash")
            assert has_card(pane.screen(), 1)
        finally:
            pane.close()


def find_card(screen, label):
    """The 1-based (column, row) of the cell just right of a card's top-left corner, where its
    label starts; None when no card face shows the label."""
    for row, line in enumerate(screen.split("\n")):
        at = line.find("╭" + label)
        if at >= 0:
            return at + 2, row + 1
    return None


def status(screen):
    return screen.rstrip("\n").split("\n")[-1]


@test
def klondike_played_with_sgr_mouse_and_keys():
    # Deal 5 at 80x24 shows A♥ 3♦ 2♣ K♣ 6♠ 7♠ 7♥ on the columns (6x4 cards).
    pane = Pane(arguments=("play", "klondike", "--deal", "5"), ready="Klondike #5")
    try:
        screen = pane.screen()
        six, seven = find_card(screen, "6♠"), find_card(screen, "7♥")
        assert six and seven, screen
        # 6♠ dragged onto 7♥: it lands, and the card under it turns face up.
        pane.drag_path(six, (seven[0], seven[1] + 2))
        pane.wait_for(lambda s: find_card(s, "6♠") == (seven[0], seven[1] + 1), "6♠ on 7♥")
        pane.wait_for(lambda s: s.split("\n")[six[1] - 2][six[0] - 1:six[0] + 1] not in ("──", "░░"),
                      "the card under 6♠ turned face up")
        # 3♦ onto 7♠ is refused: it goes back and the status line says why.
        three, target = find_card(screen, "3♦"), find_card(screen, "7♠")
        pane.drag_path(three, (target[0], target[1] + 2))
        screen = pane.wait_for(lambda s: "3♦ goes on a black 4" in status(s), "the refusal")
        pane.wait_for(lambda s: find_card(s, "3♦") == three, "3♦ back on its column")
        # A click on the stock deals a card to the waste.
        pane.click(16, 3)
        pane.wait_for(lambda s: s.split("\n")[1][21] == "╭", "a card on the waste")
        # u takes the deal back; another u takes back the move.
        pane.key("u")
        pane.wait_for(lambda s: s.split("\n")[1][21] == "┌", "the waste empty again")
        pane.key("u")
        pane.wait_for(lambda s: find_card(s, "6♠") == six, "6♠ back on its column")
        assert pane.flags() == "1111", pane.flags()
        pane.key("q")
        pane.wait_until(pane.dead, "quit")
    finally:
        pane.close()


@test
def the_chooser_starts_freecell_and_a_double_click_plays_a_move_undone_by_u():
    # No arguments: the game chooser. F jumps to FreeCell, Enter deals Microsoft deal 1.
    pane = Pane(arguments=("--deal", "1"), ready="Choose a game")
    try:
        pane.type("F")
        pane.wait_for(lambda s: "▸ FreeCell" in s, "FreeCell selected")
        pane.key("Enter")
        screen = pane.wait_for(lambda s: "FreeCell #1 · 0 moves" in status(s), "FreeCell deal 1")
        # Deal 1 (Microsoft's) has 6♠ 9♣ 2♥ 6♥ 6♣ 3♦ 8♣ T♣ on top; 2♥ has no place on the table
        # yet, so a double-click sends it to a free cell.
        two = find_card(screen, "2♥")
        assert two, screen
        pane.click(*two)
        pane.click(*two)
        screen = pane.wait_for(lambda s: "1 move" in status(s), "the double-click's move")
        cell = find_card(screen, "2♥")
        assert cell and cell[1] < two[1], "2♥ went up to a cell: %s\n%s" % (cell, screen)
        pane.key("u")
        pane.wait_for(lambda s: find_card(s, "2♥") == two and "0 moves" in status(s), "2♥ back on its column")
        pane.key("q")
        pane.wait_until(pane.dead, "quit")
    finally:
        pane.close()


def moves_made(screen):
    """The move count on the status line ("Klondike #1 · 12 moves · 0:31"), or None."""
    import re
    found = re.search(r"· (\d+) moves? ·", status(screen))
    return int(found.group(1)) if found else None


def play_by_hints(pane, play, after_move=lambda made: None, settle=False):
    """Asks for a hint (H) and plays it with `play(hint, screen)` until the game is won; after
    each move, `after_move(moves made)`. Returns the moves made. With `settle`, waits for the
    cards to come to rest before each hint (mouse play aims at where cards are drawn), and a
    hint the mouse missed (a card still flying where the screen showed it: the cards go back
    and the move count stays) is asked for and played again, a few times at most."""
    made = 0
    while True:
        tries = 0
        while True:
            if settle:
                pane.wait_still()  # cards still flying are not where the screen will show them
            pane.type("H")
            screen = pane.wait_for(
                lambda s: status(s).lstrip().startswith(("Move ", "Deal ", "Turn ", "You won")),
                "a hint after %d moves" % made)
            # A hint from the solver's win says so after the move: "... (leads to a win)".
            hint = status(screen).lstrip().split(" · ")[0].replace(" (leads to a win)", "")
            if hint.startswith("You won"):
                return made
            play(hint, screen)
            tries += 1
            try:
                screen = pane.wait_for(lambda s: moves_made(s) == made + 1 or "You won" in s,
                                       "'%s' played after %d moves" % (hint, made),
                                       timeout=2.0 if settle and tries < 3 else 5.0)
                break
            except AssertionError:
                if not settle or tries >= 3:
                    raise
        made += 1
        if "You won" in screen:
            return made
        after_move(made)
        assert made < 1000, "no win after 1000 moves"


@test
def klondike_won_from_the_chooser_with_hints_and_the_keyboard_alone():
    # Klondike deal 1 is won by always playing the first hint. From the chooser (Klondike is
    # selected first), H shows a hint with the cursor on its cards; Enter picks them up and the
    # cursor goes on to the target; Enter puts them down. The stock's hints take one Enter.
    pane = Pane(arguments=("--deal", "1"), ready="Choose a game")
    try:
        pane.key("Enter")
        pane.wait_for(lambda s: "Klondike #1 · 0 moves" in status(s), "Klondike deal 1")

        def play(hint, screen):
            pane.key("Enter")
            if hint.startswith("Move "):
                pane.key("Enter")

        def undo_and_redo_once(made):
            if made == 20:
                # Undo and redo on the way: the game goes on from the same position.
                pane.key("u")
                pane.wait_for(lambda s: moves_made(s) == made - 1, "the undo")
                pane.key("U")
                pane.wait_for(lambda s: moves_made(s) == made, "the redo")

        made = play_by_hints(pane, play, undo_and_redo_once)
        # The cascade, then any key shows the panel with the time and the moves.
        pane.type(" ")
        panel = pane.wait_for(lambda s: "You won Klondike #1" in s and "new deal" in s.lower(), "the win panel")
        assert ("%d moves" % made) in panel, panel
        pane.type("q")
        pane.wait_until(pane.dead, "quit from the panel")
    finally:
        pane.close()


class SeparateClicks:
    """Clicks that the app must not take for the second click of a double-click: a click on
    the cell of the last one waits until the double-click interval (0.35 s) has passed."""

    def __init__(self, pane):
        self.pane = pane
        self.last = None

    def click(self, x, y):
        if self.last and self.last[0] == (x, y):
            self.pane.wait_until(lambda: time.monotonic() - self.last[1] > 0.4, "the double-click interval")
        self.pane.click(x, y)
        self.last = ((x, y), time.monotonic())


@test
def klondike_won_from_the_chooser_with_hints_and_the_mouse():
    # The same game played with the mouse: a click selects Klondike in the chooser and a second
    # click plays it; each hint (H) is played by dragging its card onto the card it names, by
    # a double-click when it goes to a foundation or an empty column, or by a click on the stock.
    pane = Pane(arguments=("--deal", "1"), ready="Choose a game")
    try:
        klondike = pane.screen().split("\n").index(next(l for l in pane.lines() if "▸ Klondike" in l)) + 1
        pane.click(5, klondike)
        pane.click(5, klondike)
        pane.wait_for(lambda s: "Klondike #1 · 0 moves" in status(s), "Klondike deal 1")
        clicks = SeparateClicks(pane)

        def shown(screen, *labels):
            """The screen where every card named shows its corner (one flying over another may
            hide it for a moment)."""
            if all(find_card(screen, label) for label in labels):
                return screen
            return pane.wait_for(lambda s: all(find_card(s, label) for label in labels),
                                 "%s on the table" % " and ".join(labels))

        def play(hint, screen):
            words = hint.split(" ")
            if hint.startswith(("Deal ", "Turn ")):
                clicks.click(16, 3)  # the stock
            elif " onto " in hint:
                screen = shown(screen, words[1], words[-1])
                card, target = find_card(screen, words[1]), find_card(screen, words[-1])
                pane.drag_path(card, (target[0], target[1] + 1))
            else:  # to a foundation, to an empty column: the double-click's best place
                card = find_card(shown(screen, words[1]), words[1])
                clicks.click(*card)
                pane.click(*card)

        play_by_hints(pane, play, settle=True)
        pane.wait_for(lambda s: "You won Klondike #1" in status(s), "the win")
        pane.click(40, 12)  # a click skips the cascade to the panel
        pane.wait_for(lambda s: "New deal of Klondike" in s, "the win panel")
        pane.type("q")
        pane.wait_until(pane.dead, "quit from the panel")
    finally:
        pane.close()


@test
def drag_shows_the_card_following_the_pointer():
    pane = Pane()
    try:
        pane.click(SLOT_X[0], SLOT_Y)
        pane.wait_for(settled([0]), "a card in slot 1")
        pane.press(SLOT_X[0], SLOT_Y)
        for y in range(5, 14):
            pane.drag(SLOT_X[0], y)
        # Grabbed at row 4 of the card's 5 (its middle); the pointer is at row 13: the card's top is row 11.
        pane.wait_for(lambda s: s.split("\n")[10][5:12].startswith("╭"), "the card under the pointer")
        pane.key("Escape")
        pane.wait_for(settled([0]), "Escape puts it back")
    finally:
        pane.close()


@test
def monochrome_and_ascii_terminals_still_play():
    for term, environment, corner in [("xterm-256color", ("LANG=C.UTF-8", "NO_COLOR=1"), "╭"),
                                      ("vt100", ("LANG=C.UTF-8",), "╭"),
                                      ("xterm-256color", ("LANG=C",), "+"),
                                      ("xterm-256color", ("LANG=C.UTF-8",), "+")]:
        extra = ("--ascii",) if environment == ("LANG=C.UTF-8",) and term == "xterm-256color" else ()
        pane = Pane(term, extra=extra, environment=environment)
        try:
            if corner == "+":
                assert "✕" not in pane.screen() and "X" in pane.screen(), pane.screen()
            pane.click(SLOT_X[0], SLOT_Y)
            pane.wait_for(lambda s: slot_top(s, 0).startswith(corner) and slot_top(s, 0)[1] in "A23456789TJQK",
                          "a card in slot 1 (%s %s %s)" % (term, " ".join(environment), " ".join(extra)))
            if corner == "+":
                assert slot_top(pane.screen(), 0)[2] in "CDHS", "ASCII suits: " + slot_top(pane.screen(), 0)
        finally:
            pane.close()


@test
def sgr_reports_past_column_223_end_a_drag():
    name = "wide%d" % os.getpid()
    tmux("new-session", "-d", "-s", name, "-x", "320", "-y", "30",
         "env", "TERM=xterm-256color", "LANG=C.UTF-8", *home_environment(fresh_home()), BINARY, "sandbox", "--deal", "1")
    try:
        screen = functools.partial(session_screen, name)
        wait = functools.partial(wait_on_session, name, timeout=5)

        wait(lambda s: "Sandbox" in s, "the table")
        top = screen().split("\n")[1]
        x = top.index("┌") + 4                         # the first slot's middle, 1-based
        tmux("send-keys", "-t", name, "-l", "\x1b[<0;%d;4M\x1b[<0;%d;4m" % (x, x))
        wait(lambda s: s.split("\n")[1][x - 4] == "╭", "a card in the first slot")
        tmux("send-keys", "-t", name, "-l", "\x1b[<0;%d;4M" % x)
        for column in range(x + 10, 301, 30):
            tmux("send-keys", "-t", name, "-l", "\x1b[<32;%d;20M" % column)
        tmux("send-keys", "-t", name, "-l", "\x1b[<32;300;20M")
        wait(lambda s: any("╭" in line[280:] for line in s.split("\n")[14:22]), "the card near column 300")
        tmux("send-keys", "-t", name, "-l", "\x1b[<0;300;20m")
        wait(lambda s: s.split("\n")[1][x - 4] == "╭" and "Dragging" not in s, "the card back after a release at column 300")
    finally:
        tmux("kill-session", "-t", name, check=False)


@test
def x10_mouse_reports_work_too():
    pane = Pane("xterm")
    try:
        def x10(button, x, y):
            return "\x1b[M" + chr(32 + button) + chr(32 + x) + chr(32 + y)
        pane.type(x10(0, SLOT_X[3], SLOT_Y) + x10(3, SLOT_X[3], SLOT_Y))
        pane.wait_for(settled([3]), "a card in slot 4 from X10 reports")
    finally:
        pane.close()


@test
def keyboard_play():
    pane = Pane()
    try:
        pane.key("Enter")                          # deal onto slot 1
        pane.wait_for(settled([0]), "Enter deals a card")
        pane.key("Enter")                          # pick it up
        pane.wait_for(lambda s: "Carrying" in s, "the card picked up")
        for _ in range(4):
            pane.key("l")
        pane.key("Enter")                          # drop on slot 5
        pane.wait_for(settled([4], [0]), "the card dropped on slot 5")
        pane.key("Right")
        pane.key("Left")
        pane.key("?")
        pane.wait_for(lambda s: " any key closes " in s, "the help")
        pane.key("x")
        pane.wait_for(lambda s: "Any key closes this help" not in s, "the help closed")
        pane.key("q")
        pane.wait_until(pane.dead, "q to quit")
        assert pane.flags() == "0000", "mouse off and main screen after q, got %s" % pane.flags()
    finally:
        pane.close()


@test
def the_terminal_is_given_back_on_signals():
    # SIGILL and SIGTRAP are what a Swift trap raises (ud2 / brk); sending them runs the same handler.
    for sig in [signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGQUIT,
                signal.SIGILL, signal.SIGTRAP, signal.SIGSEGV, signal.SIGABRT]:
        pane = Pane()
        try:
            assert pane.flags() == "1111", "mouse on, SGR on, alternate screen: %s" % pane.flags()
            os.kill(pane.pid(), sig)
            pane.wait_until(pane.dead, "the game to end on %s" % sig.name)
            assert pane.flags() == "0000", "after %s: %s" % (sig.name, pane.flags())
        finally:
            pane.close()


@test
def ctrl_z_and_fg_give_back_and_retake_the_terminal():
    name = "z%d" % os.getpid()
    tmux("new-session", "-d", "-s", name, "-x", str(WIDTH), "-y", str(HEIGHT), "env", "PS1=$ ", *home_environment(fresh_home()), "bash", "--norc", "-i")
    try:
        screen = functools.partial(session_screen, name)
        def flags():
            return tmux("display", "-p", "-t", name, "#{mouse_any_flag}#{alternate_on}").strip()

        wait = functools.partial(wait_on_session, name, timeout=5, with_screen=False)

        tmux("send-keys", "-t", name, "TERM=xterm-256color LANG=C.UTF-8 %s sandbox --deal 1" % BINARY, "Enter")
        wait(lambda: "Sandbox" in screen(), "the table")
        tmux("send-keys", "-t", name, "C-z")
        wait(lambda: flags() == "00", "mouse off and main screen after Ctrl-Z")
        tmux("send-keys", "-t", name, "fg", "Enter")
        wait(lambda: flags() == "11" and "Sandbox" in screen(), "mouse on and the table redrawn after fg")
        tmux("send-keys", "-t", name, "q")
        wait(lambda: flags() == "00", "given back after q")
    finally:
        tmux("kill-session", "-t", name, check=False)


def clock_seconds(screen):
    """The seconds the status line's clock shows ("Klondike #3 · 1 move · 0:05"), or None."""
    match = re.search(r" · (\d+):(\d\d) · ", status(screen))
    return int(match.group(1)) * 60 + int(match.group(2)) if match else None


@test
def time_stopped_by_sigstop_is_not_played():
    """SIGSTOP, which no handler sees, then SIGCONT five seconds later: the clock goes on from
    where it was (it counted the five seconds), as after Ctrl-Z and fg. The game runs under a
    shell: tmux continues a pane's own process at once when it stops."""
    name = "stop%d" % os.getpid()
    command = "env TERM=xterm-256color LANG=C.UTF-8 %s %s play klondike --deal 3; true" % (
        " ".join(home_environment(fresh_home())), BINARY)
    tmux("new-session", "-d", "-s", name, "-x", str(WIDTH), "-y", str(HEIGHT), "sh", "-c", command)
    try:
        screen = functools.partial(session_screen, name)
        wait = functools.partial(wait_on_session, name, timeout=5)
        wait(lambda s: "Klondike #3" in s, "the table")
        shell = int(tmux("display", "-p", "-t", name, "#{pane_pid}").strip())
        game = int(subprocess.run(["pgrep", "-P", str(shell)], capture_output=True, text=True).stdout.split()[0])
        tmux("send-keys", "-t", name, "d")
        wait(lambda s: clock_seconds(s) == 1, "the clock running")
        os.kill(game, signal.SIGSTOP)
        time.sleep(5)  # the stop itself, what the test is about
        os.kill(game, signal.SIGCONT)
        wait(lambda s: clock_seconds(s) == 2, "the clock going on from where it was")
        assert clock_seconds(screen()) < 5, screen()
    finally:
        tmux("kill-session", "-t", name, check=False)


@test
def a_tiny_terminal_says_what_it_needs_and_recovers():
    pane = Pane()
    try:
        tmux("resize-window", "-t", pane.name, "-x", "10", "-y", "5")
        pane.wait_for(lambda s: "too small" in s and "need" in s, "the too-small message")
        tmux("resize-window", "-t", pane.name, "-x", str(WIDTH), "-y", str(HEIGHT))
        pane.wait_for(lambda s: "Sandbox" in s, "the table again")
    finally:
        pane.close()


@test
def preview_watch_redraws_on_save_and_on_rename_and_shows_errors():
    import shutil
    import tempfile
    folder = tempfile.mkdtemp()
    path = os.path.join(folder, "mine.toml")
    shutil.copy(os.path.join(REPO, "layouts/sandbox.toml"), path)
    name = "w%d" % os.getpid()
    tmux("new-session", "-d", "-s", name, "-x", "90", "-y", "20",
         "env", "TERM=xterm-256color", "LANG=C.UTF-8", *home_environment(fresh_home()), BINARY, "preview", path, "--watch")
    try:
        screen = functools.partial(session_screen, name)
        wait = functools.partial(wait_on_session, name, timeout=2.0)

        wait(lambda s: s.count("┌fre") == 6 and "trash" in s, "six named slots")
        text = open(path).read()
        # A save in place.
        start = time.monotonic()
        open(path, "w").write(text.replace("F F F F F F . X", "F F F . X"))
        took = wait(lambda s: s.count("┌fre") == 3, "three slots after the save") - start
        print("  redrawn %.0f ms after a save" % (took * 1000))
        # A save the way many editors do it: a temporary file renamed over the original.
        broken = text.replace('kind = "free"', 'kind = "fre"')
        open(path + ".tmp", "w").write(broken)
        os.rename(path + ".tmp", path)
        wait(lambda s: "did you mean" in s and "mine.toml:" in s and s.count("┌fre") == 3,
             "the error over the last good drawing")
        open(path, "w").write(text)
        wait(lambda s: s.count("┌fre") == 6 and "did you mean" not in s, "the fixed file drawn")
        tmux("send-keys", "-t", name, "q")
    finally:
        tmux("kill-session", "-t", name, check=False)
        shutil.rmtree(folder)


@test
def preview_watch_redraws_when_the_layouts_script_is_saved():
    import shutil
    folder = tempfile.mkdtemp()
    layout = os.path.join(folder, "mine.toml")
    script = os.path.join(folder, "mine.lua")
    text = open(os.path.join(REPO, "layouts/klondike-lua.toml")).read()
    open(layout, "w").write(text.replace('script = "klondike.lua"', 'script = "mine.lua"'))
    source = open(os.path.join(REPO, "layouts/klondike.lua")).read()
    open(script, "w").write(source)
    name = "l%d" % os.getpid()
    tmux("new-session", "-d", "-s", name, "-x", "90", "-y", "30",
         "env", "TERM=xterm-256color", "LANG=C.UTF-8", *home_environment(fresh_home()), BINARY, "preview", layout, "--watch")
    try:
        screen = functools.partial(session_screen, name)
        wait = functools.partial(wait_on_session, name, timeout=2.0)

        def face_down(s):
            """Face-down cards whose top edge shows (each column's first is under its slot's name)."""
            return s.count("╭───────╮")

        wait(lambda s: "Preview of Klondike (Lua)" in s and face_down(s) == 15, "the deal, 21 cards face down")
        # A save in place: the deal turns every card face up.
        start = time.monotonic()
        open(script, "w").write(source.replace("column == row)", "true)"))
        took = wait(lambda s: face_down(s) == 0 and "Preview of" in s, "the new deal after the script's save") - start
        print("  redrawn %.0f ms after the script was saved" % (took * 1000))
        # A syntax error, saved as many editors do (a temporary file renamed over the script): named
        # at its line and column over the last good drawing.
        line = source.split("\n").index("function is_won()") + 2
        open(script + ".tmp", "w").write(source.replace("function is_won()", "function is_won("))
        os.rename(script + ".tmp", script)
        wait(lambda s: "%s:%d:3: error:" % (script, line) in s and "last good drawing" in s and face_down(s) == 0,
             "the script's error over the last good drawing")
        open(script, "w").write(source)
        wait(lambda s: face_down(s) == 15 and "error" not in s, "the fixed script's deal")
        tmux("send-keys", "-t", name, "q")
    finally:
        tmux("kill-session", "-t", name, check=False)
        shutil.rmtree(folder)


@test
def check_names_a_broken_scripts_line_and_column():
    import shutil
    folder = tempfile.mkdtemp()
    script = os.path.join(folder, "broken.lua")
    layout = os.path.join(folder, "broken.toml")
    source = "function can_dorp(from, count, to)\n  return true\nend\n\nfunction is_won()\n  local x = = 1\nend\n"
    open(script, "w").write(source)
    text = open(os.path.join(REPO, "layouts/klondike-lua.toml")).read()
    open(layout, "w").write(text.replace('script = "klondike.lua"', 'script = "broken.lua"'))
    environment = dict(os.environ, **dict(pair.split("=", 1) for pair in home_environment(fresh_home())))
    try:
        error = "%s:6:13: error: unexpected symbol near '='\n" % script
        for checked in [script, layout]:
            result = subprocess.run([BINARY, "check", checked], capture_output=True, text=True, env=environment)
            assert result.returncode == 1 and result.stderr == error and result.stdout == "", \
                "check %s: %d\n%s%s" % (checked, result.returncode, result.stdout, result.stderr)
        # Mended, the misspelt hook is a warning and the script passes.
        open(script, "w").write(source.replace("= = 1", "= 1"))
        result = subprocess.run([BINARY, "check", script], capture_output=True, text=True, env=environment)
        assert result.returncode == 0, result.stderr
        assert result.stderr == "%s:1:1: warning: 'can_dorp' is not a hook; did you mean 'can_drop'?\n" % script, \
            result.stderr
        # Checked with the layout beside it that names it, as the game runs it.
        assert result.stdout == "%s: ok, 1 hook: is_won, with its layout %s, 1 warning(s)\n" % (script, layout), \
            result.stdout
    finally:
        shutil.rmtree(folder)


@test
def a_shipped_free_table_deals_where_clicked():
    name = "k%d" % os.getpid()
    tmux("new-session", "-d", "-s", name, "-x", "100", "-y", "40",
         "env", "TERM=xterm-256color", "LANG=C.UTF-8", *home_environment(fresh_home()), BINARY, "play", "free30", "--deal", "2")
    try:
        deadline = time.monotonic() + 5
        while "Free 30" not in tmux("capture-pane", "-p", "-t", name) and time.monotonic() < deadline:
            time.sleep(0.02)
        screen = tmux("capture-pane", "-p", "-t", name)
        assert "Free 30" in screen, screen
        assert screen.count("┌") == 30 and "╭" not in screen, "30 empty slots drawn:\n" + screen
        # A click on the first slot's label deals a card there.
        row = next(i for i, line in enumerate(screen.split("\n")) if "+" in line)
        column = screen.split("\n")[row].index("+")
        tmux("send-keys", "-t", name, "-l", "\x1b[<0;%d;%dM\x1b[<0;%d;%dm" % (column + 1, row + 1, column + 1, row + 1))
        deadline = time.monotonic() + 5
        while tmux("capture-pane", "-p", "-t", name).count("┌") != 29 and time.monotonic() < deadline:
            time.sleep(0.02)
        screen = tmux("capture-pane", "-p", "-t", name)
        assert screen.count("┌") == 29 and "╭" in screen, "a card dealt on the first slot:\n" + screen
    finally:
        tmux("kill-session", "-t", name, check=False)


@test
def check_reports_errors_compiler_style():
    import tempfile
    good = subprocess.run([BINARY, "check", os.path.join(REPO, "layouts/klondike.toml")],
                          capture_output=True, text=True)
    assert good.returncode == 0 and "ok" in good.stdout, good
    with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False) as f:
        f.write('name = "x"\ntitle = "X"\nmap = """\nA B\n"""\n[slots.A]\nkind = "tablaeu"\n[slots.B]\nkind = "cell"\nfan = 3\n')
    bad = subprocess.run([BINARY, "check", f.name], capture_output=True, text=True)
    os.unlink(f.name)
    assert bad.returncode == 1, bad
    assert (f.name + ":7:8: error:") in bad.stderr, bad.stderr
    assert "did you mean \"tableau\"" in bad.stderr, bad.stderr
    assert (f.name + ":10:") in bad.stderr, bad.stderr
    missing = subprocess.run([BINARY, "check", "/nonexistent/x.toml"], capture_output=True, text=True)
    assert missing.returncode == 1 and "/nonexistent/x.toml" in missing.stderr, missing


@test
def bad_command_lines_say_what_is_wrong():
    unknown = subprocess.run([BINARY, "play", "nosuch"], capture_output=True, text=True)
    assert unknown.returncode == 1 and "no layout 'nosuch'" in unknown.stderr, unknown
    size = subprocess.run([BINARY, "render", "sandbox", "--size", "0x3"], capture_output=True, text=True)
    assert size.returncode != 0 and "'0x3' is invalid for '--size" in size.stderr, size
    rendered = subprocess.run([BINARY, "render", "sandbox", "--size", "40x12", "--ascii"], capture_output=True, text=True)
    assert rendered.returncode == 0 and "Sandbox" in rendered.stdout, rendered
    for deal in ("0", "2147483648", "-3", "x"):
        bad = subprocess.run([BINARY, "play", "freecell", "--deal", deal], capture_output=True, text=True)
        assert bad.returncode != 0 and "--deal" in bad.stderr, (deal, bad)
    for option, value in (("--autoplay", "sometimes"), ("--mouse", "wheel")):
        bad = subprocess.run([BINARY, "play", "klondike", option, value], capture_output=True, text=True)
        assert bad.returncode != 0 and ("'%s' is invalid for '%s" % (value, option)) in bad.stderr, bad
    no_tty = subprocess.run([BINARY, "sandbox", "--deal", "1"], stdin=subprocess.DEVNULL, capture_output=True, text=True)
    assert no_tty.returncode == 1 and "must be a terminal" in no_tty.stderr, no_tty
    # An unknown terminal type, in a real terminal: a message, not a crash, and the pane is left as it was.
    name = "term%d" % os.getpid()
    tmux("new-session", "-d", "-s", name, "-x", "80", "-y", "10", "sh", "-c",
         "TERM=nosuchterm %s sandbox --deal 1; echo exit=$?; exec cat" % BINARY)
    try:
        deadline = time.monotonic() + 5
        while "exit=" not in tmux("capture-pane", "-p", "-t", name) and time.monotonic() < deadline:
            time.sleep(0.02)
        screen = tmux("capture-pane", "-p", "-t", name)
        assert "cannot use terminal type 'nosuchterm'" in screen and "exit=1" in screen, screen
        assert tmux("display", "-p", "-t", name, "#{mouse_any_flag}#{alternate_on}").strip() == "00"
    finally:
        tmux("kill-session", "-t", name, check=False)

def status_moves(screen):
    """The move count the status line shows ("Klondike #7 · 12 moves · 0:03"), or None."""
    lines = [line for line in screen.split("\n") if line.strip()]
    match = re.search(r"#\d+ · (\d+) moves? ·", lines[-1] if lines else "")
    return int(match.group(1)) if match else None


def last_line(pane):
    return [line for line in pane.lines() if line.strip()][-1]


def save_files(home):
    folder = os.path.join(home, ".local/state/cardtable/saves")
    return sorted(os.listdir(folder)) if os.path.isdir(folder) else []


@test
def test_kill_9_at_random_instants_loses_at_most_the_move_in_flight():
    """Klondike is killed with SIGKILL again and again at a random instant of play; each start
    after offers the game back, legal (it replays, nothing is moved aside), with every move
    the screen showed made, and at most the last key's move missing."""
    home = fresh_home()
    rng = random.Random(2026)
    arguments = ("klondike", "--deal", "7", "--no-animation")
    shown = 0
    for round in range(25):
        pane = Pane(arguments=arguments, ready="Klondike", home=home)
        try:
            if round > 0:
                screen = pane.wait_for(lambda s: "Resume Klondike #7," in s, "the resume offer")
                offered = int(re.search(r"Resume Klondike #7, (\d+) moves?", screen).group(1))
                assert offered in (shown, shown + 1), "offered %d moves, %d were shown before the kill" % (offered, shown)
                pane.type("r")
                pane.wait_for(lambda s: status_moves(s) == offered, "the resumed game's status")
                shown = offered
            # Moves one at a time, each seen on the status line; then one more, killed in flight.
            for _ in range(rng.randint(1, 4)):
                key = rng.choice("ddddu") if shown > 0 else "d"
                pane.type(key)
                want = shown + (1 if key == "d" else -1)
                pane.wait_for(lambda s: status_moves(s) == want, "move %d on the status line" % want)
                shown = want
            pane.type("d")
            time.sleep(rng.random() * 0.05)
            os.kill(pane.pid(), signal.SIGKILL)
            pane.wait_until(pane.dead, "the game to die")
        finally:
            pane.close()
        arguments = ("klondike", "--no-animation")
    assert not [name for name in save_files(home) if ".bad" in name], save_files(home)


@test
def test_two_games_at_once_keep_their_own_saves():
    """Two terminals play Klondike and a third FreeCell, all in one home: each game has its
    own save; the next start offers a game no other terminal plays, and never one that is."""
    home = fresh_home()
    first = Pane(arguments=("klondike", "--deal", "11", "--no-animation"), ready="Klondike", home=home)
    second = Pane(arguments=("klondike", "--deal", "22", "--no-animation"), ready="Klondike", home=home)
    third = Pane(arguments=("freecell", "--deal", "33", "--no-animation"), ready="FreeCell", home=home)
    try:
        for pane, count in ((first, 3), (second, 2)):
            for n in range(1, count + 1):
                pane.type("d")
                pane.wait_for(lambda s: status_moves(s) == n, "move %d" % n)
        third.type("H")
        third.key("Enter")  # the hint's card picked up, the cursor on its target
        third.wait_for(lambda s: "Carrying" in s, "the hinted card carried")
        third.key("Enter")
        third.wait_for(lambda s: status_moves(s) == 1, "a FreeCell move")
        saves = [name for name in save_files(home) if name.endswith(".save")]
        assert len(saves) == 3 and sum(name.startswith("klondike-") for name in saves) == 2, saves
        # A third Klondike while both are played: nothing to offer.
        fourth = Pane(arguments=("klondike", "--deal", "44", "--no-animation"), ready="Klondike", home=home)
        fourth.close()
        os.kill(second.pid(), signal.SIGKILL)
        second.wait_until(second.dead, "the second game to die")
        # Now the killed game is free: a new start offers it, not the one the first terminal plays.
        fifth = Pane(arguments=("klondike", "--no-animation"), ready="Klondike", home=home)
        try:
            fifth.wait_for(lambda s: "Resume Klondike #22, 2 moves" in s, "the killed game offered")
            sixth = Pane(arguments=("klondike", "--no-animation"), ready="Klondike", home=home)
            screen = sixth.wait_still()
            assert "Resume" not in screen, screen
            sixth.close()
        finally:
            fifth.close()
        first.type("d")
        first.wait_for(lambda s: status_moves(s) == 4, "the first game goes on")
    finally:
        for pane in (first, second, third):
            pane.close()


def isolated_environment(home):
    """HOME and the XDG folders in a fresh temporary folder: the real user's files are never touched."""
    return ("LANG=C.UTF-8", "HOME=" + home, "XDG_CONFIG_HOME=" + os.path.join(home, "config"),
            "XDG_STATE_HOME=" + os.path.join(home, "state"), "XDG_DATA_HOME=" + os.path.join(home, "data"))


@test
def the_settings_file_is_read_and_the_settings_screen_writes_it_back():
    import shutil
    import tempfile
    home = tempfile.mkdtemp(prefix="cardtable-settings-")
    path = os.path.join(home, "config", "cardtable", "config.toml")
    os.makedirs(os.path.dirname(path))
    original = ('# My settings: keep this comment.\nanimation = "off"   # no motion\n\n'
                '[theme]\nascii = true    # plain cards\n')
    with open(path, "w") as f:
        f.write(original)
    environment = isolated_environment(home)
    try:
        checked = subprocess.run(["env", *environment, BINARY, "check"], capture_output=True, text=True)
        assert checked.returncode == 0 and checked.stdout == path + ": ok\n", checked
        pane = Pane(environment=environment, arguments=("klondike", "--deal", "5"), ready="Klondike")
        try:
            screen = pane.wait_for(lambda s: "+--" in s, "ASCII cards, as the file says")
            assert "╭" not in screen and "♥" not in screen, screen
            pane.type("o")
            pane.wait_for(lambda s: "Settings" in s and "< off >" in s, "the settings screen on animation: off")
            pane.key("Down")
            pane.key("Down")
            pane.key("Right")
            pane.wait_for(lambda s: "< click >" in s, "the mouse set to click")
            pane.wait_until(lambda: 'mouse = "click"' in open(path).read(), "the file written")
            pane.type("q")
            pane.wait_for(lambda s: "Settings" not in s, "the settings screen closed")
            pane.type("q")
            pane.wait_until(pane.dead, "the game to quit")
        finally:
            pane.close()
        text = open(path).read()
        assert text == original.replace("# no motion\n", '# no motion\nmouse = "click"\n'), text
        # A bad value: a message naming the line, the default, and the game still starts.
        with open(path, "w") as f:
            f.write(text.replace('"off"', '"turbo"'))
        checked = subprocess.run(["env", *environment, BINARY, "check"], capture_output=True, text=True)
        assert checked.returncode == 1, checked
        assert checked.stderr.startswith(path + ':2:13: error: unknown animation "turbo"'), checked.stderr
    finally:
        shutil.rmtree(home, ignore_errors=True)


def isolated_environment(folder):
    """LANG, and HOME and the XDG folders in `folder`: the test never reads or writes the real
    user's files."""
    return ("LANG=C.UTF-8", "HOME=%s" % folder, "XDG_STATE_HOME=%s/state" % folder,
            "XDG_DATA_HOME=%s/data" % folder, "XDG_CONFIG_HOME=%s/config" % folder)


def isolated_run(arguments, folder, **options):
    """Runs cardtable with `arguments` outside a terminal, in an isolated environment."""
    environment = dict(os.environ)
    environment.update(entry.split("=", 1) for entry in isolated_environment(folder))
    return subprocess.run([BINARY, *arguments], capture_output=True, text=True, env=environment, **options)


@test
def export_prints_positions_and_fc_solve_solves_freecell_deal_1():
    import shutil
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        text = isolated_run(["export", "freecell", "--deal", "1"], folder)
        assert text.returncode == 0 and "game freecell\n" in text.stdout, text
        assert "tableau.1:    JD KD 2S 4C 3S 6D 6S\n" in text.stdout, text.stdout
        path = os.path.join(folder, "deal1.txt")
        with open(path, "w") as f:
            f.write(text.stdout)
        board = isolated_run(["export", "freecell", "--position", path, "--format", "fc-solve"], folder)
        assert board.returncode == 0 and board.stdout.startswith("Foundations: H-0 C-0 D-0 S-0\n"), board
        assert ": JD KD 2S 4C 3S 6D 6S\n" in board.stdout, board.stdout
        unfit = isolated_run(["export", "klondike", "--deal", "1", "--format", "fc-solve"], folder)
        assert unfit.returncode == 1 and "Klondike has slots of kind stock, waste" in unfit.stderr, unfit
        neither = isolated_run(["export", "freecell"], folder)
        assert neither.returncode == 1 and "--deal N or --position FILE" in neither.stderr, neither
        if shutil.which("fc-solve") is None:
            print("  (fc-solve is not installed: the board is not solved)")
            return
        solved = subprocess.run(["fc-solve"], input=board.stdout, capture_output=True, text=True, timeout=60)
        assert solved.returncode == 0 and "This game is solveable." in solved.stdout, solved


@test
def play_from_a_position_file_shows_it_and_plays_on():
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        # FreeCell's deal 1 with its 6♠ moved up to the first free cell.
        text = isolated_run(["export", "freecell", "--deal", "1"], folder).stdout
        text = text.replace("cell.1:\n", "cell.1: 6S\n").replace("3S 6D 6S\n", "3S 6D\n")
        path = os.path.join(folder, "position.txt")
        with open(path, "w") as f:
            f.write(text)
        pane = Pane(environment=isolated_environment(folder),
                    arguments=("play", "freecell", "--position", path), ready="FreeCell (set position)")
        try:
            screen = pane.wait_for(lambda s: "FreeCell (set position) · 0 moves" in status(s), "the position")
            six = find_card(screen, "6♠")
            assert six and six[1] < 5, "6♠ in a free cell, at the top:\n%s" % screen
            # It plays on: 2♥ has no place on the table, a double-click sends it to a free cell.
            two = find_card(screen, "2♥")
            pane.click(*two)
            pane.click(*two)
            pane.wait_for(lambda s: "1 move" in status(s), "the double-click's move")
            # R restarts: the position again, not a deal.
            pane.key("R")
            pane.wait_for(lambda s: find_card(s, "2♥") == two and "(set position) · 0 moves" in status(s),
                          "the position again")
            # n deals a numbered deal.
            pane.key("n")
            pane.wait_for(lambda s: "FreeCell #1 · 0 moves" in status(s), "a numbered deal")
            pane.key("q")
            pane.wait_until(pane.dead, "quit")
        finally:
            pane.close()


@test
def a_bad_position_file_is_refused_with_its_line_and_column():
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "bad.txt")
        with open(path, "w") as f:
            f.write("game freecell\ncell.1: ZZ\n")
        bad = isolated_run(["play", "freecell", "--position", path], folder, stdin=subprocess.DEVNULL)
        assert bad.returncode == 1, bad
        assert (path + ":2:9: error: 'ZZ' is not a card") in bad.stderr, bad.stderr
        assert "must be a terminal" not in bad.stderr, "refused before the terminal is asked for"
        both = isolated_run(["play", "freecell", "--position", path, "--deal", "2"], folder)
        assert both.returncode != 0 and "--deal and --position" in both.stderr, both
        board = os.path.join(folder, "board.txt")
        with open(board, "w") as f:
            f.write("Foundations: H-0 X-3\n")
        bad = isolated_run(["export", "freecell", "--position", board], folder)
        assert bad.returncode == 1 and (board + ":1:18: error: 'X-3' is not a foundation") in bad.stderr, bad


@test
def stats_reads_the_statistics_in_xdg_data_home():
    import shutil
    import tempfile
    home = tempfile.mkdtemp()
    try:
        environment = {"PATH": os.environ.get("PATH", ""), "HOME": home, "XDG_STATE_HOME": home + "/state",
                       "XDG_DATA_HOME": home + "/data", "XDG_CONFIG_HOME": home + "/config"}

        def stats(*arguments):
            return subprocess.run([BINARY, "stats", *arguments], capture_output=True, text=True, env=environment)

        none = stats()
        assert none.returncode == 0 and none.stdout == "No games played yet.\n", none
        os.makedirs(home + "/data/cardtable")
        with open(home + "/data/cardtable/statistics", "w") as f:
            f.write("cardtable statistics 1\n1763700000 won klondike 87 192.5 k-1 Klondike\n"
                    "1763700100 lost klondike 20 50 k-2 Klondike\n1763700200 wn freecell 1 2 f-1 FreeCell\n")
        table = stats()
        assert table.returncode == 0, table
        assert table.stdout.split("\n")[1].split() == ["Klondike", "2", "1", "50%", "0", "1", "3:12", "87"], table
        assert table.stderr == home + "/data/cardtable/statistics:4:12: result 'wn' is not 'won' or 'lost'\n", table
        unplayed = stats("golf")
        assert unplayed.returncode == 0 and unplayed.stdout == "No games of Golf played yet.\n", unplayed
        unknown = stats("klondyke")
        assert unknown.returncode == 1 and "did you mean 'klondike'?" in unknown.stderr, unknown
    finally:
        shutil.rmtree(home, ignore_errors=True)

@test
def test_a_killed_game_comes_back_undoes_past_the_restart_and_counts_when_quit():
    """What a new player does: two moves, the terminal killed; the game started again offers
    the game back, undo takes back the moves made before the kill; a quit after moves counts
    as lost in 'cardtable stats'."""
    home = fresh_home()
    pane = Pane(arguments=("klondike", "--deal", "5", "--no-animation"), ready="Klondike", home=home)
    try:
        for n in (1, 2):
            pane.type("d")
            pane.wait_for(lambda s: status_moves(s) == n, "move %d" % n)
        os.kill(pane.pid(), signal.SIGKILL)
        pane.wait_until(pane.dead, "the game to die")
    finally:
        pane.close()
    pane = Pane(arguments=("klondike", "--no-animation"), ready="Resume Klondike #5, 2 moves", home=home)
    try:
        pane.type("r")
        pane.wait_for(lambda s: "Resume" not in s and status_moves(s) == 2, "the game resumed")
        pane.type("u")
        pane.wait_for(lambda s: status_moves(s) == 1, "one move taken back")
        pane.type("u")
        pane.wait_for(lambda s: status_moves(s) == 0, "the move made before the kill taken back")
        pane.type("u")
        pane.wait_for(lambda s: "nothing to undo" in s, "nothing more to undo")
        pane.type("d")
        pane.wait_for(lambda s: status_moves(s) == 1, "a move")
        pane.type("q")
        pane.wait_until(pane.dead, "the game to quit")
    finally:
        pane.close()
    environment = dict(os.environ, **dict(pair.split("=", 1) for pair in home_environment(home)))
    stats = subprocess.run([BINARY, "stats", "klondike"], capture_output=True, text=True, env=environment)
    rows = [line.split() for line in stats.stdout.splitlines()]
    assert stats.returncode == 0 and ["Klondike", "1", "0", "0%"] == rows[-1][:4], stats.stdout + stats.stderr
    # The quit game stays saved, and is offered again.
    pane = Pane(arguments=("klondike", "--no-animation"), ready="Resume Klondike #5, 1 move", home=home)
    pane.close()


@test
def a_scripted_variant_plays_refuses_in_its_own_words_and_resumes_with_its_option():
    """Klondike written in Lua, turning three: a drag lands and turns a card up by the script's
    after_move, a refused drop says the script's reason, and the game resumed later still
    turns three (the option is kept in the save)."""
    home = fresh_home()
    pane = Pane(arguments=("play", "klondike-lua", "--deal", "5", "--option", "draw=3"),
                ready="Klondike (Lua) #5", home=home)
    try:
        screen = pane.screen()
        six, seven = find_card(screen, "6♠"), find_card(screen, "7♥")
        assert six and seven, screen
        pane.drag_path(six, (seven[0], seven[1] + 2))
        pane.wait_for(lambda s: find_card(s, "6♠") == (seven[0], seven[1] + 1), "6♠ on 7♥")
        pane.wait_for(lambda s: s.split("\n")[six[1] - 2][six[0] - 1:six[0] + 1] not in ("──", "░░"),
                      "the card under 6♠ turned face up by the script")
        three, target = find_card(screen, "3♦"), find_card(screen, "7♠")
        pane.drag_path(three, (target[0], target[1] + 2))
        pane.wait_for(lambda s: "a column builds down in alternate colours" in status(s), "the script's reason")
        pane.key("d")
        pane.wait_for(lambda s: status_moves(s) == 2, "the stock turned")
        pane.key("q")
        pane.wait_until(pane.dead, "quit")
    finally:
        pane.close()
    saves = [name for name in save_files(home) if name.endswith(".save")]
    assert len(saves) == 1, saves
    with open(os.path.join(home, ".local/state/cardtable/saves", saves[0])) as save:
        text = save.read()
        assert "\noption draw 3\n" in text, text
    pane = Pane(arguments=("play", "klondike-lua"), ready="Klondike (Lua)", home=home)
    try:
        pane.wait_for(lambda s: "Resume Klondike (Lua) #5, 2 moves" in s, "the resume offer")
        pane.type("r")
        pane.wait_for(lambda s: status_moves(s) == 2, "the resumed game")
        before = pane.screen().split("\n")[1]
        pane.key("d")
        pane.wait_for(lambda s: status_moves(s) == 3, "the stock turned again")
        # Three cards turned: the waste fans three, the last one's corner shows.
        pane.wait_for(lambda s: s.split("\n")[1].count("╭") >= 4 and s.split("\n")[1] != before,
                      "three cards on the waste")
    finally:
        pane.close()


@test
def a_failing_script_shows_its_error_and_the_game_goes_on():
    """A layout of the player's own whose script fails in can_drop: the panel names file, line
    and hook, any key closes it, the stock still deals, and quitting gives the terminal back."""
    home = fresh_home()
    folder = tempfile.mkdtemp(prefix="cardtable-script-")
    with open(os.path.join(folder, "broken.toml"), "w") as layout:
        layout.write('name = "broken"\ntitle = "Broken"\nscript = "broken.lua"\n'
                     'map = """\nS W . F F F F\nT T T T T T T\n"""\n[game]\n'
                     '[slots.S]\nkind = "stock"\n[slots.W]\nkind = "waste"\n[slots.F]\nkind = "foundation"\n'
                     '[slots.T]\nkind = "tableau"\nfan = "down"\ndeal-down = [0, 1, 2, 3, 4, 5, 6]\ndeal-up = 1\n')
    with open(os.path.join(folder, "broken.lua"), "w") as script:
        script.write('function can_drop(from, count, to)\n  return game.count(to) < nothing\nend\n')
    pane = Pane(arguments=("play", os.path.join(folder, "broken.toml"), "--deal", "3"), ready="Broken #3", home=home)
    try:
        pane.type("1")
        pane.key("Enter")
        pane.wait_for(lambda s: "The variant's script failed" in s and "broken.lua:2: in can_drop:" in s,
                      "the failure panel")
        pane.type("x")
        pane.wait_for(lambda s: "The variant's script failed" not in s, "the panel closed")
        pane.key("Escape")
        pane.wait_for(lambda s: "Carrying" not in status(s), "the card put back")
        assert "The variant's script failed" not in pane.screen(), "the same failure shows its panel once"
        lines = pane.screen().split("\n")
        row = next(number for number, line in enumerate(lines) if "┌" in line)
        waste = lines[row].index("┌")
        pane.key("d")
        pane.wait_for(lambda s: s.split("\n")[row][waste] == "╭", "the stock dealt a card to the waste")
        pane.key("q")
        pane.wait_until(pane.dead, "quit")
        assert pane.flags() == "0000", pane.flags()
    finally:
        pane.close()


@test
def a_new_user_copies_a_scripted_game_changes_a_rule_watches_it_and_plays_it():
    """The whole way of a script writer: `cardtable copy` writes a shipped Lua game into the
    player's layouts folder, `preview --watch` shows it, a rule changed in the script redraws the
    preview, and `cardtable play NAME` plays the changed game."""
    home = fresh_home()
    environment = dict(os.environ, **dict(pair.split("=", 1) for pair in home_environment(home)))
    result = subprocess.run([BINARY, "copy", "klondike-lua", "open-klondike"], capture_output=True, text=True,
                            env=environment)
    folder = os.path.join(home, ".config/cardtable/layouts")
    layout, script = os.path.join(folder, "open-klondike.toml"), os.path.join(folder, "open-klondike.lua")
    assert result.returncode == 0 and os.path.exists(layout) and os.path.exists(script), result
    assert "cardtable play open-klondike" in result.stdout, result.stdout
    name = "w%d" % os.getpid()
    tmux("new-session", "-d", "-s", name, "-x", "90", "-y", "30", "env", "TERM=xterm-256color", "LANG=C.UTF-8",
         *home_environment(home), BINARY, "preview", layout, "--watch")
    try:
        screen = functools.partial(session_screen, name)
        wait = functools.partial(wait_on_session, name, timeout=3.0)

        wait(lambda s: "Klondike (Lua) (open-klondike)" in s and s.count("╭───────╮") == 15, "the copy's deal")
        # One rule changed: every card of the columns is dealt face up.
        source = open(script).read()
        assert "column == row)" in source
        open(script, "w").write(source.replace("column == row)", "true)"))
        wait(lambda s: s.count("╭───────╮") == 0 and "Preview of" in s, "the preview redrawn with open columns")
        tmux("send-keys", "-t", name, "q")
    finally:
        tmux("kill-session", "-t", name, check=False)
    pane = Pane(arguments=("play", "open-klondike", "--deal", "5"), ready="q quit", home=home)
    try:
        # Deal 5's first column is A♥ in Klondike; at 80x24 face-down cards show as their top edges; the changed deal has none in the columns.
        rows = pane.screen().split("\n")[6:]
        assert "╭A♥──╮" in rows[0] and not any("╭────╮" in row for row in rows), pane.screen()
        pane.key("q")
        pane.wait_until(pane.dead, "quit")
    finally:
        pane.close()


@test
def script_options_and_copies_refused_say_why():
    """Bad `--option` and `copy` command lines: a message naming what is wrong, exit status
    not 0, and no file written over."""
    home = fresh_home()
    environment = dict(os.environ, **dict(pair.split("=", 1) for pair in home_environment(home)))

    def run(*arguments):
        return subprocess.run([BINARY, *arguments], capture_output=True, text=True, env=environment)

    cases = [
        (("play", "klondike-lua", "--option", "draw"), "--option draw: write it as NAME=VALUE, such as draw=3"),
        (("play", "klondike-lua", "--option", "=3"), "--option =3: write it as NAME=VALUE, such as draw=3"),
        (("play", "--option", "draw=3"), "--option needs the game whose option it sets"),
        (("play", "klondike-lua", "--option", "draw=2"), "klondike.lua: option draw may be 1, 3, not '2'"),
        (("play", "klondike-lua", "--option", "drew=3"), "klondike.lua: no option 'drew' (it offers: draw)"),
        (("play", "klondike", "--option", "draw=3"), "klondike is not a scripted variant: it has no option 'draw'"),
        (("copy", "nosuch", "mine"), "no shipped game 'nosuch'"),
        (("copy", "pyramid", "my pyramid"), "the new name may use letters, digits and dashes only"),
        (("copy", "pyramid", "klondike"), "'klondike' is a shipped game's name"),
    ]
    for arguments, message in cases:
        result = run(*arguments)
        assert result.returncode != 0 and message in result.stderr, (arguments, result)
    folder = tempfile.mkdtemp()
    first = run("copy", "pyramid", "mine", "--to", folder)
    assert first.returncode == 0, first
    with open(os.path.join(folder, "mine.lua"), "a") as script:
        script.write("-- changed\n")
    again = run("copy", "pyramid", "mine", "--to", folder)
    assert again.returncode == 1 and "mine.toml exists already" in again.stderr, again
    assert open(os.path.join(folder, "mine.lua")).read().endswith("-- changed\n"), "the changed script is kept"


# ---- The terminal: keys that must not freeze it, signals, terminals that cannot play, colour ----

class ShellPane:
    """cardtable run by `sh` in a pane of its own: the shell prints a line first, then, when the
    game has ended, its exit status, and stays. What the pane's programs write to the terminal is
    kept in `raw` (pipe-pane), from before the game starts."""

    MARK = "shell-screen-before-the-game"

    def __init__(self, term="xterm-256color", environment=(), arguments=("sandbox", "--deal", "1"),
                 ready="q quit", width=WIDTH, height=HEIGHT, shell=("sh", "-c")):
        self.name = "sh%d" % int(time.monotonic() * 1000000)
        self.home = fresh_home()
        self.raw_path = os.path.join(self.home, "raw-output")
        game = " ".join("'%s'" % part for part in
                        ["env", "TERM=%s" % term, "LANG=C.UTF-8", *home_environment(self.home), *environment,
                         BINARY, *arguments])
        script = "echo %s; read go; %s; echo exit=$?; exec cat" % (self.MARK, game)
        tmux("new-session", "-d", "-s", self.name, "-x", str(width), "-y", str(height), *shell, script)
        tmux("set-option", "-t", self.name, "remain-on-exit", "on")
        self.wait_for(lambda s: self.MARK in s, "the shell")
        tmux("pipe-pane", "-O", "-t", self.name, "cat > '%s'" % self.raw_path)
        tmux("send-keys", "-t", self.name, "Enter")
        if ready:
            self.wait_for(lambda s: ready in s, "the table")

    def screen(self, escapes=False):
        return tmux("capture-pane", "-p", *(["-e"] if escapes else []), "-t", self.name)

    def flags(self):
        """Mouse reporting (any mode) and the alternate screen: "00" once the terminal is given back."""
        return tmux("display", "-p", "-t", self.name, "#{mouse_any_flag}#{alternate_on}").strip()

    def raw(self):
        with open(self.raw_path, "rb") as output:
            return output.read()

    def game_pid(self):
        shell = tmux("display", "-p", "-t", self.name, "#{pane_pid}").strip()
        children = subprocess.run(["pgrep", "-P", shell], capture_output=True, text=True).stdout.split()
        return int(children[0]) if children else None

    def wait_for(self, predicate, what, timeout=8.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen()
            if predicate(screen):
                return screen
            time.sleep(0.02)
        raise AssertionError("%s: timed out waiting for %s; screen was:\n%s" % (self.name, what, self.screen()))

    def exit_status(self):
        found = re.search(r"exit=(\d+)", self.screen())
        return int(found.group(1)) if found else None

    def wait_for_exit(self, what):
        self.wait_for(lambda s: "exit=" in s, what)
        return self.exit_status()

    def close(self):
        tmux("kill-session", "-t", self.name, check=False)


# Any SGR parameter that sets a colour: 30-38, 40-48, 90-97, 100-107 (39 and 49, the terminal's
# own colours, are what tmux writes for a cell with none).
COLOUR_SGR = re.compile(r"\x1b\[([0-9;:]*)m")


def colour_parameters(text):
    found = []
    for match in COLOUR_SGR.finditer(text):
        for parameter in re.split("[;:]", match.group(1)):
            if parameter.isdigit():
                value = int(parameter)
                if 30 <= value <= 38 or 40 <= value <= 48 or 90 <= value <= 97 or 100 <= value <= 107:
                    found.append(match.group(0))
                    break
    return found


HELP_TITLE = "CardTable — "


def has_table(screen):
    return any(mark in screen for mark in ("╭", "┌", "q quit"))


@test
def no_key_freezes_the_game():
    """Every control key but Ctrl-C (quit), Ctrl-Z (suspend) and Escape is typed, each
    followed by `?`: the help must show each time (Ctrl-S stopped the output until Ctrl-Q;
    Ctrl-V quoted the next key; Ctrl-\\ ended the game with SIGQUIT)."""
    pane = ShellPane()
    try:
        for byte in [b for b in range(0x00, 0x20) if b not in (0x03, 0x1A, 0x1B)] + [0x7F]:
            tmux("send-keys", "-t", pane.name, "-H", "%02x" % byte)
            tmux("send-keys", "-t", pane.name, "?")
            pane.wait_for(lambda s: HELP_TITLE in s, "the help after byte 0x%02x" % byte, timeout=4)
            tmux("send-keys", "-t", pane.name, "x")
            pane.wait_for(lambda s: HELP_TITLE not in s, "the help closed after 0x%02x" % byte)
            assert pane.exit_status() is None, "0x%02x ended the game" % byte
        # Ctrl-S in the middle of play, then a move: it shows at once. (Tab, 0x09, took the
        # cursor to the next slot, where Ctrl-J and Enter dealt a card and picked it up: the
        # cursor goes back to the first slot, empty.)
        tmux("send-keys", "-t", pane.name, "Escape")
        pane.wait_for(lambda s: "Carrying" not in s, "the card put back")
        tmux("send-keys", "-t", pane.name, "h")
        tmux("send-keys", "-t", pane.name, "C-s", "Enter")
        pane.wait_for(lambda s: slot_top(s, 0).startswith("╭"), "a card dealt after Ctrl-S")
        tmux("send-keys", "-t", pane.name, "q")
        assert pane.wait_for_exit("q") == 0
        assert pane.flags() == "00"
    finally:
        pane.close()


def stty(tty):
    return subprocess.run(["stty", "-a", "-F", tty], capture_output=True, text=True).stdout


@test
def the_game_owns_the_keyboard_and_gives_the_players_modes_back():
    """While the game plays: no flow control, no Ctrl-V or Ctrl-O, Ctrl-\\ off, Ctrl-C and Ctrl-Z
    on. Ctrl-Z, quitting, and a SIGSTOP continued by fg each give back or take again the modes."""
    name = "kb%d" % os.getpid()
    tmux("new-session", "-d", "-s", name, "-x", str(WIDTH), "-y", str(HEIGHT), "env", "PS1=$ ",
         *home_environment(fresh_home()), "bash", "--norc", "-i")
    try:
        screen = functools.partial(session_screen, name)
        wait = functools.partial(wait_on_session, name, timeout=5, with_screen=False)

        tty = tmux("display", "-p", "-t", name, "#{pane_tty}").strip()
        wait(lambda: "$" in screen(), "the prompt")
        players = stty(tty)
        assert " ixon" in players and " iexten" in players and "quit = ^\\" in players, players
        tmux("send-keys", "-t", name, "TERM=xterm-256color LANG=C.UTF-8 %s sandbox --deal 1" % BINARY, "Enter")
        wait(lambda: "q quit" in screen(), "the table")
        games = stty(tty)
        for expected in ("-ixon", "-ixoff", "-iexten", "quit = <undef>", "intr = ^C", "susp = ^Z", "\nisig"):
            assert expected in games, "%s while playing:\n%s" % (expected, games)
        tmux("send-keys", "-t", name, "C-z")
        wait(lambda: "Stopped" in screen(), "Ctrl-Z")
        assert stty(tty) == players, "the player's modes while suspended"
        tmux("send-keys", "-t", name, "fg", "Enter")
        wait(lambda: "q quit" in screen() and stty(tty) == games, "the game's modes again after fg")
        game = int(subprocess.run(["pgrep", "-f", "%s sandbox" % BINARY], capture_output=True,
                                  text=True).stdout.split()[0])
        # A stop that is not the game's own: bash takes the terminal back; fg gives it to the game again.
        os.kill(game, signal.SIGSTOP)
        wait(lambda: stty(tty) != games, "bash's modes while the game is stopped")
        tmux("send-keys", "-t", name, "fg", "Enter")
        wait(lambda: stty(tty) == games and "q quit" in screen(), "the game's modes and table after SIGSTOP and fg")
        tmux("send-keys", "-t", name, "C-s", "Enter")
        wait(lambda: slot_top(screen(), 0).startswith("╭"), "a card dealt after Ctrl-S")
        tmux("send-keys", "-t", name, "q")
        wait(lambda: tmux("display", "-p", "-t", name, "#{alternate_on}").strip() == "0", "quit")
        wait(lambda: stty(tty) == players, "the player's modes after quitting")
    finally:
        tmux("kill-session", "-t", name, check=False)


def signals_that_end_by_default():
    """signal(7): every signal whose default action ends the process, but SIGKILL, which cannot
    be caught."""
    names = ["SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP", "SIGABRT", "SIGBUS", "SIGFPE", "SIGUSR1",
             "SIGSEGV", "SIGUSR2", "SIGPIPE", "SIGALRM", "SIGTERM", "SIGSTKFLT", "SIGXCPU", "SIGXFSZ",
             "SIGVTALRM", "SIGPROF", "SIGIO", "SIGPWR", "SIGSYS"]
    standard = [getattr(signal, name) for name in names if hasattr(signal, name)]
    return standard + list(range(signal.SIGRTMIN, signal.SIGRTMAX + 1))


IGNORED_SIGNALS = {signal.SIGPIPE, signal.SIGXFSZ}


def signal_name(number):
    try:
        return signal.Signals(number).name
    except ValueError:
        return "SIGRTMIN+%d" % (number - signal.SIGRTMIN)


def check_given_back(pane, number, status):
    what = signal_name(number)
    assert status == 128 + number, "%s: exit status %s" % (what, status)
    assert pane.flags() == "00", "%s: mouse and alternate screen %s" % (what, pane.flags())
    assert ShellPane.MARK in pane.screen(), "%s: the shell's screen is back:\n%s" % (what, pane.screen())


@test
def every_signal_that_would_end_the_game_gives_the_terminal_back():
    """Each signal, sent with kill to a game in a pane of its own: the terminal is given back
    (mouse off, the shell's main screen), and the game has gone with status 128 + the signal;
    SIGPIPE and SIGXFSZ are ignored and the game plays on. Six panes at a time."""
    numbers = signals_that_end_by_default()
    assert len(numbers) >= 50, numbers
    for start in range(0, len(numbers), 6):
        batch = numbers[start:start + 6]
        panes = []
        try:
            for _ in batch:
                panes.append(ShellPane())
            for pane, number in zip(panes, batch):
                assert pane.flags() == "11", "mouse on and the alternate screen before %s" % signal_name(number)
                pane.pid = pane.game_pid()
                os.kill(pane.pid, number)
            for pane, number in zip(panes, batch):
                if number in IGNORED_SIGNALS:
                    tmux("send-keys", "-t", pane.name, "Enter")
                    pane.wait_for(lambda s: slot_top(s, 0).startswith("╭"), "play after %s" % signal_name(number))
                    tmux("send-keys", "-t", pane.name, "q")
                    assert pane.wait_for_exit("q after %s" % signal_name(number)) == 0
                    assert pane.flags() == "00"
                    continue
                check_given_back(pane, number, pane.wait_for_exit(signal_name(number)))
                try:
                    os.kill(pane.pid, 0)
                    raise AssertionError("%s: the game is still running" % signal_name(number))
                except ProcessLookupError:
                    pass
        finally:
            for pane in panes:
                pane.close()


@test
def a_crash_signal_sent_by_another_process_ends_the_game_with_its_clock():
    """kill -SEGV or a watchdog's SIGABRT is no crash: the game ended as on SIGTERM, saved with
    its clock. It died of the signal, and its clock since the last move was lost (the save said
    0.000 s after two seconds played). Sent to one thread (tgkill, as a debugger or a watchdog
    may), it was still taken for a crash."""
    libc = ctypes.CDLL(None, use_errno=True)
    tgkill = 234 if os.uname().machine == "x86_64" else 131  # aarch64's
    for number, to_thread in ((signal.SIGSEGV, False), (signal.SIGABRT, False), (signal.SIGSEGV, True)):
        pane = ShellPane(arguments=("klondike", "--deal", "3"))
        try:
            tmux("send-keys", "-t", pane.name, "d")
            pane.wait_for(lambda s: (clock_seconds(s) or 0) >= 2, "two seconds on the clock")
            if to_thread:
                game = pane.game_pid()
                assert libc.syscall(tgkill, game, game, number) == 0, os.strerror(ctypes.get_errno())
            else:
                os.kill(pane.game_pid(), number)
            check_given_back(pane, number, pane.wait_for_exit(signal_name(number)))
            folder = os.path.join(pane.home, ".local/state/cardtable/saves")
            saves = [name for name in os.listdir(folder) if name.endswith(".save")]
            assert len(saves) == 1, saves
            with open(os.path.join(folder, saves[0])) as save:
                elapsed = float(re.search(r"^elapsed (\S+)$", save.read(), re.M).group(1))
            assert elapsed >= 2, "%s: the save's clock is %s s" % (signal_name(number), elapsed)
        finally:
            pane.close()


@test
def a_game_that_does_not_answer_still_gives_the_terminal_back():
    """Two ending signals delivered at once (the game stopped, then continued): the second finds
    the first unread, as when the game is busy, and gives the terminal back from its handler."""
    pane = ShellPane()
    try:
        game = pane.game_pid()
        os.kill(game, signal.SIGSTOP)
        os.kill(game, signal.SIGUSR1)
        os.kill(game, signal.SIGTERM)
        os.kill(game, signal.SIGCONT)
        status = pane.wait_for_exit("the forced end")
        # Whichever of the two ran second ended the game.
        check_given_back(pane, signal.SIGTERM if status == 128 + signal.SIGTERM else signal.SIGUSR1, status)
    finally:
        pane.close()


@test
def terminals_that_cannot_play_are_refused_without_a_byte_of_escape():
    """A terminal type without cursor addressing (dumb, glasstty), a generic (unknown) or hardcopy
    (lpr) one: a message, exit 1, and nothing written to the terminal but the message."""
    for term in ["dumb", "glasstty", "unknown", "lpr", "nosuchterm"]:
        if term != "nosuchterm" and subprocess.run(["infocmp", term], capture_output=True).returncode != 0:
            continue  # not in this system's terminfo
        pane = ShellPane(term=term, ready=None)
        try:
            assert pane.wait_for_exit(term) == 1, pane.screen()
            screen = pane.screen()
            if term in ("dumb", "glasstty"):
                assert "terminal type '%s' cannot move the cursor (terminfo has no cup)" % term in screen, screen
            else:
                assert "cannot use terminal type '%s'" % term in screen, screen
            assert b"\x1b" not in pane.raw(), "%s: escape sequences written: %r" % (term, pane.raw())
            assert pane.flags() == "00"
        finally:
            pane.close()


@test
def a_terminal_without_an_alternate_screen_is_cleared_on_every_way_out():
    """vt100 has no smcup and rmcup: quitting, Ctrl-Z, a signal and a crash each leave the shell
    a cleared screen instead of the table."""
    for way in ["q", "C-z", signal.SIGTERM, signal.SIGSEGV]:
        # A shell with job control, for Ctrl-Z to stop the game (it then goes on to say exit=148).
        pane = ShellPane(term="vt100", shell=("bash", "--norc", "-i", "-c"))
        try:
            if way in ("q", "C-z"):
                tmux("send-keys", "-t", pane.name, "q")
            else:
                os.kill(pane.game_pid(), way)
            pane.wait_for_exit(str(way))
            screen = pane.screen()
            assert not has_table(screen), "%s left the table on screen:\n%s" % (way, screen)
            assert pane.flags() == "00"
        finally:
            pane.close()


@test
def no_color_and_monochrome_terminals_get_no_colour_and_still_play():
    """NO_COLOR, or a terminal without colours: not one colour sequence is written (read back
    from the pane with capture-pane -e, and from the bytes written), and Klondike plays in
    reverse video and bold. With colours, the same check does find them."""
    cases = [("xterm-256color", ("NO_COLOR=1",)), ("vt100", ()), ("xterm-mono", ()), ("xterm-256color", ())]
    for term, environment in cases:
        pane = ShellPane(term=term, environment=environment, arguments=("play", "klondike", "--deal", "3"))
        try:
            # Pick up a card from the waste after a deal, show the help and settings, and move the cursor.
            for key in ["d", "w", "Enter"]:
                tmux("send-keys", "-t", pane.name, key)
            pane.wait_for(lambda s: "Carrying" in s, "a card picked up (%s %s)" % (term, environment))
            tmux("send-keys", "-t", pane.name, "Escape", "?")
            pane.wait_for(lambda s: HELP_TITLE in s, "the help")
            tmux("send-keys", "-t", pane.name, "x", "Right", "Right")
            pane.wait_for(lambda s: HELP_TITLE not in s, "the help closed")
            shown = pane.screen(escapes=True)
            tmux("send-keys", "-t", pane.name, "q")
            pane.wait_for_exit("q")
            written = pane.raw().decode("utf-8", "replace")
            if environment or term != "xterm-256color":
                assert colour_parameters(shown) == [], "%s %s shows colours: %s" % (
                    term, environment, sorted(set(colour_parameters(shown)))[:5])
                assert colour_parameters(written) == [] and "\x1b[39;49m" not in written, "%s %s wrote colours" % (
                    term, environment)
                assert "\x1b[7m" in shown or ";7m" in shown, "cards in reverse video"
            else:
                assert colour_parameters(shown) and colour_parameters(written), "the check finds colours"
        finally:
            pane.close()


# Terminal input: bytes that are not keys never act as keys, and an Escape is never lost.

def write_at_once(pane, data):
    """Writes the bytes `data` into the pane in one write, as a burst from a terminal or an ssh
    connection arrives: tmux pastes a buffer's bytes as they are (-r: newlines untouched)."""
    assert not pane.dead(), "the game quit before these bytes:\n%s" % pane.screen()
    subprocess.run(["tmux", "-L", SOCKET, "load-buffer", "-b", "raw", "-"], input=data, check=True)
    tmux("paste-buffer", "-r", "-d", "-b", "raw", "-t", pane.name)


@test
def escape_typed_at_once_before_a_key_puts_the_carried_cards_back_and_the_key_still_acts():
    # Klondike deal 5 shows A♥ 3♦ 2♣ K♣ 6♠ 7♠ 7♥ on the columns: 1 and Enter carry A♥.
    pane = Pane(arguments=("play", "klondike", "--deal", "5"), ready="Klondike #5")
    try:
        sends = [
            ("Escape l in one write", lambda: write_at_once(pane, b"\x1bl")),
            ("Escape 2 in one write", lambda: write_at_once(pane, b"\x1b2")),
            ("Escape Escape Right in one write", lambda: write_at_once(pane, b"\x1b\x1b[C")),
            ("Escape l in one send-keys", lambda: tmux("send-keys", "-t", pane.name, "-H", "1b", "6c")),
        ]
        for what, send in sends:
            pane.type("1")
            pane.key("Enter")
            pane.wait_for(lambda s: "Carrying A♥" in status(s), "A♥ carried (%s)" % what)
            send()
            # Escape put A♥ back, and the key after it moved the cursor to column 2.
            pane.wait_for(lambda s: "Carrying" not in status(s) and "picks up 3♦" in status(s),
                          "A♥ put back and the cursor on 3♦ after %s" % what)
            assert find_card(pane.screen(), "A♥") is not None, pane.screen()
        # Escape then q: the Escape does not swallow the q.
        pane.type("1")
        pane.key("Enter")
        pane.wait_for(lambda s: "Carrying A♥" in status(s), "A♥ carried")
        write_at_once(pane, b"\x1bq")
        pane.wait_until(pane.dead, "quit by the q after Escape")
    finally:
        pane.close()



@test
def a_sequence_split_after_its_escape_is_escape_and_then_the_sequence():
    """The ESC of a sequence arrives alone and is taken for Escape after 25 ms (the carried
    card goes back); the rest, arriving later, is still read as a sequence, not typed as keys."""
    pane = Pane(arguments=("play", "klondike", "--deal", "5"), ready="Klondike #5")
    try:
        for rest, cursor in [(b"[2 q", "3♦"), (b"]0;quit\x07", "3♦"), (b"P1$rq\x1b\\", "3♦"), (b"[1;5C", "2♣")]:
            pane.type("1")
            pane.key("Enter")
            pane.wait_for(lambda s: "Carrying A♥" in status(s), "A♥ carried")
            write_at_once(pane, b"\x1b")
            pane.wait_for(lambda s: "Carrying" not in status(s), "Escape alone puts A♥ back")
            write_at_once(pane, rest)
            pane.type("l")  # a key after it moves the cursor one pile right
            pane.wait_for(lambda s: ("picks up %s" % cursor) in status(s), "the cursor on %s after %r" % (cursor, rest))
            assert not pane.dead() and "Klondike #5 · 0 moves" in status(pane.screen()), pane.screen()
        pane.type("q")
        pane.wait_until(pane.dead, "quit")
    finally:
        pane.close()

# Sequences a terminal sends that are not keys; each carries bytes that would act as keys
# (q quits, n deals anew, u undoes, digits and h j k l move the cursor). No byte the tty itself
# turns into a signal (Ctrl-C, Ctrl-Z, Ctrl-\\): those never reach the decoder.
NOT_KEYS = [
    b"\x1b[2 q", b"\x1b[>q", b"\x1b[0$q", b"\x1b[4;1$y", b"\x1b[?2004;2$y", b"\x1b[27;5;113~", b"\x1b[113;5u",
    b"\x1b[1;2;3q", b"\x1b[=1c", b"\x1b[!p", b"\x1b[2;3A", b"\x1b[5Z", b"\x1b[3a",
    b"\x1b[12;40R", b"\x1b[1;1R", b"\x1b[?1;2c", b"\x1b[>0;95;0c", b"\x1b[0n", b"\x1b[8;24;80t",  # reports
    b"\x1b[1<2q", b"\x1b[1$2q", b"\x1b[1;\rq", b"\x1b[5\x7fq", b"\x1b[5\x01q", b"\x1b[" + b"1;" * 60 + b"q",  # malformed
    b"\x1bOz", b"\x1bO5z", b"\x1bO1;2;3P",
    b"\x1b]0;quit\x07", b"\x1b]11;rgb:ffff/ffff/ffff\x1b\\", b"\x1b]52;c;cXVpdA==\x07",  # OSC
    b"\x1bP1$r0;1m\x1b\\", b"\x1b_Gi=1;q\x1b\\", b"\x1b^nu q\x1b\\", b"\x1bXnu q\x1b\\",  # DCS APC PM SOS
    b"\x1b]2;\x1bq\x07", "\x1b]2;é✜q\x07".encode(), b"\x1b]0;q\x18",
    b"\x9b2 q", b"\x9d0;q\x9c", b"\x90q\x9c", b"\x9fq\x07", b"\xc2\x9b2 q", b"\xc2\x9d0;q\xc2\x9c",  # C1
    b"\x9c", b"\x85", b"\xc2\x85",
    b"\xff\xfe\xc0\xaf\xed\xa0\x80\xf5\x80",  # invalid UTF-8
    b"\x1b[I", b"\x1b[O",  # focus
    b"\x1b[<35;113;113M", b"\x1b[M#qq", b"\x1b[35;113;113M", b"\x1b[<0;113;113m",  # mouse off the table
    b"\x1b[200~qnu2\x1b[201~",  # a paste
    b"\x00",
]


@test
def bytes_that_are_not_keys_never_act_as_keys_whole_or_split():
    pane = Pane(arguments=("play", "klondike", "--deal", "5"), ready="Klondike #5")
    try:
        pane.type("3")  # the cursor on 2♣, so a key that moves it would show
        # The status line settled: the solver's word (winnable) is in before the bytes are sent.
        before = pane.wait_for(lambda s: "picks up 2♣" in status(s) and "solving…" not in status(s),
                               "the cursor on 2♣ and the solver's answer")
        write_at_once(pane, b"".join(NOT_KEYS))
        # Each one split in two writes, inside the sequence (a lone ESC is told from a
        # sequence after 25 ms; these pieces never end on one).
        for sequence in NOT_KEYS:
            cut = 2 if len(sequence) > 3 else 1
            for piece in (sequence[:cut], sequence[cut:]):
                if piece:
                    write_at_once(pane, piece)
        # A plain key sent last comes out after all of them: when it acts, they were read.
        pane.type("l")
        screen = pane.wait_for(lambda s: "picks up K♣" in status(s), "l to move the cursor to K♣")
        assert not pane.dead(), screen
        assert status(screen).replace("K♣", "2♣") == status(before), (status(before), status(screen))
        assert "Klondike #5 · 0 moves" in status(screen), status(screen)
        pane.type("q")
        pane.wait_until(pane.dead, "quit")
    finally:
        pane.close()


@test
def a_paste_is_not_typed_as_keys():
    pane = Pane(arguments=("play", "klondike", "--deal", "5"), ready="Klondike #5")
    try:
        pane.type("1")
        pane.wait_for(lambda s: "picks up A♥" in status(s), "the cursor on A♥")
        tmux("set-buffer", "-b", "pasted", "qnu2 ?")
        # -p: bracketed, as the game asked the terminal (mode 2004).
        tmux("paste-buffer", "-p", "-d", "-b", "pasted", "-t", pane.name)
        pane.type("l")
        screen = pane.wait_for(lambda s: "picks up 3♦" in status(s), "l after the paste")
        assert not pane.dead() and "Klondike #5 · 0 moves" in status(screen), screen
        pane.type("q")
        pane.wait_until(pane.dead, "quit")
    finally:
        pane.close()


# --- Hardening: overlays end drags, text that does not fit (issue 14, items 2 and 10) ---


def no_card_lifted(screen):
    """Nothing in hand: the status line says nothing of dragging or carrying."""
    return "Dragging" not in status(screen) and "Carrying" not in status(screen)


@test
def help_opened_mid_drag_leaves_no_card_lifted():
    """Press on a card with the SGR mouse, move, press `?`, release while help shows, close
    help: the card is back on its slot and nothing is lifted. Once with the drag drawn before
    `?`, once with press, motion and `?` arriving in one write (the motion not drawn yet)."""
    for together in (False, True):
        pane = Pane(ready="q quit")
        try:
            pane.click(SLOT_X[0], SLOT_Y)
            pane.wait_for(settled([0]), "a card in slot 1")
            table = pane.wait_still()
            if together:
                pane.type("\x1b[<0;%d;%dM\x1b[<32;%d;%dM?" % (SLOT_X[0], SLOT_Y, SLOT_X[0] + 4, SLOT_Y + 6))
            else:
                pane.press(SLOT_X[0], SLOT_Y)
                pane.drag(SLOT_X[0] + 2, SLOT_Y + 3)
                pane.drag(SLOT_X[0] + 4, SLOT_Y + 6)
                pane.wait_for(lambda s: "Dragging" in status(s), "the drag under way")
                pane.type("?")
            pane.wait_for(lambda s: "CardTable — Sandbox" in s, "help over the table")
            pane.drag(SLOT_X[2], SLOT_Y)
            pane.release(SLOT_X[2], SLOT_Y)  # released over empty slot 3 while help shows
            pane.wait_still()
            assert "CardTable — Sandbox" in pane.screen(), "the release leaves help up"
            pane.type("x")
            pane.wait_for(lambda s: "CardTable" not in s, "help closed")
            screen = pane.wait_still()
            assert no_card_lifted(screen), screen
            assert settled([0], [2])(screen), "the card back on slot 1, slot 3 empty:\n" + screen
            # As before the drag, but for the keyboard cursor's mark, which using the mouse hides.
            assert screen.replace("▸", " ") == table.replace("▸", " "), "as it was:\n%s\n---\n%s" % (table, screen)
            pane.key("q")
            pane.wait_until(pane.dead, "quit")
        finally:
            pane.close()



def display_cells(line):
    """A captured line as a list of its characters by screen column (a wide character fills
    two entries, the second None; marks and format characters join the character before)."""
    import unicodedata
    cells = []
    for character in line:
        if unicodedata.category(character) in ("Mn", "Me", "Cf"):
            if cells:
                cells[-1] += character
            continue
        cells.append(character)
        if unicodedata.east_asian_width(character) in ("W", "F"):
            cells.append(None)
    return cells


@test
def labels_that_do_not_fit_keep_every_slot_whole():
    """A layout whose labels are a family emoji, a letter with six accents, flags, a label far
    too long and wide characters: in a real terminal the keyboard cursor's outline around each
    slot stays whole on every row, and no joiner reaches the screen."""
    family = "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466"
    labels = [family + family, "a\u0301\u0302\u0303\u0304\u0305\u0306z", "\U0001F1EB\U0001F1F7\u200Bx",
              "a label far too long for any slot", "\u6f22\u5b57\u6f22\u5b57\u6f22\u5b57"]
    folder = tempfile.mkdtemp()
    path = os.path.join(folder, "labels.toml")
    with open(path, "w", encoding="utf-8") as f:
        f.write('name = "labels"\ntitle = "Labels %s"\nmap = """\nA B C D E\n"""\n' % family)
        for letter, label in zip("ABCDE", labels):
            f.write('[slots.%s]\nkind = "free"\nname = "g%s"\nlabel = "%s"\n' % (letter, letter, label))
    pane = Pane(arguments=("play", path), ready="q quit")
    try:
        for slot in range(5):
            if slot:
                pane.key("Right")
            screen = pane.wait_still()
            assert "\u200d" not in screen and "\u202e" not in screen, "a joiner on screen:\n" + screen
            rows = [display_cells(line) for line in screen.split("\n")]
            mark = next((y, row.index("▸")) for y, row in enumerate(rows) if "▸" in row)
            left = mark[1] + 1
            top = next(y for y in range(mark[0], -1, -1) if rows[y][left] == "┌")
            bottom = next(y for y in range(mark[0], len(rows)) if rows[y][left] == "└")
            right = rows[top].index("┐", left)
            for y in range(top + 1, bottom):
                row = rows[y] + [" "] * (right + 1 - len(rows[y]))
                assert row[left] == "│" and row[right] == "│", "slot %d, row %d broken:\n%s" % (slot, y, screen)
            assert all(cell == "─" for cell in rows[top][left + 1:right]), "slot %d top:\n%s" % (slot, screen)
            assert all(cell == "─" for cell in rows[bottom][left + 1:right]), "slot %d bottom:\n%s" % (slot, screen)
        pane.key("q")
        pane.wait_until(pane.dead, "quit")
    finally:
        pane.close()


# ---- Hostile files, preview by name, --stats targets, numbers on the command line ----


def run_isolated(*arguments, home=None, timeout=10, **options):
    """Runs cardtable outside a terminal with HOME and the XDG folders in a fresh folder."""
    environment = dict(os.environ, **dict(pair.split("=", 1) for pair in home_environment(home or fresh_home())))
    return subprocess.run([BINARY, *arguments], capture_output=True, text=True, env=environment, timeout=timeout,
                          stdin=subprocess.DEVNULL, **options)


@test
def hostile_layout_files_are_refused_at_once_by_every_command():
    """A FIFO (which would block a plain read), a device, a symbolic link loop, a 5 MB file, two
    byte order marks: each refused within a second, by name and why, whichever command reads it."""
    folder = tempfile.mkdtemp()
    fifo = os.path.join(folder, "fifo.toml")
    os.mkfifo(fifo)
    loop = os.path.join(folder, "loop.toml")
    os.symlink(loop, loop)
    big = os.path.join(folder, "big.toml")
    with open(big, "w") as f:
        f.write("x = [" + "1," * (5 << 19) + "1]\n")
    boms = os.path.join(folder, "boms.toml")
    with open(boms, "wb") as f:
        f.write(b"\xef\xbb\xbf\xef\xbb\xbfmap = \"T\"\n")
    cases = [
        (fifo, fifo + ": error: not a regular file (a FIFO)"),
        ("/dev/zero", "/dev/zero: error: not a regular file (a character device)"),
        (loop, loop + ": error: too many levels of symbolic links"),
        (big, big + ": error: the file is 5242888 bytes, larger than the 1048576 bytes (1 MB) a layout file may be"),
        (boms, boms + ":1:1: error: a byte order mark (U+FEFF) may only start the file, not be written here"),
    ]
    for path, message in cases:
        for command in (["check", path], ["play", path], ["render", path], ["export", path, "--deal", "1"]):
            start = time.monotonic()
            result = run_isolated(*command, timeout=5)
            took = time.monotonic() - start
            assert result.returncode == 1 and message in result.stderr, (command, result)
            assert took < 1.0, (command, took)
    # The same files as a --position or a settings file.
    position = run_isolated("play", "freecell", "--position", fifo, timeout=5)
    assert position.returncode == 1 and fifo + ": error: not a regular file (a FIFO)" in position.stderr, position
    settings = run_isolated("check", "--settings", loop, timeout=5)
    assert settings.returncode == 1 and "too many levels of symbolic links" in settings.stderr, settings
    script = os.path.join(folder, "fifo.lua")
    os.mkfifo(script)
    checked = run_isolated("check", script, timeout=5)
    assert checked.returncode == 1 and script + ": error: not a regular file (a FIFO)" in checked.stderr, checked


@test
def preview_by_name_follows_the_file_in_the_layouts_folder_and_its_folder_made_again():
    """`preview mine --watch` with mine.toml in $XDG_CONFIG_HOME/cardtable/layouts: a save redraws
    it; the folder removed says so on screen; the folder and file made again are drawn, and
    watched again."""
    import shutil
    home = fresh_home()
    layouts = os.path.join(home, ".config", "cardtable", "layouts")
    os.makedirs(layouts)
    path = os.path.join(layouts, "mine.toml")
    text = open(os.path.join(REPO, "layouts/sandbox.toml")).read()
    open(path, "w").write(text)
    name = "n%d" % os.getpid()
    # From another folder: the name is found in the layouts folder only.
    tmux("new-session", "-d", "-s", name, "-x", "90", "-y", "20", "-c", tempfile.gettempdir(),
         "env", "TERM=xterm-256color", "LANG=C.UTF-8", *home_environment(home), BINARY, "preview", "mine", "--watch")
    try:
        screen = functools.partial(session_screen, name)
        wait = functools.partial(wait_on_session, name, timeout=3.0)

        wait(lambda s: s.count("┌fre") == 6, "six named slots")
        open(path, "w").write(text.replace("F F F F F F . X", "F F F . X"))
        wait(lambda s: s.count("┌fre") == 3, "three slots after the save")
        shutil.rmtree(os.path.join(home, ".config"))
        wait(lambda s: "no layout 'mine'" in s and s.count("┌fre") == 3, "the folder's removal said over the drawing")
        os.makedirs(layouts)
        open(path, "w").write(text.replace("F F F F F F . X", "F F . X"))
        wait(lambda s: s.count("┌fre") == 2 and "no layout" not in s, "the file made again, drawn")
        open(path, "w").write(text)
        wait(lambda s: s.count("┌fre") == 6, "a save in the folder made again")
        tmux("send-keys", "-t", name, "q")
    finally:
        tmux("kill-session", "-t", name, check=False)
        shutil.rmtree(home, ignore_errors=True)


@test
def stats_to_a_bad_target_is_refused_before_the_game_and_a_failed_write_exits_1():
    folder = tempfile.mkdtemp()
    fifo = os.path.join(folder, "fifo")
    os.mkfifo(fifo)
    loop = os.path.join(folder, "loop")
    os.symlink(loop, loop)
    read_only = os.path.join(folder, "read-only")
    open(read_only, "w").write("x")
    os.chmod(read_only, 0o400)
    # Root writes through mode 0400: a kernel file stands in.
    unwritable = "/proc/sys/kernel/ostype" if os.getuid() == 0 else read_only
    cases = [
        ("/dev/full", "not a regular file (a character device)"),
        (os.path.join(folder, "none", "stats.txt"), "no such folder: " + os.path.join(folder, "none")),
        (fifo, "not a regular file (a FIFO)"),
        (folder, "is a directory"),
        (loop, "too many levels of symbolic links"),
        (unwritable, ""),
    ]
    for target, reason in cases:
        result = run_isolated("play", "sandbox", "--deal", "1", "--stats", target, timeout=5)
        message = "cardtable: --stats: cannot write the figures to %s: %s" % (target, reason)
        assert result.returncode == 1 and message in result.stderr, (target, result)
    # A good target gets the figures; one swapped for a FIFO during the game is said at the end,
    # exit 1, without blocking.
    for swap in (False, True):
        stats = os.path.join(folder, "stats-%d.txt" % swap)
        name = "s%d%d" % (os.getpid(), swap)
        tmux("new-session", "-d", "-s", name, "-x", "80", "-y", "24", "sh", "-c",
             "env TERM=xterm-256color LANG=C.UTF-8 %s %s sandbox --deal 1 --stats %s; echo exit=$?; exec cat"
             % (" ".join(home_environment(fresh_home())), BINARY, stats))
        try:
            deadline = time.monotonic() + 5
            while "Sandbox" not in tmux("capture-pane", "-p", "-t", name) and time.monotonic() < deadline:
                time.sleep(0.02)
            assert os.path.exists(stats), "made before the game"
            if swap:
                os.unlink(stats)
                os.mkfifo(stats)
            tmux("send-keys", "-t", name, "q")
            deadline = time.monotonic() + 5
            while "exit=" not in tmux("capture-pane", "-p", "-t", name) and time.monotonic() < deadline:
                time.sleep(0.02)
            # -J joins the message's wrapped lines.
            screen = tmux("capture-pane", "-p", "-J", "-t", name)
            if swap:
                assert "exit=1" in screen and "not a regular file (a FIFO)" in screen, screen
            else:
                assert "exit=0" in screen, screen
                assert "frames:" in open(stats).read()
        finally:
            tmux("kill-session", "-t", name, check=False)


@test
def every_number_on_the_command_line_says_its_range():
    """Each option that takes a number (found in the command line's own description, so a new one
    is tried too) refuses negative, out-of-range and non-numbers with the range it allows."""
    import json
    described = json.loads(subprocess.run([BINARY, "--experimental-dump-help"], capture_output=True,
                                          text=True, check=True).stdout)
    numeric = []
    for command in described["command"].get("subcommands", []):
        for argument in command.get("arguments", []):
            if argument.get("kind") == "option" and argument.get("valueName") in ("n", "WxH"):
                numeric.append((command["commandName"], argument["names"][0]["name"], argument["valueName"]))
    assert len(numeric) >= 4, numeric
    layout = {"play": "klondike", "export": "klondike", "render": "klondike"}
    for command, option, value_name in numeric:
        for value in ("-1", "0", "x", "99999999999999999999", "-3x4", "1001x5"):
            if value_name == "n" and "x" in value[1:]:
                continue
            result = run_isolated(command, layout.get(command, "klondike"), "--" + option, value)
            assert result.returncode != 0, (command, option, value, result)
            assert "Missing value" not in result.stderr and "from 1 to" in result.stderr, (command, option, value, result)
    too_small = run_isolated("render", "klondike", "--size", "10x5")
    assert too_small.returncode == 1 and "does not fit in 10x5" in too_small.stderr, too_small
    full = subprocess.run([BINARY, "list"], stdout=open("/dev/full", "w"), stderr=subprocess.PIPE, text=True)
    assert full.returncode == 1 and "cannot write the output" in full.stderr, full


# --- cardtable solve -----------------------------------------------------------------------


@test
def solve_prints_a_line_per_deal_in_order_and_a_summary():
    """`cardtable solve freecell --deal 1..3`: a header, three solved lines in deal order, the
    summary, exit 0; a range that goes down and a free table are refused, with the reason."""
    with tempfile.TemporaryDirectory() as folder:
        result = isolated_run(["solve", "freecell", "--deal", "1..3", "--jobs", "2"], folder, timeout=120)
        assert result.returncode == 0, result
        lines = result.stdout.splitlines()
        assert lines[0].split() == ["deal", "verdict", "moves", "positions", "seconds"], lines
        rows = [line.split() for line in lines[1:4]]
        assert [row[0] for row in rows] == ["1", "2", "3"], lines
        assert all(row[1] == "solved" and int(row[2]) > 0 and len(row) == 5 for row in rows), lines
        assert lines[4] == "3 deals: 3 solved, 0 impossible, 0 unknown", lines
        assert lines[5].startswith("time: ") and lines[5].endswith("2 jobs"), lines
        assert lines[6].startswith("positions: ") and len(lines) == 7, lines
        down = isolated_run(["solve", "freecell", "--deal", "5..3"], folder)
        assert down.returncode == 64 and "5..3 goes down: write the smaller number first, 3..5" in down.stderr, down
        free = isolated_run(["solve", "sandbox", "--deal", "1"], folder)
        assert free.returncode == 1 and "Sandbox is a free table" in free.stderr, free


# MARK: the solver at the table (still winnable?, the demo)


@test
def freecell_says_it_is_winnable_and_the_demo_plays_until_a_key_stops_it():
    # Deal 2: the solver wins it in a few hundred positions, quick even in a debug build.
    pane = Pane(arguments=("freecell", "--deal", "2"), ready="FreeCell #2")
    try:
        # Worked out in the background after the deal: the status line says so.
        pane.wait_for(lambda s: "FreeCell #2 · 0 moves · 0:00 · winnable · " in status(s), "the indicator",
                      timeout=30)
        pane.type("D")
        pane.wait_for(lambda s: "Demo: any key stops it" in status(s), "the demo")
        pane.wait_for(lambda s: (moves_made(s) or 0) >= 3, "the demo's moves, one after another", timeout=10)
        pane.type("x")  # any key stops it, and does nothing else
        screen = pane.wait_for(lambda s: status(s).lstrip().startswith("Demo stopped"), "the demo to stop")
        made = moves_made(screen)
        # No move after the stop: the count holds for three times the demo's pace.
        deadline = time.monotonic() + 1.5
        while time.monotonic() < deadline:
            assert moves_made(pane.screen()) == made, pane.screen()
            time.sleep(0.05)
        assert "· winnable ·" in status(pane.screen()), pane.screen()
        pane.type("u")  # a demo move is a move: undo takes it back
        pane.wait_for(lambda s: moves_made(s) == made - 1, "the undo")
        pane.type("q")
        pane.wait_until(pane.dead, "quit")
    finally:
        pane.close()


# --- Frames written by FrameEncoder: the colours a player sees ---------------------------------


def cell_looks(capture):
    """The cells of a `capture-pane -e` screen: per row, (character, foreground, background,
    attributes), colours as their SGR parameters; a blank that is not underlined keeps only the
    colour it shows (its foreground and bold cannot be seen)."""
    rows, foreground, background, attributes = [], "39", "49", frozenset()
    for line in capture.split("\n"):
        row, i = [], 0
        while i < len(line):
            match = re.match(r"\x1b\[([0-9;:]*)m", line[i:])
            if not match:
                row.append((line[i], foreground, background, attributes))
                i += 1
                continue
            i += len(match.group(0))
            parameters = match.group(1).replace(":", ";").split(";") if match.group(1) else ["0"]
            j = 0
            while j < len(parameters):
                p = int(parameters[j] or 0)
                if p == 0:
                    foreground, background, attributes = "39", "49", frozenset()
                elif p in (38, 48):
                    size = 3 if parameters[j + 1] == "5" else 5
                    value = ";".join(parameters[j + 1:j + size])
                    j += size - 1
                    if p == 38:
                        foreground = "f" + value
                    else:
                        background = "b" + value
                elif 30 <= p <= 37 or 90 <= p <= 97 or p == 39:
                    foreground = str(p)
                elif 40 <= p <= 47 or 100 <= p <= 107 or p == 49:
                    background = str(p)
                elif p == 22:
                    attributes = attributes - {1, 2}
                elif p in (23, 24, 27):
                    attributes = attributes - {p - 20}
                else:
                    attributes = attributes | {p}
                j += 1
        rows.append([(c, f if 7 in a else b) if c == " " and 4 not in a else (c, f, b, a) for c, f, b, a in row])
    return rows


@test
def colours_after_drags_are_those_of_a_full_redraw():
    """Cards dragged one cell at a time leave the screen as a full redraw of the same table
    draws it, cell for cell, colours and attributes included."""
    for term in ["xterm-256color", "xterm-direct", "xterm"]:
        pane = Pane(term)
        try:
            pane.click(SLOT_X[0], SLOT_Y)
            pane.click(SLOT_X[1], SLOT_Y)
            pane.wait_for(settled([0, 1]), "two cards (%s)" % term)
            pane.drag_path((SLOT_X[0], SLOT_Y), (SLOT_X[3], SLOT_Y), steps=SLOT_X[3] - SLOT_X[0])
            pane.wait_for(settled([1, 3], [0]), "the card dragged to slot 4 (%s)" % term)
            pane.drag_path((SLOT_X[1], SLOT_Y), (40, 15), steps=20)  # dropped on the felt: it flies back
            pane.wait_for(settled([1, 3]), "the card back in slot 2 (%s)" % term)
            drawn = pane.wait_still()
            looks = cell_looks(tmux("capture-pane", "-p", "-e", "-t", pane.name))
            # A resize there and back draws every cell again from a cleared screen.
            tmux("resize-window", "-t", pane.name, "-x", "100", "-y", "30")
            pane.wait_for(lambda s: s != drawn, "the table at 100x30")
            pane.wait_still()
            tmux("resize-window", "-t", pane.name, "-x", str(WIDTH), "-y", str(HEIGHT))
            redrawn = pane.wait_for(lambda s: s == drawn, "the table at %dx%d again (%s)" % (WIDTH, HEIGHT, term))
            assert redrawn == drawn
            again = cell_looks(tmux("capture-pane", "-p", "-e", "-t", pane.name))
            assert len(looks) == len(again)
            shown = {cell[1] if len(cell) == 2 else cell[2] for row in looks for cell in row}
            assert len(shown) >= 3, "felt, card faces and the status line in colours of their own (%s)" % term
            for y, (row, other) in enumerate(zip(looks, again)):
                # tmux leaves erased cells at a line's end out of a capture: compare what both show.
                for x in range(min(len(row), len(other))):
                    assert row[x] == other[x], "%s: cell %d,%d drawn %r, redrawn %r" % (term, x, y, row[x], other[x])
        finally:
            pane.close()

# --- The balls game -------------------------------------------------------------------------


@test
def balls_a_click_starts_the_level_and_another_sets_off_the_explosion():
    pane = Pane(arguments=("balls", "--seed", "1"), ready="q quit", home=fresh_home())
    try:
        pane.wait_for(lambda s: "Tap to start next level" in s, "the next level offered")
        pane.click(WIDTH // 2, HEIGHT // 2)  # SGR: starts level 1
        pane.wait_for(lambda s: re.search(r"\b0/1 · level 1 of 10", s), "the level's status, removed/target")
        assert "Tap to start next level" not in pane.screen()
        pane.click(20, 8)  # sets off the explosion there
        screen = pane.wait_for(
            lambda s: "explode" not in s and re.search(r"\b\d+/1 · level 1 of 10", s),
            "the explosion set off, the removed count shown")
        # The explosion grows from the click: half blocks around it within two seconds.
        pane.wait_for(lambda s: any(ch in "▀▄" for ch in s.split("\n")[7][15:25]), "the explosion drawn")
        pane.type("q")
        pane.wait_until(pane.dead, "cardtable to quit")
    finally:
        pane.close()

# ---- The layout designer ----

def design_cell(row, column):
    """The 1-based SGR cell at the middle of grid cell (row, column) on the designer's felt at
    80x24: 7x5 cards every 9 columns and 6 rows from column 2, row 4."""
    return 2 + 9 * column + 3, 4 + 6 * row + 2


def palette_item(screen, kind):
    """The 1-based SGR cell of a kind's name in the designer's palette (row 2)."""
    line = screen.split("\n")[1]
    at = line.find(" " + kind + " ", line.find("New slot:"))
    assert at >= 0, "no %s in the palette: %r" % (kind, line)
    return at + 3, 2


@test
def a_table_is_designed_with_the_mouse_saved_checked_previewed_and_played():
    folder = tempfile.mkdtemp(prefix="cardtable-design-")
    path = os.path.join(folder, "mine.toml")
    pane = Pane(arguments=("design", path), ready="Designing mine.toml")
    watch = "p%d" % os.getpid()
    try:
        assert "new layout: mine.toml is made when you save" in pane.screen(), pane.screen()
        # A stock dragged out of the palette onto the felt.
        pane.drag_path(palette_item(pane.screen(), "stock"), design_cell(0, 0))
        pane.wait_for(lambda s: "stock made" in status(s) and "┌stock┐" in s, "the stock made")
        # The tableau chosen in the palette, two clicks on the felt.
        pane.click(*palette_item(pane.screen(), "tableau"))
        pane.wait_for(lambda s: "▸tableau" in s, "the tableau chosen")
        pane.click(*design_cell(1, 0))
        pane.wait_for(lambda s: "tableau made" in status(s), "a tableau made")
        pane.click(*design_cell(1, 1))
        clicked = time.monotonic()
        pane.wait_for(lambda s: "tableau.2 made" in status(s), "a second tableau made")
        # A press where the last click was, sooner, would be its double-click (which opens the panel).
        pane.wait_until(lambda: time.monotonic() - clicked > 0.4, "the double-click interval")
        # Moved two cells right, it lands on the grid.
        pane.drag_path(design_cell(1, 1), design_cell(1, 3), steps=9)
        pane.wait_for(lambda s: "tableau.2 moved" in status(s), "tableau.2 moved")
        # Pressed only once it has settled there (while it settles, the press finds the felt).
        pane.wait_still()
        # Dropped on tableau.1 it is refused and snaps back.
        pane.drag_path(design_cell(1, 3), design_cell(1, 0), steps=9)
        pane.wait_for(lambda s: "refused: slot 'tableau.2' overlaps slot 'tableau.1'" in status(s), "the overlap refused")
        screen = pane.wait_still()
        assert screen.split("\n")[9][28:35] == "┌tab.2┐", screen
        assert "●" in screen.split("\n")[0], "unsaved changes are marked"
        # Ctrl-S saves; the file checks clean.
        pane.type("\x13")
        pane.wait_for(lambda s: "saved mine.toml" in status(s), "the file saved")
        assert "●" not in pane.screen().split("\n")[0]
        checked = subprocess.run([BINARY, "check", path], capture_output=True, text=True)
        assert checked.returncode == 0 and "ok, 3 slots" in checked.stdout, checked.stdout + checked.stderr
        # preview --watch in a second terminal redraws from each save.
        tmux("new-session", "-d", "-s", watch, "-x", "80", "-y", "24",
             "env", "TERM=xterm-256color", "LANG=C.UTF-8", *home_environment(fresh_home()), BINARY, "preview", path,
             "--watch")
        wait_on_session(watch, lambda s: s.count("┌tab") == 2 and "stock" in s, "the preview of the saved table")
        # The stock to the trash, saved again: the preview has two slots.
        trash = next((row + 1 for row, line in enumerate(pane.lines()) if "drop to delete" in line), None)
        assert trash, pane.screen()
        pane.drag_path(design_cell(0, 0), (67, trash), steps=12)
        pane.wait_for(lambda s: "stock deleted" in status(s), "the stock deleted")
        pane.type("\x13")
        pane.wait_for(lambda s: "saved mine.toml" in status(s), "saved again")
        wait_on_session(watch, lambda s: "stock" not in s and s.count("┌tab") == 2, "the preview redrawn from the save")
        # t plays it (a free table: a click deals a card), t comes back.
        pane.type("t")
        pane.wait_for(lambda s: "back to the designer" in s, "the table played")
        pane.type("t")
        pane.wait_for(lambda s: "Designing mine.toml" in s, "back in the designer")
        pane.type("q")
        pane.wait_until(pane.dead, "the designer to quit")
        assert pane.flags() == "0000", "the terminal given back: %s" % pane.flags()
    finally:
        tmux("kill-session", "-t", watch, check=False)
        pane.close()
        shutil.rmtree(folder, ignore_errors=True)


@test
def the_designer_keeps_unsaved_changes_when_a_hangup_ends_it_and_refuses_a_shipped_game():
    folder = tempfile.mkdtemp(prefix="cardtable-design-")
    path = os.path.join(folder, "mine.toml")
    pane = Pane(arguments=("design", path), ready="Designing mine.toml")
    try:
        pane.click(*design_cell(0, 0))
        pane.wait_for(lambda s: "free made" in status(s), "a slot made")
        pane.type("q")
        pane.wait_for(lambda s: "Save changes to mine.toml?" in s, "quitting asks first")
        pane.key("Escape")
        pane.wait_for(lambda s: "go on designing" in s, "the question answered")
        os.kill(pane.pid(), signal.SIGHUP)
        pane.wait_until(pane.dead, "the designer to end")
        assert not os.path.exists(path), "the file is left as it was (not there)"
        kept = open(path + ".unsaved").read()
        assert 'kind = "free"' in kept, kept
        checked = subprocess.run([BINARY, "check", path + ".unsaved"], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr
        shipped = subprocess.run([BINARY, "design", "klondike"], capture_output=True, text=True)
        assert shipped.returncode == 1 and "cardtable copy klondike my-klondike" in shipped.stderr, shipped.stderr
    finally:
        pane.close()
        shutil.rmtree(folder, ignore_errors=True)


# ---- Gamepads: named pipes in a device folder stand in for pads ----

def gamepad_record(kind, code, value):
    """One evdev `input_event` as 64-bit Linux writes it: a zero time, type, code, value."""
    import struct
    return struct.pack("<qqHHi", 0, 0, kind, code, value)


def gamepad_press(code):
    """A button's press and release, each followed by a sync record."""
    return b"".join(gamepad_record(*r) for r in ((1, code, 1), (0, 0, 0), (1, code, 0), (0, 0, 0)))


@test
def a_gamepad_plugged_in_plays_a_move_and_its_unplugging_is_said():
    folder = tempfile.mkdtemp(prefix="cardtable-pads-")
    pane = Pane(extra=("--gamepads", folder), ready="Sandbox")
    writer = None
    try:
        path = os.path.join(folder, "event5")
        os.mkfifo(path)
        writer = os.open(path, os.O_RDWR | os.O_NONBLOCK)  # held open, as a device stays open
        pane.wait_for(lambda s: "Gamepad connected: gamepad (event5)" in s, "the pad said connected")
        os.write(writer, gamepad_press(0x130))  # south: deals a card on the first slot, as Enter
        def card_column(screen):
            """Where the dealt card's top-left label is, or None."""
            for line in screen.split("\n"):
                if "╭4♥" in line:
                    return line.index("╭4♥")
            return None

        dealt = pane.wait_for(lambda s: card_column(s) is not None, "a card dealt by the south button")
        first = card_column(dealt)
        os.write(writer, gamepad_press(0x130) + gamepad_press(0x223) + gamepad_press(0x130))  # pick up, right, drop
        pane.wait_for(lambda s: (card_column(s) or 0) > first,
                  "the card carried one slot right and dropped")
        os.unlink(path)
        pane.wait_for(lambda s: "Gamepad disconnected: gamepad (event5)" in s, "the pad said disconnected")
        pane.type("q")
        pane.wait_until(pane.dead, "cardtable to quit")
    finally:
        if writer is not None:
            os.close(writer)
        pane.close()
        shutil.rmtree(folder, ignore_errors=True)


# ---- A second screen: `cardtable screen` in another pane ----

def fresh_runtime_folder():
    """A new XDG_RUNTIME_DIR, the player's alone, as the system makes one."""
    folder = tempfile.mkdtemp(prefix="cardtable-run-")
    os.chmod(folder, 0o700)
    return folder


def game_in(runtime, arguments, ready):
    """A game whose second-screen socket is in `runtime` (its XDG_RUNTIME_DIR)."""
    return Pane(arguments=arguments, ready=ready, environment=("LANG=C.UTF-8", "XDG_RUNTIME_DIR=%s" % runtime))


class ScreenPane:
    """A shell in a pane of its own that runs `cardtable screen ARGUMENTS` each time it is told
    (`join`), printing the exit status after each; what it printed stays on its main screen."""

    def __init__(self, runtime, arguments=(), width=100, height=30, term="xterm-256color", runs=2):
        self.name = "scr%d" % int(time.monotonic() * 1000000)
        command = " ".join("'%s'" % part for part in
                           ["env", "TERM=%s" % term, "LANG=C.UTF-8", "XDG_RUNTIME_DIR=%s" % runtime,
                            BINARY, "screen", *arguments])
        # Each exit status goes to a file as well: after a SIGKILL the shell may print before the
        # game has given the main screen back, and what it printed then is on the alternate one.
        self.statuses = os.path.join(tempfile.mkdtemp(prefix="cardtable-screen-"), "statuses")
        script = "echo ready; " + ("read go; %s; s=$?; echo exit=$s; echo $s >> '%s'; " % (
            command, self.statuses)) * runs + "exec cat"
        tmux("new-session", "-d", "-s", self.name, "-x", str(width), "-y", str(height), "sh", "-c", script)
        tmux("set-option", "-t", self.name, "remain-on-exit", "on")
        self.wait_for(lambda s: "ready" in s, "the shell")
        self.runs = 0

    def join(self):
        self.runs += 1
        tmux("send-keys", "-t", self.name, "Enter")

    def screen(self):
        return tmux("capture-pane", "-p", "-J", "-t", self.name)  # lines wrapped by the width joined

    def flags(self):
        """Mouse reporting (any mode) and the alternate screen: "00" once given back."""
        return tmux("display", "-p", "-t", self.name, "#{mouse_any_flag}#{alternate_on}").strip()

    def type(self, text):
        tmux("send-keys", "-t", self.name, "-l", text)

    def key(self, name):
        tmux("send-keys", "-t", self.name, name)

    def click(self, x, y):
        self.type("\x1b[<0;%d;%dM" % (x, y))
        self.type("\x1b[<0;%d;%dm" % (x, y))

    def drag_path(self, start, end, steps=6):
        (x0, y0), (x1, y1) = start, end
        self.type("\x1b[<0;%d;%dM" % (x0, y0))
        for i in range(1, steps + 1):
            self.type("\x1b[<32;%d;%dM" % (x0 + (x1 - x0) * i // steps, y0 + (y1 - y0) * i // steps))
        self.type("\x1b[<0;%d;%dm" % (x1, y1))

    def client_pid(self):
        shell = tmux("display", "-p", "-t", self.name, "#{pane_pid}").strip()
        children = subprocess.run(["pgrep", "-P", shell], capture_output=True, text=True).stdout.split()
        return int(children[0]) if children else None

    def exits(self):
        if not os.path.exists(self.statuses):
            return []
        with open(self.statuses) as lines:
            return [int(line) for line in lines.read().split()]

    def wait_for(self, predicate, what, timeout=8.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen()
            if predicate(screen):
                return screen
            time.sleep(0.02)
        raise AssertionError("%s: timed out waiting for %s; screen was:\n%s" % (self.name, what, self.screen()))

    def wait_for_exit(self, what, timeout=8.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if len(self.exits()) >= self.runs:
                return self.exits()[-1]
            time.sleep(0.02)
        raise AssertionError("%s: timed out waiting for %s; screen was:\n%s" % (self.name, what, self.screen()))

    def close(self):
        tmux("kill-session", "-t", self.name, check=False)
        shutil.rmtree(os.path.dirname(self.statuses), ignore_errors=True)


def is_controller(screen):
    return "on the second screen" in screen.split("\n")[0]


def has_cards(screen):
    return "╭" in screen


def button(screen, label):
    """The 1-based (column, row) of a controller button's label, e.g. "u undo"."""
    for row, line in enumerate(screen.split("\n")):
        at = line.find(" %s " % label)
        if at >= 0:
            return at + 2, row + 1
    raise AssertionError("no button %r on:\n%s" % (label, screen))


@test
def a_second_screen_joins_plays_a_move_on_each_is_killed_and_joins_again():
    runtime = fresh_runtime_folder()
    game = game_in(runtime, ("play", "klondike", "--deal", "5"), "Klondike #5")
    second = ScreenPane(runtime)
    try:
        second.join()
        table = second.wait_for(lambda s: find_card(s, "6♠") and "Second screen joined" in s,
                                "the table on the second screen")
        game.wait_for(is_controller, "the controller on the first")
        assert "Joining" not in table, "what cardtable screen says stays on the main screen"
        # A move on the second screen with the mouse: 6♠ dragged onto 7♥.
        six, seven = find_card(table, "6♠"), find_card(table, "7♥")
        second.drag_path(six, (seven[0], seven[1] + 2))
        second.wait_for(lambda s: find_card(s, "6♠") == (seven[0], seven[1] + 1), "6♠ on 7♥ on the second screen")
        game.wait_for(lambda s: "1. Move 6♠ onto 7♥" in s and "1 move" in s, "the move listed on the first")
        # A move on the first terminal with a key, and one with its mouse (the undo button).
        game.key("d")
        game.wait_for(lambda s: "2. Deal from the stock" in s, "a deal from the first terminal")
        second.wait_for(lambda s: s.split("\n")[1].count("╭") >= 2, "the waste dealt on the second screen")
        game.click(*button(game.screen(), "u undo"))
        game.wait_for(lambda s: "1 move ·" in s and "2. Deal" not in s, "undone by the first terminal's mouse")
        assert second.flags() == "11" and game.flags() == "1111", (second.flags(), game.flags())
        # The second terminal resized: the table follows.
        tmux("resize-window", "-t", second.name, "-x", "90", "-y", "26")
        second.wait_for(lambda s: "Klondike #5" in s.rstrip("\n").split("\n")[-1] and len(s.split("\n")) <= 27,
                        "the table laid out at 90x26")
        # Killed: the table comes back at once, nothing lost, and the second terminal is given back.
        os.kill(second.client_pid(), signal.SIGKILL)
        game.wait_for(lambda s: find_card(s, "6♠") and "Second screen left: cardtable screen ended" in s,
                      "the table back on the first terminal")
        assert second.wait_for_exit("the killed client's exit") == 137
        game_screen = game.screen()
        assert "1 move" in status(game_screen), game_screen
        deadline = time.monotonic() + 3
        while second.flags() != "00" and time.monotonic() < deadline:
            time.sleep(0.02)
        assert second.flags() == "00", "mouse and alternate screen given back: %s" % second.flags()
        # The game goes on on the first terminal.
        game.click(16, 3)
        game.wait_for(lambda s: "2 moves" in status(s), "a deal by a click on the first terminal")
        # Joining again, then Ctrl-C there.
        second.join()
        game.wait_for(is_controller, "the controller again")
        second.wait_for(lambda s: "Klondike #5 · 2 moves" in s, "the table again on the second screen")
        second.key("C-c")
        assert second.wait_for_exit("the client's exit after Ctrl-C") == 0
        left = second.screen()
        assert "Left Klondike #5 (process %d): Ctrl-C here." % game.pid() in left, left
        game.wait_for(lambda s: "Second screen left: Ctrl-C there" in s and find_card(s, "6♠"), "the table back")
        assert second.flags() == "00", second.flags()
        game.key("q")
        game.wait_until(game.dead, "quit")
    finally:
        second.close()
        game.close()


@test
def screen_says_which_game_it_joins_asks_when_several_and_refuses_what_it_cannot_take():
    import socket
    runtime = fresh_runtime_folder()
    environment = dict(os.environ, XDG_RUNTIME_DIR=runtime, LANG="C.UTF-8", TERM="xterm-256color")

    def screen_command(*arguments):
        return subprocess.run([BINARY, "screen", *arguments], capture_output=True, text=True, env=environment,
                              stdin=subprocess.DEVNULL, timeout=10)

    listed = screen_command("--list")
    assert listed.returncode == 1 and "cardtable: no game is running" in listed.stderr, listed
    nothing = ScreenPane(runtime, runs=1)
    try:
        nothing.join()
        assert nothing.wait_for_exit("the client with no game") == 1
        assert "no game is running to join" in nothing.screen(), nothing.screen()
    finally:
        nothing.close()
    not_a_tty = screen_command()
    assert not_a_tty.returncode == 1 and "standard input and output must be the terminal" in not_a_tty.stderr
    games = [game_in(runtime, arguments, ready)
             for arguments, ready in ((("sandbox", "--deal", "1"), "Sandbox"),
                                      (("play", "klondike", "--deal", "5"), "Klondike #5"))]
    chooser = ScreenPane(runtime, runs=1)
    other = None
    try:
        # A stale socket, as a game killed with SIGKILL leaves: passed over and removed.
        stale_path = os.path.join(runtime, "cardtable", "game-4000000.sock")
        stale = socket.socket(socket.AF_UNIX)
        stale.bind(stale_path)
        stale.close()
        listed = screen_command("--list")
        assert listed.returncode == 0, listed
        rows = [line.split("\t") for line in listed.stdout.strip().split("\n")]
        by_pid = {int(pid): description for pid, description in rows}
        assert by_pid == {games[0].pid(): "Sandbox · 0 moves", games[1].pid(): "Klondike #5 · 0 moves"}, rows
        assert not os.path.exists(stale_path), "the stale socket is removed"
        order = sorted(by_pid)
        # Several games: it asks which.
        chooser.join()
        chooser.wait_for(lambda s: "Join which (1-2)?" in s, "the question")
        assert "1. %s (process %d)" % (by_pid[order[0]], order[0]) in chooser.screen(), chooser.screen()
        chooser.type("2")
        chooser.key("Enter")
        joined = games[0] if games[0].pid() == order[1] else games[1]
        joined.wait_for(is_controller, "the second game listed joined")
        # A second join to the same game is refused, with the reason.
        other = ScreenPane(runtime, arguments=(str(order[1]),), runs=1)
        other.join()
        assert other.wait_for_exit("the refused join") == 1
        assert "cannot join Klondike #5 · 0 moves" in other.screen() and "already shows on /dev/pts/" in \
            other.screen(), other.screen()
        assert other.flags() == "00"
        # No such game.
        missing = ScreenPane(runtime, arguments=("1",), runs=1)
        try:
            missing.join()
            assert missing.wait_for_exit("no game of process 1") == 1
            assert "no game of process 1 is running" in missing.screen(), missing.screen()
        finally:
            missing.close()
        # Garbage, and a client that says nothing: each answered, and the game never waits for them.
        path = os.path.join(runtime, "cardtable", "game-%d.sock" % games[0].pid())
        garbage = socket.socket(socket.AF_UNIX)
        garbage.connect(path)
        garbage.sendall(b"hello\n")
        garbage.settimeout(5)
        assert garbage.recv(200) == b"no 'hello' is not a request the game knows (who, join)\n"
        garbage.close()
        silent = socket.socket(socket.AF_UNIX)
        silent.connect(path)
        started = time.monotonic()
        typed = games[0]
        if typed is joined:
            typed = games[1]
        before = typed.screen()
        typed.key("Enter" if typed is games[0] else "d")
        typed.wait_for(lambda s: s != before, "the game answering while a connection says nothing", timeout=0.9)
        assert time.monotonic() - started < 0.9
        silent.settimeout(5)
        assert silent.recv(200) == b"no the request did not come whole within a second\n"
        silent.close()
        chooser.key("C-c")
        assert chooser.wait_for_exit("Ctrl-C") == 0
        joined.wait_for(lambda s: "Second screen left: Ctrl-C there" in s, "the table back")
        for game in games:
            game.key("q")
            game.wait_until(game.dead, "quit")
    finally:
        for pane in [chooser, other, *games]:
            if pane:
                pane.close()


@test
def a_second_screen_stopped_closed_or_quitting_the_game_gives_every_terminal_back():
    runtime = fresh_runtime_folder()
    game = game_in(runtime, ("balls", "--seed", "1"), "q quit")
    second = ScreenPane(runtime, runs=3)
    try:
        # SIGTERM to cardtable screen: it asks the game for its terminal back, and exits 143.
        second.join()
        second.wait_for(lambda s: "Tap to start next level" in s, "the balls on the second screen")
        game.wait_for(lambda s: is_controller(s) and "Level 1 of 10: remove 1 of 4 balls." in s,
                      "the controller with the level")
        second.click(50, 15)  # starts the level
        game.wait_for(lambda s: "0/1 removed" in s, "the level started from the second screen")
        os.kill(second.client_pid(), signal.SIGTERM)
        assert second.wait_for_exit("the client's exit after SIGTERM") == 143
        assert "Left Balls (process %d): cardtable screen was stopped." % game.pid() in second.screen()
        game.wait_for(lambda s: "Second screen left: cardtable screen was stopped" in s, "the balls back")
        assert second.flags() == "00", second.flags()
        # The second terminal closed while joined: the balls come back.
        closing = ScreenPane(runtime, runs=1)
        closing.join()
        game.wait_for(is_controller, "joined from another terminal")
        closing.close()
        game.wait_for(lambda s: "Second screen left:" in s and not is_controller(s), "the balls back after a close")
        # q on the second screen quits the game, and that terminal is given back first.
        second.join()
        second.wait_for(lambda s: "level 1 of 10" in s and "Second screen joined" in s, "joined again")
        second.type("q")
        game.wait_until(game.dead, "the game quit from the second screen")
        assert second.wait_for_exit("the client after the game ended") == 0
        assert "Left Balls (process" in second.screen() and "): the game ended." in second.screen(), second.screen()
        assert second.flags() == "00", second.flags()
        assert not os.listdir(os.path.join(runtime, "cardtable")), "the game's socket removed"
    finally:
        second.close()
        game.close()


@test
def a_game_killed_while_joined_leaves_cardtable_screen_to_restore_its_terminal():
    runtime = fresh_runtime_folder()
    game = game_in(runtime, ("sandbox", "--deal", "1"), "Sandbox")
    second = ScreenPane(runtime, runs=1)
    try:
        second.join()
        second.wait_for(lambda s: "Second screen joined" in s, "the table on the second screen")
        assert second.flags() == "11", second.flags()
        os.kill(game.pid(), signal.SIGKILL)
        assert second.wait_for_exit("cardtable screen after its game was killed") == 1
        screen = second.screen()
        assert "went away without giving this terminal back; it is restored" in screen, screen
        assert second.flags() == "00", "mouse off and the main screen back: %s" % second.flags()
        # Its modes too: a line typed now is read by the shell's cat, echoed once.
        second.type("typed after\n")
        second.wait_for(lambda s: s.count("typed after") == 2, "the line echoed by the terminal and printed by cat")
        # The killed game's socket is stale: the next look passes over it and removes it.
        listed = subprocess.run([BINARY, "screen", "--list"], capture_output=True, text=True, timeout=10,
                                env=dict(os.environ, XDG_RUNTIME_DIR=runtime))
        assert listed.returncode == 1 and "no game is running" in listed.stderr, listed
        assert not os.listdir(os.path.join(runtime, "cardtable")), "the stale socket removed"
    finally:
        second.close()
        game.close()


def rows_drawn_in_a_sizeless_pty(folder, extra_environment):
    """Plays Klondike in a pty that reports no size (0x0, as a pty nobody has sized) until its
    status line is written, then quits with q; returns the rows its cursor moves went to and
    the exit status."""
    import fcntl
    import select
    import termios
    environment = dict(os.environ)
    environment.update(entry.split("=", 1) for entry in isolated_environment(folder))
    environment.update(TERM="xterm-256color", **extra_environment)
    for name in ("COLUMNS", "LINES"):
        if name not in extra_environment:
            environment.pop(name, None)
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, bytes(8))  # rows, columns and pixels all 0
    child = subprocess.Popen([BINARY, "klondike", "--deal", "3", "--no-winnable"], stdin=slave, stdout=slave,
                             stderr=slave, env=environment, start_new_session=True)
    os.close(slave)
    output = b""
    deadline = time.monotonic() + 10
    try:
        while b"quit" not in output:
            assert time.monotonic() < deadline, "no status line: %r" % output[-300:]
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                output += os.read(master, 65536)
        os.write(master, b"q")
        status = child.wait(timeout=10)
    finally:
        if child.poll() is None:
            child.kill()
        os.close(master)
    rows = [int(row) for row in re.findall(rb"\x1b\[(\d+)(?:;\d+)?H", output)]
    regions = [(int(top), int(bottom)) for top, bottom in re.findall(rb"\x1b\[(\d+);(\d+)r", output)]
    return rows, regions, status


@test
def a_terminal_that_reports_no_size_is_drawn_at_columns_and_lines_else_terminfos():
    # The game asks the tty for its size first; when it says 0x0, COLUMNS and LINES size the
    # table, and without them the terminfo entry's 80x24. (ncurses, which draws nothing on such
    # a terminal, opens its own screen one column wide: the size must not come from it.)
    # Any scrolling region set is the whole screen: a shorter one would be left to the shell.
    with tempfile.TemporaryDirectory() as folder:
        rows, regions, status = rows_drawn_in_a_sizeless_pty(folder, {"COLUMNS": "100", "LINES": "40"})
        assert status == 0, status
        assert max(rows) == 40, "the status line goes on row 40: rows %s" % sorted(set(rows))
        assert all(region == (1, 40) for region in regions), regions
    with tempfile.TemporaryDirectory() as folder:
        rows, regions, status = rows_drawn_in_a_sizeless_pty(folder, {})
        assert status == 0, status
        assert max(rows) == 24, "terminfo's 24 lines: rows %s" % sorted(set(rows))
        assert all(region == (1, 24) for region in regions), regions


def main():
    # Nothing a test runs reads or writes the real home's saves, statistics or settings, nor
    # the real runtime folder's game sockets.
    os.environ.update(dict(pair.split("=", 1) for pair in home_environment(fresh_home())))
    os.environ["XDG_RUNTIME_DIR"] = fresh_runtime_folder()
    passed = failed = 0
    # A session that lives for the whole run: without it the server exits whenever a test's
    # last session closes, and the next test's new-session can race with that exit.
    tmux("new-session", "-d", "-s", "keepalive", "-x", "20", "-y", "5", "cat")
    try:
        # Test names after the binary run only those tests.
        chosen = sys.argv[2:]
        for function in [test for test in TESTS if not chosen or test.__name__ in chosen]:
            start = time.monotonic()
            try:
                function()
                passed += 1
                print("PASS %s (%.2fs)" % (function.__name__, time.monotonic() - start))
            except Exception as error:  # report and go on
                failed += 1
                print("FAIL %s: %s" % (function.__name__, error))
    finally:
        subprocess.run(["tmux", "-L", SOCKET, "kill-server"], capture_output=True)
    print("tmux: %d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
