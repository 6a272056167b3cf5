// The Lua sandbox a variant's script runs in: the libraries it may use, its budgets of
// instructions and memory, the position it reads, and the steps it makes. Written in C because
// Lua reports errors with longjmp, which must never cross a Swift frame: every Lua call is made
// from here, under lua_pcall, and Swift sees only plain values.
#ifndef SCRIPT_SANDBOX_H
#define SCRIPT_SANDBOX_H

#include <stddef.h>
#include <stdint.h>

/// One change a script made to the position (mirrors Solitaire's Step).
typedef struct {
    int32_t from, to, count;
    uint8_t flip, reverse, spends_redeal, automatic;
    /// Not 0: the top `count` cards of `from` (== `to`) shuffled in the order this number draws.
    uint64_t shuffle;
} ct_step;

/// The hooks a script may define, in the order of ct_hook_names.
typedef enum {
    CT_HOOK_DEAL = 0,
    CT_HOOK_CAN_PICK_UP,
    CT_HOOK_CAN_DROP,
    CT_HOOK_AFTER_MOVE,
    CT_HOOK_ON_CLICK,
    CT_HOOK_ON_DOUBLE_CLICK,
    CT_HOOK_ON_STOCK_CLICK,
    CT_HOOK_IS_WON,
    CT_HOOK_MOVES_LEFT,
    CT_HOOK_HINT,
    CT_HOOK_ON_TIMER,
    CT_HOOK_MOVES,
    CT_HOOK_COUNT
} ct_hook;

extern const char *const ct_hook_names[CT_HOOK_COUNT];
/// The Lua name of a hook ("can_drop").
const char *ct_hook_name(ct_hook hook);

/// What a hook call gave back.
typedef enum {
    /// The hook is not defined, or returned nil: the declarative rules decide.
    CT_RESULT_NONE = 0,
    /// A value of the expected type (see the call).
    CT_RESULT_VALUE = 1,
    /// The call failed: ct_sandbox_error and ct_sandbox_traceback say why.
    CT_RESULT_ERROR = -1,
} ct_result;

typedef struct ct_sandbox ct_sandbox;

/// A sandbox with `pile_count` piles of at most `max_cards` cards each; limits in instructions
/// per hook call and bytes of memory. NULL when Lua cannot start.
ct_sandbox *ct_sandbox_new(int pile_count, int max_cards, int64_t instruction_limit, size_t memory_limit);
void ct_sandbox_free(ct_sandbox *sandbox);
/// Stops a call that runs longer than `seconds` (wall clock; 0: no limit). The instruction budget
/// stops ordinary loops; this stops those whose every step is slow (long strings compared).
void ct_sandbox_set_time_limit(ct_sandbox *sandbox, double seconds);

/// Describes pile `pile` (0-based) to the script: its kind, group and slot id.
void ct_sandbox_set_pile(ct_sandbox *sandbox, int pile, const char *kind, const char *group, const char *id);
/// Sets an option's value as the script reads it with game.option(name) (a string).
void ct_sandbox_set_option(ct_sandbox *sandbox, const char *name, const char *value);

/// Compiles and runs the script's main chunk (text only). 0 on success; otherwise -1 and the
/// error says why. `chunk_name` is how messages name the file ("pyramid.lua").
int ct_sandbox_load(ct_sandbox *sandbox, const char *source, size_t length, const char *chunk_name);
/// Whether the script defines a hook (a global function of that name after loading).
int ct_sandbox_has_hook(const ct_sandbox *sandbox, ct_hook hook);
/// The names of the script's global functions that are not hooks, one per line, with the line each
/// is defined on ("name:line\n"); for spelling checks. Valid until the next call.
const char *ct_sandbox_other_functions(ct_sandbox *sandbox);
/// The type of a global variable ("function", "nil", …), as Lua names it.
const char *ct_sandbox_global_type(ct_sandbox *sandbox, const char *name);
/// The number a global variable holds (timer_interval), or `fallback`.
double ct_sandbox_global_number(ct_sandbox *sandbox, const char *name, double fallback);
/// The script's `options` table as lines "name\tdefault\ttext\tvalue1|value2|...\n"; empty when
/// it declares none. Valid until the next call. -1 (and the error) when the table is malformed.
int ct_sandbox_options(ct_sandbox *sandbox, const char **lines);

/// Compiles a text chunk without running it (in a state of its own): 0, or -1 and Lua's message
/// ("NAME:LINE: message near 'token'") in `error`. For `cardtable check`.
int ct_compile(const char *source, size_t length, const char *chunk_name, char *error, size_t error_size);

// The position the next hook call reads.

/// Sets pile `pile` to `count` cards (one byte each: rank in bits 0-3, suit in 4-5, face up in 7).
void ct_sandbox_set_cards(ct_sandbox *sandbox, int pile, const uint8_t *cards, int count);
/// -1 for unlimited.
void ct_sandbox_set_redeals(ct_sandbox *sandbox, int redeals_left);
/// The rank an empty foundation takes (game.base()): 1 to 13, or 0 when none is known.
void ct_sandbox_set_base(ct_sandbox *sandbox, int rank);
/// The deck the deal hook deals from, in the order it deals.
void ct_sandbox_set_deck(ct_sandbox *sandbox, const uint8_t *cards, int count);
/// Seeds math.random for the next call (from the position, so a deal replays identically), at
/// the call's first math.random.
void ct_sandbox_seed(ct_sandbox *sandbox, uint64_t seed);

// Reading the position back after a hook that moves cards (deal).

int ct_sandbox_pile_count(const ct_sandbox *sandbox, int pile);
const uint8_t *ct_sandbox_pile_cards(const ct_sandbox *sandbox, int pile);
int ct_sandbox_redeals(const ct_sandbox *sandbox);
int ct_sandbox_deck_left(const ct_sandbox *sandbox);
/// The cards the deal left in the deck (ct_sandbox_deck_left of them), in the deck's order.
const uint8_t *ct_sandbox_deck_cards(const ct_sandbox *sandbox);

/// The steps the last call made.
int ct_sandbox_step_count(const ct_sandbox *sandbox);
const ct_step *ct_sandbox_steps(const ct_sandbox *sandbox);

// Calls. Arguments are passed as the script sees them: piles and card indices 1-based.

/// A hook that answers yes or no (can_pick_up, can_drop, is_won, moves_left). `*answer` gets
/// the answer; `*reason` a refusal's reason when the hook gave one (valid until the next call).
/// `reason` may be NULL: the reason is then not copied (a search asks only yes or no).
ct_result ct_sandbox_ask(ct_sandbox *sandbox, ct_hook hook, const int *args, int arg_count, int *answer,
                         const char **reason);
/// A hook that may move cards (deal, after_move, on_click, on_double_click, on_stock_click).
/// The steps it made are in ct_sandbox_steps, each marked `automatic` as given.
ct_result ct_sandbox_act(ct_sandbox *sandbox, ct_hook hook, const int *args, int arg_count, int automatic);
/// The moves hook: the transfers it listed, three numbers each (from, count, to; piles 0-based),
/// `*count` of them, in `*moves` (valid until the next call). CT_RESULT_NONE when it returned
/// nil; an error when it returned anything but a list of {from, count, to} in range.
ct_result ct_sandbox_moves(ct_sandbox *sandbox, const int **moves, int *count);
/// After ct_sandbox_moves gave a list: the piles its second result said a click moves cards on
/// (0-based) in `*clicks`, and how many; -1 when it returned no second result.
int ct_sandbox_moves_clicks(const ct_sandbox *sandbox, const int **clicks);
/// The hint hook: `move` gets from, to, count (0-based piles); `*text` its words, if any.
ct_result ct_sandbox_hint(ct_sandbox *sandbox, int move[3], const char **text);
/// The timer hook with the seconds played: `*text` gets what it returned, if a string.
ct_result ct_sandbox_timer(ct_sandbox *sandbox, double seconds, const char **text);

/// The last error: its message (first line, "file:line: text") and the Lua traceback after it.
const char *ct_sandbox_error(const ct_sandbox *sandbox);
const char *ct_sandbox_traceback(const ct_sandbox *sandbox);
/// Instructions the last call ran, and the memory the script holds now (bytes).
int64_t ct_sandbox_instructions(const ct_sandbox *sandbox);
size_t ct_sandbox_memory(const ct_sandbox *sandbox);

#endif
