// C helpers for the terminal front end: what Swift cannot import (ncurses macros) or
// cannot do safely (signal handlers, restoring the terminal from a crash).
#ifndef CARDTABLE_TERMINAL_SHIM_H
#define CARDTABLE_TERMINAL_SHIM_H

#include <stddef.h>
#include <stdio.h>
#include <wchar.h>

// ncurses attribute macros, as constants (Swift cannot import them). The mouse mask is set
// in ct_setup_modes, in C.
unsigned int ct_attr_bold(void);
unsigned int ct_attr_dim(void);
unsigned int ct_attr_italic(void);
unsigned int ct_attr_underline(void);
unsigned int ct_attr_reverse(void);
int ct_colors(void);
int ct_color_pairs(void);

// Bytes written to the terminal (and anywhere else) since the screen was opened, from the
// kernel's count for this process: ncurses writes to the descriptor directly.
unsigned long long ct_bytes_written(void);

// Writes bytes to the terminal (for private modes ncurses does not know).
void ct_write_raw(const char *text);

// Opens ncurses on `output_fd` for output and `input_fd` for input.
// Returns 0 on success, -1 if the terminal type is unknown.
int ct_open_screen(int input_fd, int output_fd);

// cbreak, noecho, nonl, keypad, set_escdelay(25), hidden cursor, every mouse event with
// no click interval, and colours when the terminal has them.
void ct_setup_modes(void);
// The whole screen must be sent again on the next update.
void ct_invalidate(void);

// Draws one cell: up to 7 wide characters (a grapheme cluster), attributes, colour pair.
int ct_put_cell(int y, int x, const wchar_t *text, unsigned int attributes, int pair);
int ct_init_pair(int pair, int foreground, int background);
// wnoutrefresh + doupdate.
void ct_present(void);

// Signals become bytes on a pipe, read in the run loop (the self-pipe trick).
// Returns the read end, or -1.
int ct_signal_pipe(void);
int ct_watch_signal(int signal_number);
void ct_default_signal(int signal_number);

// Saves the terminal's modes now, so they can be restored from a crash handler.
void ct_save_terminal_modes(int fd);
// On SIGSEGV, SIGBUS, SIGILL, SIGTRAP (Swift's traps), SIGFPE and SIGABRT: switch the
// mouse off, show the cursor, leave the alternate screen, restore the saved modes, and
// die of the same signal. Only async-signal-safe calls.
void ct_install_crash_handlers(void);
// The same restoration, callable at any time (idempotent).
void ct_emergency_restore(void);

// Terminal size from the tty (TIOCGWINSZ); 0 on success.
int ct_terminal_size(int fd, int *columns, int *rows);

#endif
