// C helpers for the terminal front end: what Swift cannot import (ncurses macros) or
// cannot do safely (signal handlers, restoring the terminal from a crash).
#ifndef CARDTABLE_TERMINAL_SHIM_H
#define CARDTABLE_TERMINAL_SHIM_H

#include <stddef.h>
#include <stdio.h>
#include <termios.h>
#include <wchar.h>

// ncurses attribute macros, as constants (Swift cannot import them). The mouse mask is set
// in ct_setup_modes, in C.
unsigned int ct_attr_bold(void);
unsigned int ct_attr_dim(void);
unsigned int ct_attr_italic(void);
unsigned int ct_attr_underline(void);
unsigned int ct_attr_reverse(void);
int ct_color_pairs(void);

// Bytes written to the terminal (and anywhere else) since the screen was opened, from the
// kernel's count for this process: ncurses writes to the descriptor directly.
unsigned long long ct_bytes_written(void);

// Writes bytes to the terminal (for private modes ncurses does not know).
void ct_write_raw(const char *text);
// A character in the locale's multibyte encoding (wcrtomb) into `buffer` (16 bytes): its
// length, or -1 when the locale has no such character.
int ct_locale_character(unsigned int scalar, char *buffer);
// Writes `size` bytes to the terminal, all of them unless it is gone.
void ct_write_bytes(const unsigned char *bytes, unsigned long size);

// Opens ncurses on `output_fd` for output and `input_fd` for input, and prepares what gives
// the screen back (ct_emergency_restore). Returns 0 on success, -1 if the terminal type is unknown.
// `draws` is 0 when ncurses will draw no cell (the program writes its frames itself): its
// windows are then made one column wide instead of the terminal's width, which spares three
// screen-sized buffers (1 MiB at 200x60) that nothing would use.
int ct_open_screen(int input_fd, int output_fd, int draws, int largest_columns, int largest_lines);

// What the terminfo entry for terminal type `name` (NULL: TERM's) says, read without writing
// anything to the terminal.
struct ct_terminal_facts {
    int found;              // terminfo knows TERM, and it is neither hardcopy nor generic
    int cursor_addressing;  // cup
    int ansi_cursor;        // cup is ESC [ row ; col H, as ANSI (ECMA-48) has it
    int alternate_screen;   // smcup and rmcup
    int colors;             // colors#, or 0
    // The terminal takes ECMA-48 sequences as xterm does: cup is ESC [ row ; col H, sgr0
    // holds ESC [ m (or ESC [ 0 m), and with colours setaf and setab are ESC [ 3N m and ESC [ 4N m.
    int ecma48;
    // Single attributes turn off with SGR 22, 23, 24 and 27 (rmul is ESC [ 24 m), not only
    // with a full reset (a VT100's rmul is ESC [ m).
    int attributes_off_one_by_one;
    int background_color_erase;  // bce: erasing fills with the current background
    int erase_characters;        // ech is ESC [ N X
    int erase_line;              // el is ESC [ K
    // am without xenl: writing the last column wraps at once, so writing the screen's
    // bottom-right cell would scroll it.
    int wraps_at_last_column;
    // Which attributes the terminal shows: bold, dim, sitm, smul, rev.
    int bold, dim, italic, underline, reverse;
};
// 0 when TERM's entry was read; -1 when it is unknown, generic or hardcopy.
int ct_read_terminal_facts(const char *name, int fd, struct ct_terminal_facts *facts);

// cbreak, noecho, nonl, keypad, set_escdelay(25), hidden cursor, every mouse event with
// no click interval, and colours when `use_colour` and the terminal has them (otherwise
// colour is never started, and no colour sequence is written); then the game's keyboard
// (ct_take_keyboard), all of it kept as ncurses's program mode, set again after Ctrl-Z.
void ct_setup_modes(int use_colour);
// The size when the tty gives none: LINES and COLUMNS, else terminfo's (ncurses's own where it
// draws; where it does not, as ct_open_screen found them).
int ct_screen_columns(void);
int ct_screen_lines(void);
// The whole screen must be sent again on the next update.
void ct_invalidate(void);

// Draws one cell: up to 7 wide characters (a grapheme cluster), attributes, colour pair.
int ct_put_cell(int y, int x, const wchar_t *text, unsigned int attributes, int pair);
int ct_init_pair(int pair, int foreground, int background);
// wnoutrefresh + doupdate.
void ct_present(void);

// The game's keyboard, laid over `modes` (pure): no flow control (IXON, IXOFF, IXANY: Ctrl-S
// would stop the output), no extended processing (IEXTEN: Ctrl-V, Ctrl-O; Ctrl-Y and Ctrl-T
// on BSD), input bytes unchanged (ISTRIP, INLCR, IGNCR, PARMRK, IUCLC off), and of the signal
// characters only Ctrl-C (VINTR) and Ctrl-Z (VSUSP), whatever stty said: Ctrl-\ (VQUIT) and the
// others are disabled, so they reach the game as keys.
void ct_game_keyboard(struct termios *modes);
// _POSIX_VDISABLE: a control character set to it is off.
unsigned char ct_disabled_character(void);
// Applies ct_game_keyboard to the terminal's current modes at once (TCSANOW: output stopped
// by Ctrl-S never drains, and ncurses's own mode changes wait for it; turning IXON off starts
// it again). 0 on success.
int ct_take_keyboard(int fd);

// Signals become bytes on a pipe, read in the run loop (the self-pipe trick).
// Returns the read end, or -1.
int ct_signal_pipe(void);
int ct_watch_signal(int signal_number);
// A signal that ends the game, forwarded on the pipe; when one is already waiting unread
// (the run loop does not answer), the terminal is given back at once and the process dies of
// the signal.
int ct_watch_ending_signal(int signal_number);
// The run loop has read the ending signals waiting.
void ct_acknowledge_ending_signals(void);
// When the last SIGCONT arrived, in CLOCK_MONOTONIC seconds (0: none yet).
double ct_last_continue(void);
int ct_ignore_signal(int signal_number);
void ct_default_signal(int signal_number);
// 0: the default action; 1: ignored; 2: caught; -1: not a signal that can be asked about.
int ct_signal_disposition(int signal_number);
// SIGRTMIN and SIGRTMAX (functions in glibc).
int ct_first_realtime_signal(void);
int ct_last_realtime_signal(void);

// Saves the terminal's modes now, so they can be restored on the way out and from a crash
// handler; ct_restore_terminal_modes sets them again (TCSANOW).
void ct_save_terminal_modes(int fd);
void ct_restore_terminal_modes(void);
// Whether the terminal is the game's now (taken) or given back: only a taken terminal is
// restored by ct_emergency_restore.
void ct_set_terminal_taken(int taken);
// Builds the bytes that give the screen back, from terminfo (called by ct_open_screen).
void ct_prepare_give_back(void);
// On a terminal without an alternate screen: clears it, so the table does not stay behind.
void ct_clear_main_screen(void);
// Crash signals (SIGSEGV, SIGBUS, SIGILL, SIGTRAP from Swift traps, SIGFPE, SIGABRT, SIGSYS):
// a handler that gives the terminal back and dies of the same signal. Only async-signal-safe calls.
int ct_install_crash_handler(int signal_number);
// Whether a crash signal (SIGSEGV, SIGABRT, ...) arrived from another process, by kill or
// sigqueue, since the last call: an end asked for, not a crash. Cleared by the call.
int ct_take_sent_crash_signal(int signal_number);
// Gives a taken terminal back from anywhere, with async-signal-safe calls only: mouse off,
// keypad mode off, attributes off, cursor shown, main screen (or a cleared one), saved modes;
// and a second terminal joined, if any (ct_restore_second_terminal). Idempotent.
void ct_emergency_restore(void);

// A second terminal (one that joined with `cardtable screen`), driven beside the first without
// ncurses: frames are FrameEncoder's, the modes are set here.

// What enters and leaves a second terminal of type `name`: `enter` takes the alternate screen
// (smcup) and hides the cursor (civis); `leave` turns mouse reports and bracketed paste off,
// attributes off (sgr0), shows the cursor (cnorm) and gives the main screen back (rmcup), or
// clears the screen where there is no alternate one. Read from terminfo without disturbing an
// ncurses screen open on the first terminal. 0, or -1 when terminfo does not know `name`.
struct ct_other_terminal_strings {
    char enter[128];
    size_t enter_length;
    char leave[512];
    size_t leave_length;
};
int ct_other_terminal_strings(const char *name, int fd, struct ct_other_terminal_strings *strings);
// The second terminal's keyboard, laid over `modes` (pure): the game's keyboard
// (ct_game_keyboard), and raw input: no line editing, no echo, no signal characters (Ctrl-C and
// Ctrl-Z reach the game as keys), no CR to NL, a byte at a time.
void ct_second_terminal_keyboard(struct termios *modes);
// Tells ct_emergency_restore how to give the second terminal back: `modes` as they were when it
// joined, and the bytes that give its screen back (`leave`). A negative `fd`: none is joined.
void ct_set_second_terminal(int fd, const struct termios *modes, const char *give_back, size_t length);
// Gives the second terminal back (its bytes, then its modes), once. Async-signal-safe.
void ct_restore_second_terminal(void);

// A pseudo-terminal pair, `width` columns by `height` rows (tests stand it in for a second
// terminal): 0, or -1.
int ct_open_pseudo_terminal(int *master, int *slave, int width, int height);

// Terminal size from the tty (TIOCGWINSZ); 0 on success.
int ct_terminal_size(int fd, int *width, int *height);

#endif
