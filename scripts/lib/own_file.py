"""Opening an output file the player names (a benchmark's --csv) for writing, as cardtable's
--stats does: never through another user's link, never into another user's file, FIFO or
device, and never truncated before it is known to be the player's."""
import os
import stat


def open_own_file(path):
    """A text file open for writing at `path`, emptied: made afresh (0644) or the player's own
    regular file. A link at the end of the path is refused whoever made it (O_NOFOLLOW): an
    output named in /tmp could be another user's link to a file of the player's."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, 0o644)
    except OSError as error:
        raise SystemExit("%s: cannot write: %s" % (path, error.strerror))
    status = os.fstat(descriptor)
    if not stat.S_ISREG(status.st_mode) or status.st_uid != os.getuid():
        os.close(descriptor)
        raise SystemExit("%s: not written: not a regular file of yours" % path)
    os.set_blocking(descriptor, True)
    os.ftruncate(descriptor, 0)
    return os.fdopen(descriptor, "w")
