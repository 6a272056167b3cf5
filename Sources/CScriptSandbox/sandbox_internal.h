// What the sandbox's C files share: the sandbox itself and its budget. Not part of the public
// header: Swift sees only script_sandbox.h.
#ifndef SANDBOX_INTERNAL_H
#define SANDBOX_INTERNAL_H

#include "script_sandbox.h"

#include <lua.h>
#include <time.h>

_Static_assert(LUA_EXTRASPACE >= sizeof(void *), "the sandbox is kept in each Lua thread's extra space");

enum { HOOK_STEP = 1000, ERROR_SIZE = 1024, TRACEBACK_SIZE = 4096, REASON_SIZE = 512 };

enum { MODE_READ = 0, MODE_ACT = 1, MODE_DEAL = 2 };

/// Why a call was stopped: it ran too many instructions, or too long.
enum { BUDGET_KEPT = 0, BUDGET_INSTRUCTIONS = 1, BUDGET_TIME = 2 };

/// Allocations and C functions that work over many elements count against the instruction
/// budget: one instruction for every ALLOCATION_COST bytes allocated.
enum { ALLOCATION_COST = 64 };

/// C functions that scan bytes without allocating (a plain `string.find`, `utf8.len`, comparing
/// long strings while sorting) count one instruction for every SCAN_COST bytes they look at.
enum { SCAN_COST = 4 };

/// Some single instructions read whole strings: comparing two (`a < b` calls strcoll once for
/// every NUL byte in them), turning one into a number (`s + 0`). With strings longer than
/// FINE_BYTES the count hook runs more often (sandbox_pace), so that HOOK_STEP instructions over
/// the longest string never read more than about HOOK_STEP * FINE_BYTES bytes between two looks
/// at the clock.
enum { FINE_BYTES = 8 << 10 };

struct ct_sandbox {
    lua_State *L;
    size_t memory_used, memory_limit;
    /// Set while the script runs (a hook call or the main chunk): only then does the memory
    /// limit apply, so the sandbox's own small allocations between calls cannot fail.
    int in_call;
    /// Set while the message handler formats an error: it may go a little over the limit, so
    /// that a script out of memory still gets its message.
    int in_handler;
    int64_t instructions, instruction_limit;
    double time_limit;
    struct timespec started;
    int over_budget;
    /// Where the script was when it went over budget: the message names it.
    int budget_line;
    char budget_source[128];
    /// Where the script was when the count hook last ran: for messages about memory.
    int last_line;
    char last_source[128];
    /// Set when the call failed for memory (whichever way Lua reported it).
    int out_of_memory;
    /// The Lua thread running the script as far as the sandbox knows (the state itself, or the
    /// coroutine resumed last), and the longest string made since the script last held less
    /// memory than that: the count hook's step for the thread follows it (sandbox_pace).
    lua_State *running;
    size_t longest_string;

    int pile_count, max_cards;
    uint8_t *cards; /* pile_count * max_cards */
    int *counts;
    int redeals; /* -1: unlimited */
    int base;    /* the rank an empty foundation takes; 0: none known */
    uint8_t *deck;
    int deck_count, deck_next;

    ct_step *steps;
    int step_count, step_capacity;
    /// What the moves hook listed last: from, count, to for each move (piles 0-based).
    int *moves;
    int move_capacity;
    /// The piles it said a click moves cards on (pile_count at most), click_count of them; -1
    /// when it did not say.
    int *clicks;
    int click_count;
    /// The seed of math.random for the current call, applied at its first math.random.
    uint64_t pending_seed;
    int seed_pending;
    int mode, automatic;

    int hook_refs[CT_HOOK_COUNT];
    const char *current_hook;

    /// What a restart needs: the script's text and name, each pile's kind, group and id, and
    /// the options' values (name, value, name, value, …).
    char *source;
    size_t source_length;
    char chunk_name[256];
    char **pile_info; /* pile_count * 3 */
    char **option_pairs;
    int option_count;
    /// Set when a restart failed: every call fails from then on.
    int broken, restarting;

    char error[ERROR_SIZE];
    char traceback[TRACEBACK_SIZE];
    char reason[REASON_SIZE];
    char *scratch;
};

/// The sandbox a Lua state (or one of its coroutines) belongs to.
ct_sandbox *sandbox_of(lua_State *L);

/// The cards of a pile: `max_cards` bytes, `counts[pile]` of them in use.
static inline uint8_t *pile_cards(ct_sandbox *s, int pile) { return s->cards + (size_t)pile * s->max_cards; }

/// Counts `work` instructions against the call's budget (a C function doing that much work);
/// raises the budget's error when it is spent.
void sandbox_charge(lua_State *L, lua_Integer work);

/// Sets the count hook of thread `L` (the state or a coroutine) to the step the longest string
/// the script made calls for (every instruction once the budget is spent), and notes it as the
/// thread running: each time a coroutine is resumed, and when a longer string is made.
void sandbox_pace(lua_State *L);

/// The message every memory failure gives (a format: `%d` is the limit in MB).
#define SANDBOX_MEMORY_MESSAGE "used more than the %d MB of memory a script may have"

/// Pushes the `game` value: the API's functions behind a locked metatable (sandbox_api.c).
void sandbox_push_api(lua_State *L);

/// Replaces the library functions that could run unbounded work in C, out of reach of the
/// count hook (string.rep, table.move, …) with guarded ones (sandbox_guards.c).
void sandbox_open_guards(lua_State *L);

/// Replaces string.find, match, gmatch and gsub with a matcher whose steps count against the
/// budget: Lua's patterns can backtrack for ever (sandbox_patterns.c).
void sandbox_open_patterns(lua_State *L);

#endif
