#define _GNU_SOURCE
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include "include/terminal_shim.h"

#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <ncursesw/ncurses.h>
#include <ncursesw/term.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>

unsigned int ct_attr_bold(void) { return (unsigned int)A_BOLD; }
unsigned int ct_attr_dim(void) { return (unsigned int)A_DIM; }
unsigned int ct_attr_italic(void) { return (unsigned int)A_ITALIC; }
unsigned int ct_attr_underline(void) { return (unsigned int)A_UNDERLINE; }
unsigned int ct_attr_reverse(void) { return (unsigned int)A_REVERSE; }
int ct_color_pairs(void) { return COLOR_PAIRS; }

// MARK: Output

static int output_fd = 1;
static int input_fd = 0;

// Bytes this process has written with write(2) and friends, from /proc/self/io ("wchar").
// ncurses writes to the terminal's descriptor itself, so the kernel's count is the honest one.
static unsigned long long process_bytes_written(void) {
    int fd = open("/proc/self/io", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    char buffer[512];
    ssize_t n = read(fd, buffer, sizeof buffer - 1);
    close(fd);
    if (n <= 0) return 0;
    buffer[n] = 0;
    const char *wchar = strstr(buffer, "wchar:");
    if (!wchar) return 0;
    return strtoull(wchar + 6, NULL, 10);
}

static unsigned long long bytes_baseline = 0;

unsigned long long ct_bytes_written(void) { return process_bytes_written() - bytes_baseline; }

int ct_locale_character(unsigned int scalar, char *buffer) {
    mbstate_t state;
    memset(&state, 0, sizeof state);
    char bytes[MB_LEN_MAX > 16 ? MB_LEN_MAX : 16];
    size_t length = wcrtomb(bytes, (wchar_t)scalar, &state);
    if (length == (size_t)-1 || length > 16) return -1;
    memcpy(buffer, bytes, length);
    return (int)length;
}

void ct_write_bytes(const unsigned char *bytes, unsigned long size) {
    unsigned long done = 0;
    while (done < size) {
        ssize_t n = write(output_fd, bytes + done, size - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return;   // the terminal is gone
        }
        done += (unsigned long)n;
    }
}

void ct_write_raw(const char *text) { ct_write_bytes((const unsigned char *)text, strlen(text)); }

// Another terminal's terminfo entry, read while an ncurses screen may be open on the first:
// setupterm makes the new entry current (for the open screen too) and sets LINES and COLS from
// the other terminal's size, so the screen's entry and its size are put back afterwards.
struct saved_terminal {
    TERMINAL *entry;
    int screen_lines, screen_columns;  // not `lines` and `columns`: term.h's capability macros
};

static struct saved_terminal begin_other_terminal(void) {
    struct saved_terminal saved = {.entry = cur_term, .screen_lines = LINES, .screen_columns = COLS};
    return saved;
}

static void end_other_terminal(struct saved_terminal saved) {
    if (cur_term != NULL && cur_term != saved.entry) del_curterm(cur_term);
    if (saved.entry != NULL) set_curterm(saved.entry);
#if !NCURSES_REENTRANT
    if (saved.entry != NULL) {
        LINES = saved.screen_lines;
        COLS = saved.screen_columns;
    }
#endif
}

// Where ncurses draws nothing, its windows are one column wide (ct_open_screen), and the size it
// would have given when the tty does not say is kept here: LINES and COLUMNS, else terminfo's.
static int fallback_columns = 0, fallback_lines = 0;

// A positive number from the environment, else 0.
static int environment_number(const char *name) {
    const char *text = getenv(name);
    int value = text ? atoi(text) : 0;
    return value > 0 ? value : 0;
}

// Sets an environment variable to `value`, or removes it when `value` is NULL.
static void set_environment(const char *name, const char *value) {
    if (value) setenv(name, value, 1);
    else unsetenv(name);
}

int ct_open_screen(int in_fd, int out_fd, int draws, int largest_columns, int largest_lines) {
    input_fd = in_fd;
    output_fd = out_fd;
    bytes_baseline = process_bytes_written();
    FILE *out = fdopen(dup(out_fd), "w");
    FILE *in = fdopen(dup(in_fd), "r");
    if (!out || !in) return -1;
    if (draws) {
        // A tty larger than the largest area drawn: ncurses sizes its windows by LINES and
        // COLUMNS before the tty's size, so they hold at most that area (a 65535x65535 tty
        // would otherwise ask for gigabytes).
        struct winsize size;
        int capped = ioctl(out_fd, TIOCGWINSZ, &size) == 0
            && (size.ws_col > largest_columns || size.ws_row > largest_lines);
        char *lines_saved = NULL, *columns_saved = NULL;
        if (capped) {
            char *lines_value = getenv("LINES"), *columns_value = getenv("COLUMNS");
            lines_saved = lines_value ? strdup(lines_value) : NULL;
            columns_saved = columns_value ? strdup(columns_value) : NULL;
            // (Not `lines` and `columns`: term.h makes those terminfo's.)
            char row_text[16], column_text[16];
            snprintf(row_text, sizeof row_text, "%d", size.ws_row < largest_lines ? size.ws_row : largest_lines);
            snprintf(column_text, sizeof column_text, "%d",
                     size.ws_col < largest_columns ? size.ws_col : largest_columns);
            setenv("LINES", row_text, 1);
            setenv("COLUMNS", column_text, 1);
        }
        SCREEN *screen = newterm(NULL, out, in);
        if (capped) {
            set_environment("LINES", lines_saved);
            set_environment("COLUMNS", columns_saved);
            free(lines_saved);
            free(columns_saved);
        }
        if (!screen) return -1;
        set_term(screen);
    } else {
        // The size to fall back on when the tty gives none: the tty's own now, else LINES and
        // COLUMNS, else terminfo's (read before newterm, which writes its size over them).
        struct winsize size;
        if (ioctl(out_fd, TIOCGWINSZ, &size) == 0 && size.ws_row > 0 && size.ws_col > 0) {
            fallback_columns = size.ws_col;
            fallback_lines = size.ws_row;
        } else {
            fallback_columns = environment_number("COLUMNS");
            fallback_lines = environment_number("LINES");
            if (fallback_columns == 0 || fallback_lines == 0) {
                struct saved_terminal saved = begin_other_terminal();
                int status = 0;
                int found = setupterm(NULL, out_fd, &status) == OK;
                int terminfo_columns = found ? tigetnum("cols") : 0, terminfo_lines = found ? tigetnum("lines") : 0;
                end_other_terminal(saved);
                if (fallback_columns == 0) fallback_columns = terminfo_columns > 0 ? terminfo_columns : 80;
                if (fallback_lines == 0) fallback_lines = terminfo_lines > 0 ? terminfo_lines : 24;
            }
        }
        // ncurses sizes its windows by LINES and COLUMNS before the tty's size: one column wide,
        // then the player's values back. The lines stay the screen's: ncurses sets the scrolling
        // region to them, and one of a single line would be left to the shell.
        char *lines_value = getenv("LINES"), *columns_value = getenv("COLUMNS");
        char *lines_saved = lines_value ? strdup(lines_value) : NULL;
        char *columns_saved = columns_value ? strdup(columns_value) : NULL;
        char rows[16];
        snprintf(rows, sizeof rows, "%d", fallback_lines < largest_lines ? fallback_lines : largest_lines);
        setenv("LINES", rows, 1);
        setenv("COLUMNS", "1", 1);
        SCREEN *screen = newterm(NULL, out, in);
        set_environment("LINES", lines_saved);
        set_environment("COLUMNS", columns_saved);
        free(lines_saved);
        free(columns_saved);
        if (!screen) return -1;
        set_term(screen);
    }
    ct_prepare_give_back();
    return 0;
}

// MARK: What the terminal can do

// Whether the current terminfo entry has a non-empty string capability.
static int has_string(const char *name) {
    const char *value = tigetstr(name);
    return value != NULL && value != (char *)-1 && value[0] != 0;
}

// Whether a string capability, given up to two parameters and stripped of padding ($<5>),
// is exactly `expected`.
static int evaluates_to(const char *name, int first, int second, const char *expected) {
    const char *value = tigetstr(name);
    if (value == NULL || value == (char *)-1) return 0;
    const char *result = strchr(value, '%') ? tiparm(value, first, second) : value;
    if (result == NULL) return 0;
    char stripped[64];
    size_t length = 0;
    for (const char *c = result; *c && length + 1 < sizeof stripped; c++) {
        if (c[0] == '$' && c[1] == '<' && strchr(c, '>')) {
            c = strchr(c, '>');
            continue;
        }
        stripped[length++] = *c;
    }
    stripped[length] = 0;
    return strcmp(stripped, expected) == 0;
}

static int contains(const char *name, const char *part) {
    const char *value = tigetstr(name);
    return value != NULL && value != (char *)-1 && strstr(value, part) != NULL;
}

int ct_read_terminal_facts(const char *name, int fd, struct ct_terminal_facts *facts) {
    memset(facts, 0, sizeof *facts);
    int status = 0;
    struct saved_terminal saved = begin_other_terminal();
    // Refused: a hardcopy terminal (hc), an unknown or generic type (gn), no terminfo at all.
    if (setupterm(name, fd, &status) != OK) {
        end_other_terminal(saved);
        return -1;
    }
    facts->found = 1;
    facts->cursor_addressing = has_string("cup");
    facts->alternate_screen = has_string("smcup") && has_string("rmcup");
    int colors = tigetnum("colors");
    facts->colors = colors > 0 ? colors : 0;
    facts->ansi_cursor = facts->cursor_addressing && evaluates_to("cup", 4, 9, "\033[5;10H");
    facts->ecma48 = facts->ansi_cursor
        && (contains("sgr0", "\033[m") || contains("sgr0", "\033[0m"))
        && (facts->colors == 0
            || (evaluates_to("setaf", 1, 0, "\033[31m") && evaluates_to("setab", 1, 0, "\033[41m")));
    facts->attributes_off_one_by_one = evaluates_to("rmul", 0, 0, "\033[24m");
    facts->background_color_erase = tigetflag("bce") > 0;
    facts->erase_characters = evaluates_to("ech", 12, 0, "\033[12X");
    facts->erase_line = evaluates_to("el", 0, 0, "\033[K");
    facts->wraps_at_last_column = tigetflag("am") > 0 && tigetflag("xenl") <= 0;
    facts->bold = has_string("bold");
    facts->dim = has_string("dim");
    facts->italic = has_string("sitm");
    facts->underline = has_string("smul");
    facts->reverse = has_string("rev");
    end_other_terminal(saved);
    return 0;
}

// MARK: Drawing

void ct_setup_modes(int use_colour) {
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
    mousemask(ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION, NULL);
    mouseinterval(0);
    // Without colour (NO_COLOR, or a terminal without), colour is never started: ncurses then
    // writes no colour sequence at all, and every cell is in the terminal's own colours.
    if (use_colour && has_colors()) {
        start_color();
        use_default_colors(); /* colour -1: the terminal's own (a theme may keep its background) */
    }
    // The game's keyboard over cbreak, as ncurses's program mode: set again after Ctrl-Z.
    (void)ct_take_keyboard(input_fd);
    def_prog_mode();
}

int ct_screen_columns(void) { return fallback_columns > 0 ? fallback_columns : COLS; }
int ct_screen_lines(void) { return fallback_lines > 0 ? fallback_lines : LINES; }

void ct_invalidate(void) { clearok(curscr, TRUE); }

int ct_put_cell(int y, int x, const wchar_t *text, unsigned int attributes, int pair) {
    cchar_t cell;
    int extended_pair = pair;
    if (setcchar(&cell, text, (attr_t)attributes, 0, &extended_pair) != OK) return ERR;
    return mvadd_wch(y, x, &cell);
}

int ct_init_pair(int pair, int foreground, int background) {
    return init_extended_pair(pair, foreground, background);
}

void ct_present(void) {
    wnoutrefresh(stdscr);
    doupdate();
}

// MARK: The keyboard

void ct_game_keyboard(struct termios *modes) {
    // No flow control: Ctrl-S would stop the output until Ctrl-Q, Ctrl-Q would be swallowed.
    modes->c_iflag &= ~(tcflag_t)(IXON | IXOFF | IXANY);
    // Input bytes reach the game as typed.
    modes->c_iflag &= ~(tcflag_t)(ISTRIP | INLCR | IGNCR | PARMRK);
#ifdef IUCLC
    modes->c_iflag &= ~(tcflag_t)IUCLC;
#endif
    // No extended input processing: Ctrl-V (literal next), Ctrl-O (discard output), and on
    // BSD Ctrl-Y (delayed suspend) and Ctrl-T (status).
    modes->c_lflag &= ~(tcflag_t)IEXTEN;
    // Ctrl-C interrupts (a clean quit) and Ctrl-Z suspends, whatever stty said; Ctrl-\ and
    // every other signal character are plain keys.
    modes->c_lflag |= ISIG;
    modes->c_cc[VINTR] = 0x03;
    modes->c_cc[VSUSP] = 0x1A;
    modes->c_cc[VQUIT] = _POSIX_VDISABLE;
#ifdef VDSUSP
    modes->c_cc[VDSUSP] = _POSIX_VDISABLE;
#endif
#ifdef VSTATUS
    modes->c_cc[VSTATUS] = _POSIX_VDISABLE;
#endif
}

unsigned char ct_disabled_character(void) { return (unsigned char)_POSIX_VDISABLE; }

int ct_take_keyboard(int fd) {
    struct termios modes;
    if (tcgetattr(fd, &modes) != 0) return -1;
    ct_game_keyboard(&modes);
    // At once, not after the output drains: output stopped by a Ctrl-S would never drain.
    // Turning IXON off starts stopped output again.
    return tcsetattr(fd, TCSANOW, &modes);
}

// MARK: Signals

static int signal_pipe[2] = { -1, -1 };
static volatile sig_atomic_t ending_signal_waiting = 0;

// When the last SIGCONT arrived (CLOCK_MONOTONIC, as the run loop's clock): a stop that was
// not the game's own (SIGSTOP) is seen by no handler, and this is its end.
static volatile time_t continued_seconds = 0;
static volatile long continued_nanoseconds = 0;

double ct_last_continue(void) { return (double)continued_seconds + (double)continued_nanoseconds / 1e9; }

static void forward_signal(int signal_number) {
    int saved = errno;
    if (signal_number == SIGCONT) {
        struct timespec now;
        if (clock_gettime(CLOCK_MONOTONIC, &now) == 0) {
            continued_seconds = now.tv_sec;
            continued_nanoseconds = now.tv_nsec;
        }
    }
    unsigned char byte = (unsigned char)signal_number;
    if (signal_pipe[1] >= 0) (void)!write(signal_pipe[1], &byte, 1);
    errno = saved;
}

// A signal that ends the game: the run loop leaves in order. If an earlier one is still
// unread, the loop is not answering: give the terminal back here and die of the signal.
static void forward_ending_signal(int signal_number) {
    if (ending_signal_waiting) {
        ct_emergency_restore();
        ct_default_signal(signal_number);
        sigset_t set;
        sigemptyset(&set);
        sigaddset(&set, signal_number);
        sigprocmask(SIG_UNBLOCK, &set, NULL);
        raise(signal_number);
        _exit(128 + signal_number);  // for a signal whose default is not to end
    }
    ending_signal_waiting = 1;
    forward_signal(signal_number);
}

void ct_acknowledge_ending_signals(void) { ending_signal_waiting = 0; }

int ct_signal_pipe(void) {
    if (signal_pipe[0] >= 0) return signal_pipe[0];
    if (pipe2(signal_pipe, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
    return signal_pipe[0];
}

static int set_handler(int signal_number, void (*handler)(int), int flags) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = flags;
    return sigaction(signal_number, &action, NULL);
}

int ct_watch_signal(int signal_number) { return set_handler(signal_number, forward_signal, SA_RESTART); }

int ct_watch_ending_signal(int signal_number) {
    return set_handler(signal_number, forward_ending_signal, SA_RESTART);
}

int ct_ignore_signal(int signal_number) { return set_handler(signal_number, SIG_IGN, 0); }

void ct_default_signal(int signal_number) { (void)set_handler(signal_number, SIG_DFL, 0); }

int ct_signal_disposition(int signal_number) {
    struct sigaction action;
    if (sigaction(signal_number, NULL, &action) != 0) return -1;
    if (action.sa_handler == SIG_DFL) return 0;
    if (action.sa_handler == SIG_IGN) return 1;
    return 2;
}

int ct_first_realtime_signal(void) { return SIGRTMIN; }
int ct_last_realtime_signal(void) { return SIGRTMAX; }

// MARK: Giving the terminal back, from anywhere

static struct termios saved_modes;
static int saved_modes_fd = -1;
// The terminal is the game's: a crash or a forced end must give it back.
static volatile sig_atomic_t terminal_taken = 0;

// What gives the screen back, from the terminal's own entry: mouse reports and bracketed
// paste off, keypad mode off (rmkx), attributes off (sgr0), the cursor shown (cnorm), and the
// main screen (rmcup), or on a terminal without an alternate screen, a cleared one (clear).
// Empty until the screen opens: before that, only the modes are restored.
static char give_back[512];
static size_t give_back_length = 0;
// The terminal's clear, for the end of a game on a terminal without an alternate screen.
static char clear_screen_bytes[64];
static size_t clear_screen_length = 0;

// Appends a terminfo string without its padding ($<5>): the delays are for real VT100s.
static size_t append_capability(char *buffer, size_t length, size_t size, const char *capability) {
    if (capability == NULL || capability == (char *)-1) return length;
    for (const char *c = capability; *c && length + 1 < size; c++) {
        if (c[0] == '$' && c[1] == '<') {
            const char *close = strchr(c, '>');
            if (close) {
                c = close;
                continue;
            }
        }
        buffer[length++] = *c;
    }
    buffer[length] = 0;
    return length;
}

void ct_prepare_give_back(void) {
    static const char modes_off[] =
        "\033[?1003l\033[?1002l\033[?1000l\033[?1006l\033[?1005l\033[?1015l\033[?1004l\033[?2004l";
    size_t length = append_capability(give_back, 0, sizeof give_back, modes_off);
    length = append_capability(give_back, length, sizeof give_back, tigetstr("rmkx"));
    length = append_capability(give_back, length, sizeof give_back, tigetstr("sgr0"));
    length = append_capability(give_back, length, sizeof give_back, tigetstr("cnorm"));
    clear_screen_length = 0;
    if (has_string("smcup") && has_string("rmcup")) {
        length = append_capability(give_back, length, sizeof give_back, tigetstr("rmcup"));
        length = append_capability(give_back, length, sizeof give_back, "\r\n");
    } else {
        clear_screen_length =
            append_capability(clear_screen_bytes, 0, sizeof clear_screen_bytes, tigetstr("clear"));
        length = append_capability(give_back, length, sizeof give_back, clear_screen_bytes);
    }
    give_back_length = length;
}

void ct_clear_main_screen(void) {
    if (clear_screen_length > 0) (void)!write(output_fd, clear_screen_bytes, clear_screen_length);
}

void ct_save_terminal_modes(int fd) {
    if (tcgetattr(fd, &saved_modes) == 0) saved_modes_fd = fd;
}

void ct_restore_terminal_modes(void) {
    if (saved_modes_fd >= 0) tcsetattr(saved_modes_fd, TCSANOW, &saved_modes);
}

void ct_set_terminal_taken(int taken) { terminal_taken = taken != 0; }

void ct_emergency_restore(void) {
    ct_restore_second_terminal();
    if (!terminal_taken) return;
    terminal_taken = 0;
    if (give_back_length > 0) (void)!write(output_fd, give_back, give_back_length);
    ct_restore_terminal_modes();
}

// The crash signals another process sent (kill -SEGV, a watchdog's SIGABRT, a tgkill): no crash, but an
// end asked for, made in order as SIGTERM's is (the game saved with its clock). Set by the
// handler, taken by the loop (ct_take_sent_crash_signal).
static volatile sig_atomic_t sent_crash_signals[NSIG];

static void crash_handler(int signal_number, siginfo_t *info, void *context) {
    (void)context;
    // kill(2) and sigqueue(3) (SI_USER, SI_QUEUE), or tgkill(2) aimed at one of the threads
    // (SI_TKILL), from another process: a raise(3) or abort(3) of the program's own says its
    // own pid, and a fault says SEGV_MAPERR and its kin.
    int sent = info != NULL
        && (info->si_code == SI_USER || info->si_code == SI_QUEUE || info->si_code == SI_TKILL)
        && info->si_pid != getpid();
    if (sent && signal_number > 0 && signal_number < NSIG) {
        (void)ct_install_crash_handler(signal_number);  // SA_RESETHAND took it off
        sent_crash_signals[signal_number] = 1;
        forward_ending_signal(signal_number);
        return;
    }
    ct_emergency_restore();
    ct_default_signal(signal_number);
    raise(signal_number);
}

int ct_install_crash_handler(int signal_number) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = crash_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_SIGINFO | SA_RESETHAND;
    return sigaction(signal_number, &action, NULL);
}

int ct_take_sent_crash_signal(int signal_number) {
    if (signal_number <= 0 || signal_number >= NSIG || !sent_crash_signals[signal_number]) return 0;
    sent_crash_signals[signal_number] = 0;
    return 1;
}

int ct_terminal_size(int fd, int *width, int *height) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_col == 0 || size.ws_row == 0) return -1;
    *width = size.ws_col;
    *height = size.ws_row;
    return 0;
}

// MARK: A second terminal

int ct_other_terminal_strings(const char *name, int fd, struct ct_other_terminal_strings *strings) {
    memset(strings, 0, sizeof *strings);
    int status = 0;
    struct saved_terminal saved = begin_other_terminal();
    if (setupterm(name, fd, &status) != OK) {
        end_other_terminal(saved);
        return -1;
    }
    static const char modes_off[] =
        "\033[?1003l\033[?1002l\033[?1000l\033[?1006l\033[?1005l\033[?1015l\033[?1004l\033[?2004l";
    int alternate = has_string("smcup") && has_string("rmcup");
    size_t length = 0;
    if (alternate) length = append_capability(strings->enter, length, sizeof strings->enter, tigetstr("smcup"));
    length = append_capability(strings->enter, length, sizeof strings->enter, tigetstr("civis"));
    strings->enter_length = length;
    length = append_capability(strings->leave, 0, sizeof strings->leave, modes_off);
    length = append_capability(strings->leave, length, sizeof strings->leave, tigetstr("sgr0"));
    length = append_capability(strings->leave, length, sizeof strings->leave, tigetstr("cnorm"));
    length = append_capability(
        strings->leave, length, sizeof strings->leave, alternate ? tigetstr("rmcup") : tigetstr("clear"));
    strings->leave_length = length;
    end_other_terminal(saved);
    return 0;
}

void ct_second_terminal_keyboard(struct termios *modes) {
    ct_game_keyboard(modes);
    // Bytes as typed, one at a time, nothing echoed; Ctrl-C and Ctrl-Z arrive as keys (the game
    // is not that terminal's foreground process: a signal there would reach `cardtable screen`).
    modes->c_lflag &= ~(tcflag_t)(ICANON | ECHO | ECHONL | ISIG);
    modes->c_iflag &= ~(tcflag_t)(ICRNL | BRKINT);
    modes->c_cc[VMIN] = 1;
    modes->c_cc[VTIME] = 0;
}

// The second terminal, for ct_emergency_restore: its descriptor, the modes it had when it
// joined, and the bytes that give its screen back.
static volatile sig_atomic_t second_fd = -1;
static struct termios second_modes;
static char second_give_back[512];
static size_t second_give_back_length = 0;

void ct_set_second_terminal(int fd, const struct termios *modes, const char *give_back, size_t length) {
    second_fd = -1;
    if (fd < 0) return;
    second_modes = *modes;
    if (length > sizeof second_give_back) length = sizeof second_give_back;
    memcpy(second_give_back, give_back, length);
    second_give_back_length = length;
    second_fd = fd;
}

void ct_restore_second_terminal(void) {
    int fd = second_fd;
    if (fd < 0) return;
    second_fd = -1;
    if (second_give_back_length > 0) (void)!write(fd, second_give_back, second_give_back_length);
    tcsetattr(fd, TCSANOW, &second_modes);
}

int ct_open_pseudo_terminal(int *master, int *slave, int width, int height) {
    *master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (*master < 0) return -1;
    char name[128];
    if (grantpt(*master) != 0 || unlockpt(*master) != 0 || ptsname_r(*master, name, sizeof name) != 0) {
        close(*master);
        return -1;
    }
    *slave = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (*slave < 0) {
        close(*master);
        return -1;
    }
    struct winsize size = {.ws_row = (unsigned short)height, .ws_col = (unsigned short)width};
    (void)ioctl(*slave, TIOCSWINSZ, &size);
    return 0;
}
