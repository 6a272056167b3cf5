"""Starting a program in a pseudo-terminal and reading what it writes, for the benchmarks that
time a launch (scripts/bench-side-by-side, scripts/bench-first-frame-ab)."""
import fcntl
import os
import select
import signal
import struct
import termios
import time


def spawn(argv, environment, file_actions):
    """posix_spawn (a vfork and exec: a fork of this Python would add milliseconds) in a new
    session, with default signal dispositions (Python ignores SIGPIPE)."""
    return os.posix_spawn(argv[0], argv, environment, file_actions=file_actions, setsid=True,
                          setsigdef=(signal.SIGPIPE, signal.SIGXFSZ, signal.SIGINT, signal.SIGTERM))


def spawn_in_pty(argv, environment, columns, rows):
    """Starts `argv` on a new pty of `columns` x `rows`, the pty its controlling terminal.
    Returns the pid, the pty's master side and perf_counter_ns() just before the spawn."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    # After setsid the child opens the pty as its stdin, which makes it the controlling terminal.
    actions = [(os.POSIX_SPAWN_OPEN, 0, os.ttyname(slave), os.O_RDWR, 0), (os.POSIX_SPAWN_DUP2, 0, 1),
               (os.POSIX_SPAWN_DUP2, 0, 2)]
    start = time.perf_counter_ns()
    pid = spawn(argv, environment, actions)
    os.close(slave)
    return pid, master, start


def read_burst(master, quiet, limit, start_deadline=None):
    """Reads what the program writes until it is silent for `quiet` seconds (or `limit` passes).
    Returns the bytes and the clock at the last byte (None if nothing came)."""
    chunks, last = [], None
    end = time.perf_counter() + limit
    while True:
        now = time.perf_counter()
        if now >= end:
            break
        wait = min(quiet, end - now) if last is not None else min(start_deadline or limit, end - now)
        ready, _, _ = select.select([master], [], [], wait)
        if not ready:
            break
        try:
            data = os.read(master, 65536)
        except OSError:  # EIO: the program is gone
            break
        if not data:
            break
        last = time.perf_counter_ns()
        chunks.append(data)
    return b"".join(chunks), last


def first_frame(master, start, marker, frame_gap, timeout, clean=lambda data: data):
    """Reads bursts until one ends with `marker` in all that came (after `clean`), a burst
    ending at `frame_gap` seconds of silence. Returns the bytes and the nanoseconds from `start`
    to the frame's last byte, or the bytes and None when `timeout` seconds pass first."""
    seen = b""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        burst, last = read_burst(master, frame_gap, deadline - time.perf_counter())
        if last is None:
            break
        seen += burst
        if marker in clean(seen):
            return seen, last - start
    return seen, None
