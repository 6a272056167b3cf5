#define _GNU_SOURCE
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include "include/terminal_shim.h"

#include <errno.h>
#include <fcntl.h>
#include <ncursesw/ncurses.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

unsigned int ct_attr_bold(void) { return (unsigned int)A_BOLD; }
unsigned int ct_attr_dim(void) { return (unsigned int)A_DIM; }
unsigned int ct_attr_italic(void) { return (unsigned int)A_ITALIC; }
unsigned int ct_attr_underline(void) { return (unsigned int)A_UNDERLINE; }
unsigned int ct_attr_reverse(void) { return (unsigned int)A_REVERSE; }
int ct_colors(void) { return COLORS; }
int ct_color_pairs(void) { return COLOR_PAIRS; }

// MARK: Output

static int output_fd = 1;

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

void ct_write_raw(const char *text) {
    size_t size = strlen(text), done = 0;
    while (done < size) {
        ssize_t n = write(output_fd, text + done, size - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return;   // the terminal is gone
        }
        done += (size_t)n;
    }
}

int ct_open_screen(int input_fd, int out_fd) {
    output_fd = out_fd;
    bytes_baseline = process_bytes_written();
    FILE *out = fdopen(dup(out_fd), "w");
    FILE *in = fdopen(dup(input_fd), "r");
    if (!out || !in) return -1;
    SCREEN *screen = newterm(NULL, out, in);
    if (!screen) return -1;
    set_term(screen);
    return 0;
}

// MARK: Drawing

void ct_setup_modes(void) {
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
    mousemask(ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION, NULL);
    mouseinterval(0);
    if (has_colors()) {
        start_color();
        use_default_colors(); /* colour -1: the terminal's own (a theme may keep its background) */
    }
}

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

// MARK: Signals

static int signal_pipe[2] = { -1, -1 };

static void forward_signal(int signal_number) {
    int saved = errno;
    unsigned char byte = (unsigned char)signal_number;
    if (signal_pipe[1] >= 0) (void)!write(signal_pipe[1], &byte, 1);
    errno = saved;
}

int ct_signal_pipe(void) {
    if (signal_pipe[0] >= 0) return signal_pipe[0];
    if (pipe2(signal_pipe, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
    return signal_pipe[0];
}

int ct_watch_signal(int signal_number) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = forward_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    return sigaction(signal_number, &action, NULL);
}

void ct_default_signal(int signal_number) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(signal_number, &action, NULL);
}

// MARK: Restoring the terminal from anywhere

static struct termios saved_modes;
static int saved_modes_fd = -1;
static volatile sig_atomic_t restored = 0;

void ct_save_terminal_modes(int fd) {
    if (tcgetattr(fd, &saved_modes) == 0) saved_modes_fd = fd;
}

void ct_emergency_restore(void) {
    if (restored) return;
    restored = 1;
    static const char reset[] =
        "\033[?1003l\033[?1002l\033[?1000l\033[?1006l\033[?1005l\033[?1015l\033[?1004l\033[?2004l"
        "\033[0m\033[?25h\033[?1049l\r\n";
    (void)!write(output_fd, reset, sizeof reset - 1);
    if (saved_modes_fd >= 0) tcsetattr(saved_modes_fd, TCSANOW, &saved_modes);
}

static void crash_handler(int signal_number) {
    ct_emergency_restore();
    ct_default_signal(signal_number);
    raise(signal_number);
}

void ct_install_crash_handlers(void) {
    int signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT };
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = crash_handler;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESETHAND;
        sigaction(signals[i], &action, NULL);
    }
}

int ct_terminal_size(int fd, int *columns, int *rows) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_col == 0 || size.ws_row == 0) return -1;
    *columns = size.ws_col;
    *rows = size.ws_row;
    return 0;
}
