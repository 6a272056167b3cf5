// The Lua sandbox of a variant's script (script_sandbox.h). Everything that can raise a Lua error
// runs here, under lua_pcall, so no longjmp ever crosses a Swift frame.
//
// Limits:
// - memory: while the script runs, the allocator refuses to hold more than `memory_limit` bytes;
//   Lua then raises "not enough memory", which no script can make go away (the limit stays).
//   A script that still holds more than half of it after a failure starts afresh (restart);
// - instructions: a count hook runs every HOOK_STEP instructions and raises an error once a call
//   has run more than `instruction_limit` (allocations and C functions that work over many
//   elements count too: sandbox_charge), or for longer than `time_limit` seconds. From then on
//   it fires before every instruction of every coroutine, so a script that catches the error
//   (pcall, coroutine.resume) fails again at its next instruction, and the error climbs out to
//   the hook call; a call that returns anyway (`return pcall(f)`) fails all the same.
// - C functions that could loop without end out of the count hook's sight are guarded
//   (sandbox_guards.c, sandbox_patterns.c); the script cannot have finalizers (__gc).

#include "sandbox_internal.h"

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

const char *const ct_hook_names[CT_HOOK_COUNT] = {
    "deal",           "can_pick_up", "can_drop", "after_move", "on_click", "on_double_click",
    "on_stock_click", "is_won",      "moves_left", "hint",     "on_timer",        "moves",
};

const char *ct_hook_name(ct_hook hook) { return hook >= 0 && hook < CT_HOOK_COUNT ? ct_hook_names[hook] : "?"; }

static int run_main_chunk(ct_sandbox *s);
static void restart(ct_sandbox *s);
static void count_hook(lua_State *L, lua_Debug *ar);

// MARK: Memory and time

/// Extra bytes the message handler may use over the limit.
enum { HANDLER_SLACK = 256 << 10 };

/// Once what the allocator charges takes a call past its instructions, the thread running
/// stops at its next instruction, not at the count hook's next step (a thousand instructions,
/// each of which may allocate and collect).
static void over_budget_soon(ct_sandbox *s) {
    if (s->in_call && s->running && s->instructions > s->instruction_limit && lua_gethookcount(s->running) != 1) {
        lua_sethook(s->running, count_hook, LUA_MASKCOUNT, 1);
    }
}

static void *sandbox_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    ct_sandbox *s = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        s->memory_used -= old;
        free(ptr);
        return NULL;
    }
    if (nsize > old) {
        size_t limit = s->memory_limit + (s->in_handler ? HANDLER_SLACK : 0);
        if (s->in_call && s->memory_used + (nsize - old) > limit) {
            s->out_of_memory = 1;
            // Lua collects everything before it gives up (and asks again): a refusal costs a
            // look at all the script holds. A loop that fails to allocate under pcall spent a
            // full collection a turn for few instructions.
            s->instructions += (int64_t)(s->memory_used / ALLOCATION_COST);
            over_budget_soon(s);
            return NULL;
        }
        // Work in C is mostly in proportion to what it allocates (string.rep, .., upper, gsub).
        s->instructions += (int64_t)((nsize - old) / ALLOCATION_COST);
        over_budget_soon(s);
    }
    void *block = realloc(ptr, nsize);
    if (block == NULL) return NULL;
    s->memory_used = s->memory_used - old + nsize;
    // A new string (Lua says so with the type in osize) longer than any before: the thread
    // running looks at the clock more often from its next instruction on, before it can
    // compare the string with another over and over.
    if (ptr == NULL && osize == LUA_TSTRING && nsize > s->longest_string) {
        s->longest_string = nsize;
        if (s->in_call && s->running && nsize > FINE_BYTES) sandbox_pace(s->running);
    }
    return block;
}

/// The count hook's step while the script holds strings of up to `longest` bytes: HOOK_STEP for
/// short strings, fewer instructions for long ones, at least one.
static int hook_step(size_t longest) {
    if (longest <= FINE_BYTES) return HOOK_STEP;
    size_t step = (size_t)HOOK_STEP * FINE_BYTES / longest;
    return step < 1 ? 1 : (int)step;
}

/// Every API call asks this: the sandbox is kept in each thread's extra space (coroutines copy
/// the main thread's), which costs nothing to read.
ct_sandbox *sandbox_of(lua_State *L) {
    ct_sandbox *s;
    memcpy(&s, lua_getextraspace(L), sizeof s);
    return s;
}

/// The time, to a few milliseconds (the coarse clock costs a fraction of the precise one, and
/// is read on every hook call).
static void read_clock(struct timespec *now) {
#ifdef CLOCK_MONOTONIC_COARSE
    clock_gettime(CLOCK_MONOTONIC_COARSE, now);
#else
    clock_gettime(CLOCK_MONOTONIC, now);
#endif
}

static double seconds_since(const struct timespec *start) {
    struct timespec now;
    read_clock(&now);
    return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) * 1e-9;
}

/// Finds the innermost frame of the script (from `level` out) that has a line: where it is.
static int script_place(lua_State *L, int level, char *source, size_t size) {
    lua_Debug ar;
    for (; level < 64 && lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            snprintf(source, size, "%s", ar.short_src);
            return ar.currentline;
        }
    }
    return 0;
}

/// Raises the error of a spent budget, naming where it was spent; from now on every
/// instruction of this thread raises it again.
static int budget_error(lua_State *L, ct_sandbox *s) {
    lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
    if (s->budget_line > 0) {
        lua_pushfstring(L, "%s:%d: ", s->budget_source, s->budget_line);
    } else {
        lua_pushliteral(L, "");
    }
    if (s->over_budget == BUDGET_TIME) {
        lua_pushfstring(L, "ran for more than %f seconds (an endless loop?)", (lua_Number)s->time_limit);
    } else {
        lua_pushfstring(L, "ran more than %I instructions (an endless loop?)", (lua_Integer)s->instruction_limit);
    }
    lua_concat(L, 2);
    return lua_error(L);
}

/// Whether the call has spent its budget; when it just has, notes where (`level`: the frame to
/// start looking from).
static int budget_spent(lua_State *L, ct_sandbox *s, int level) {
    if (s->over_budget) return 1;
    if (s->instructions > s->instruction_limit) {
        s->over_budget = BUDGET_INSTRUCTIONS;
    } else if (s->time_limit > 0 && seconds_since(&s->started) > s->time_limit) {
        s->over_budget = BUDGET_TIME;
    } else {
        return 0;
    }
    s->budget_line = script_place(L, level, s->budget_source, sizeof s->budget_source);
    return 1;
}

static void count_hook(lua_State *L, lua_Debug *ar) {
    ct_sandbox *s = sandbox_of(L);
    s->instructions += lua_gethookcount(L);
    s->running = L;
    if (budget_spent(L, s, 0)) budget_error(L, s);
    // A coroutine kept from a call that went over budget still fires before every instruction;
    // a thread paced for strings made since runs at their step.
    if (lua_gethookcount(L) != hook_step(s->longest_string)) sandbox_pace(L);
    if (lua_getinfo(L, "Sl", ar) && ar->currentline > 0) {
        s->last_line = ar->currentline;
        snprintf(s->last_source, sizeof s->last_source, "%s", ar->short_src);
    }
}

void sandbox_pace(lua_State *L) {
    ct_sandbox *s = sandbox_of(L);
    s->running = L;
    int step = s->over_budget ? 1 : hook_step(s->longest_string);
    if (lua_gethookcount(L) != step || lua_gethook(L) != count_hook) lua_sethook(L, count_hook, LUA_MASKCOUNT, step);
}

void sandbox_charge(lua_State *L, lua_Integer work) {
    ct_sandbox *s = sandbox_of(L);
    s->running = L;
    if (work > 0) {
        s->instructions = work > INT64_MAX - s->instructions ? INT64_MAX : s->instructions + (int64_t)work;
    }
    // Level 1: the script's function that called the C function charging.
    if (budget_spent(L, s, 1)) budget_error(L, s);
}

// MARK: Errors

/// Whether a message starts with a place, "FILE:LINE: ".
static int has_place(const char *message) {
    const char *colon = strchr(message, ':');
    if (colon == NULL || colon[1] < '0' || colon[1] > '9') return 0;
    const char *end = colon + 1;
    while (*end >= '0' && *end <= '9') end++;
    return end[0] == ':' && end[1] == ' ';
}

/// The message handler: the error as text (whatever the error object is), with the place in the
/// script where it was raised when the message does not say, and a traceback.
static int message_handler(lua_State *L) {
    ct_sandbox *s = sandbox_of(L);
    const char *message = NULL;
    int tostring_failed = 0;
    int type = lua_type(L, 1);
    if (type == LUA_TSTRING || type == LUA_TNUMBER) {
        message = lua_tostring(L, 1);
    } else if (luaL_getmetafield(L, 1, "__tostring") != LUA_TNIL) {
        lua_pushvalue(L, 1);
        if (lua_pcall(L, 1, 1, 0) == LUA_OK && lua_type(L, -1) == LUA_TSTRING) {
            message = lua_tostring(L, -1);
        } else {
            tostring_failed = 1;
        }
    }
    s->in_handler = 1;
    if (message == NULL) {
        message = lua_pushfstring(L,
                                  tostring_failed ? "an error whose value is a %s (its __tostring failed)"
                                                  : "an error whose value is a %s, not a message",
                                  luaL_typename(L, 1));
    }
    if (!has_place(message)) {
        char source[128];
        int line = script_place(L, 1, source, sizeof source);
        if (line > 0) message = lua_pushfstring(L, "%s:%d: %s", source, line, message);
    }
    luaL_traceback(L, L, message, 1);
    s->in_handler = 0;
    return 1;
}

/// Copies at most `size - 1` bytes of `text` into `buffer`, ending on a whole UTF-8 character.
/// Control characters (a script's escape sequences) become '?', tabs spaces; new lines stay.
static void copy_text(char *buffer, size_t size, const char *text) {
    size_t length = strlen(text);
    if (length >= size) {
        length = size - 1;
        while (length > 0 && ((unsigned char)text[length] & 0xC0) == 0x80) length--;
    }
    for (size_t n = 0; n < length; n++) {
        unsigned char c = (unsigned char)text[n];
        buffer[n] = c == '\t' ? ' ' : (c < 0x20 && c != '\n') || c == 0x7F ? '?' : (char)c;
    }
    buffer[length] = 0;
}

/// Gives back what the script no longer holds: collects until the memory stops shrinking (a
/// deep recursion's stack and call records shrink by halves).
static void collect(ct_sandbox *s) {
    for (int round = 0; round < 16; round++) {
        size_t before = s->memory_used;
        lua_gc(s->L, LUA_GCCOLLECT);
        if (s->memory_used >= before) break;
    }
}

/// Records the error of a failed call (its status and the handler's text on the stack).
static void record_error(ct_sandbox *s, int status) {
    lua_State *L = s->L;
    s->in_call = 0;
    s->in_handler = 0;
    s->traceback[0] = 0;
    const char *text = status == LUA_ERRRUN && lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
    const char *newline = strchr(text, '\n');
    if (newline) copy_text(s->traceback, TRACEBACK_SIZE, newline + 1);
    const char *hook = s->current_hook ? s->current_hook : "the script";
    if (s->over_budget) {
        // Whatever the error that climbed out says (coroutine.wrap adds its own place), the
        // budget ran out where it ran out.
        char place[160] = "";
        if (s->budget_line > 0) snprintf(place, sizeof place, "%s:%d: ", s->budget_source, s->budget_line);
        if (s->over_budget == BUDGET_TIME) {
            snprintf(s->error, ERROR_SIZE, "%sran for more than %g seconds (an endless loop?)", place, s->time_limit);
        } else {
            snprintf(s->error, ERROR_SIZE, "%sran more than %lld instructions (an endless loop?)", place,
                     (long long)s->instruction_limit);
        }
    } else if (status == LUA_ERRMEM) {
        if (s->last_line > 0) {
            snprintf(s->error, ERROR_SIZE, "%s:%d: " SANDBOX_MEMORY_MESSAGE, s->last_source, s->last_line,
                     (int)(s->memory_limit >> 20));
        } else {
            snprintf(s->error, ERROR_SIZE, SANDBOX_MEMORY_MESSAGE, (int)(s->memory_limit >> 20));
        }
    } else if (status == LUA_ERRERR) {
        snprintf(s->error, ERROR_SIZE, "%s failed, and so did reporting its error", hook);
    } else {
        size_t first = newline ? (size_t)(newline - text) : strlen(text);
        char line[ERROR_SIZE * 2];
        if (first >= sizeof line) first = sizeof line - 1;
        memcpy(line, text, first);
        line[first] = 0;
        copy_text(s->error, ERROR_SIZE, first ? line : "unknown error");
    }
    // Whatever the script built before failing is garbage now: give the memory back at once.
    lua_settop(L, 0);
    collect(s);
    // A script that keeps what it built (in a global) would fail every call from now on.
    if (s->memory_used > s->memory_limit / 2 && !s->restarting) restart(s);
}

static void set_error(ct_sandbox *s, const char *format, const char *detail) {
    snprintf(s->error, ERROR_SIZE, format, detail);
    s->traceback[0] = 0;
}

// MARK: The sandbox's libraries

static int print_nothing(lua_State *L) {
    (void)L;
    return 0;
}

/// A piece of a chunk that load reads from the script's function (upvalue 1), charged one
/// instruction a byte: Lua's parser works in C, out of the count hook's sight.
static int charged_piece(lua_State *L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_call(L, 0, 1);
    size_t length = 0;
    if (lua_type(L, -1) == LUA_TSTRING) lua_tolstring(L, -1, &length);
    sandbox_charge(L, (lua_Integer)length);
    return 1;
}

/// load(chunk [, name [, mode [, env]]]), text chunks only whatever the mode asked: upvalue 1 is
/// the real load. An env given (even nil) is passed on; one not given is not.
static int load_text_only(lua_State *L) {
    int given = lua_gettop(L);
    lua_settop(L, 4);
    // The parser reads every byte of the chunk in C (a text of 8 MB of ';' took 0.14 s a call):
    // one instruction a byte, charged before the text is read, or as the script's function
    // hands it over piece by piece.
    size_t length = 0;
    if (lua_type(L, 1) == LUA_TSTRING) {
        lua_tolstring(L, 1, &length);
        sandbox_charge(L, (lua_Integer)length);
    } else if (lua_type(L, 1) == LUA_TFUNCTION) {
        lua_pushvalue(L, 1);
        lua_pushcclosure(L, charged_piece, 1);
        lua_replace(L, 1);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_pushliteral(L, "t");
    int arguments = 3;
    if (given >= 4) {
        lua_pushvalue(L, 4);
        arguments = 4;
    }
    lua_call(L, arguments, LUA_MULTRET);
    return lua_gettop(L) - 4;
}

/// Seeds math.random with the seed the sandbox holds for the call, if it has not yet.
static void apply_pending_seed(lua_State *L) {
    ct_sandbox *s = sandbox_of(L);
    if (!s->seed_pending) return;
    s->seed_pending = 0;
    lua_getfield(L, LUA_REGISTRYINDEX, "ct.randomseed");
    lua_pushinteger(L, (lua_Integer)(s->pending_seed & 0x7FFFFFFFFFFFFFFFull));
    lua_pushinteger(L, (lua_Integer)(s->pending_seed >> 1));
    lua_call(L, 2, 0);
}

/// math.random: the real one (upvalue 1), seeded first when a seed is pending.
static int seeded_random(lua_State *L) {
    apply_pending_seed(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/// math.randomseed: the real one (upvalue 1); the script's seed replaces any pending.
static int seeding_randomseed(lua_State *L) {
    sandbox_of(L)->seed_pending = 0;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

static void open_libraries(lua_State *L) {
    static const luaL_Reg libraries[] = {
        {LUA_GNAME, luaopen_base},          {LUA_TABLIBNAME, luaopen_table}, {LUA_STRLIBNAME, luaopen_string},
        {LUA_MATHLIBNAME, luaopen_math},    {LUA_UTF8LIBNAME, luaopen_utf8}, {LUA_COLIBNAME, luaopen_coroutine},
        {NULL, NULL},
    };
    for (const luaL_Reg *library = libraries; library->func; library++) {
        luaL_requiref(L, library->name, library->func, 1);
        lua_pop(L, 1);
    }
    static const char *const removed[] = {"dofile", "loadfile", "require", "collectgarbage", NULL};
    for (const char *const *name = removed; *name; name++) {
        lua_pushnil(L);
        lua_setglobal(L, *name);
    }
    lua_getglobal(L, "load");
    lua_pushcclosure(L, load_text_only, 1);
    lua_setglobal(L, "load");
    lua_pushcfunction(L, print_nothing);
    lua_setglobal(L, "print");
    // string.dump would turn functions back into binary chunks.
    lua_getglobal(L, LUA_STRLIBNAME);
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    lua_pop(L, 1);
    // The strings' metatable is shared by every string: lock it.
    lua_pushliteral(L, "");
    if (lua_getmetatable(L, -1)) {
        lua_pushliteral(L, "the string metatable cannot be changed");
        lua_setfield(L, -2, "__metatable");
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    sandbox_open_patterns(L);
    sandbox_open_guards(L);
    // math.randomseed stays, but the sandbox reseeds before every hook that moves cards: on the
    // first math.random after it (most such calls never draw a number, and a seed costs a call).
    lua_getglobal(L, LUA_MATHLIBNAME);
    lua_getfield(L, -1, "randomseed");
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, "ct.randomseed");
    lua_pushcclosure(L, seeding_randomseed, 1);
    lua_setfield(L, -2, "randomseed");
    lua_getfield(L, -1, "random");
    lua_pushcclosure(L, seeded_random, 1);
    lua_setfield(L, -2, "random");
    lua_pop(L, 1);
}

// MARK: Life

/// A new Lua state for the sandbox: the libraries, the tables the game API reads its piles and
/// options from, the count hook.
static int open_state(ct_sandbox *s) {
    s->running = NULL;
    s->longest_string = 0;
    s->L = lua_newstate(sandbox_alloc, s);
    if (s->L == NULL) return -1;
    s->seed_pending = 0;
    lua_State *L = s->L;
    memcpy(lua_getextraspace(L), &s, sizeof s);
    lua_setwarnf(L, NULL, NULL);
    open_libraries(L);
    static const char *const info[4] = {"kind", "group", "id", "options"};
    for (int n = 0; n < 4; n++) {
        lua_createtable(L, s->pile_count, 0);
        lua_setfield(L, LUA_REGISTRYINDEX, info[n]);
    }
    lua_sethook(L, count_hook, LUA_MASKCOUNT, HOOK_STEP);
    return 0;
}

ct_sandbox *ct_sandbox_new(int pile_count, int max_cards, int64_t instruction_limit, size_t memory_limit) {
    if (pile_count < 0 || max_cards < 1) return NULL;
    ct_sandbox *s = calloc(1, sizeof *s);
    if (s == NULL) return NULL;
    s->pile_count = pile_count;
    s->max_cards = max_cards;
    s->instruction_limit = instruction_limit;
    s->memory_limit = memory_limit;
    s->time_limit = 0;
    size_t piles = (size_t)(pile_count ? pile_count : 1);
    s->cards = calloc(piles * (size_t)max_cards, 1);
    s->counts = calloc(piles, sizeof(int));
    s->deck = calloc((size_t)max_cards, 1);
    s->pile_info = calloc(piles * 3, sizeof(char *));
    for (int n = 0; n < CT_HOOK_COUNT; n++) s->hook_refs[n] = LUA_NOREF;
    if (!s->cards || !s->counts || !s->deck || !s->pile_info || open_state(s) != 0) {
        ct_sandbox_free(s);
        return NULL;
    }
    return s;
}

void ct_sandbox_set_time_limit(ct_sandbox *s, double seconds) { s->time_limit = seconds > 0 ? seconds : 0; }

void ct_sandbox_free(ct_sandbox *s) {
    if (s == NULL) return;
    if (s->L) lua_close(s->L);
    if (s->pile_info) {
        for (int n = 0; n < 3 * (s->pile_count ? s->pile_count : 1); n++) free(s->pile_info[n]);
    }
    for (int n = 0; n < 2 * s->option_count; n++) free(s->option_pairs[n]);
    free(s->option_pairs);
    free(s->pile_info);
    free(s->source);
    free(s->cards);
    free(s->counts);
    free(s->deck);
    free(s->moves);
    free(s->clicks);
    free(s->steps);
    free(s->scratch);
    free(s);
}

static char *copy_string(const char *text) {
    size_t length = strlen(text) + 1;
    char *copy = malloc(length);
    if (copy) memcpy(copy, text, length);
    return copy;
}

static const char *const pile_info_names[3] = {"kind", "group", "id"};

/// Puts a pile's kind, group and id in the registry tables the game API reads.
static void publish_pile(ct_sandbox *s, int pile) {
    if (s->L == NULL) return;
    for (int n = 0; n < 3; n++) {
        const char *value = s->pile_info[pile * 3 + n];
        lua_getfield(s->L, LUA_REGISTRYINDEX, pile_info_names[n]);
        lua_pushstring(s->L, value ? value : "");
        lua_rawseti(s->L, -2, pile + 1);
        lua_pop(s->L, 1);
    }
}

void ct_sandbox_set_pile(ct_sandbox *s, int pile, const char *kind, const char *group, const char *id) {
    if (pile < 0 || pile >= s->pile_count) return;
    const char *values[3] = {kind, group, id};
    for (int n = 0; n < 3; n++) {
        free(s->pile_info[pile * 3 + n]);
        s->pile_info[pile * 3 + n] = copy_string(values[n]);
    }
    publish_pile(s, pile);
}

static void publish_option(ct_sandbox *s, const char *name, const char *value) {
    if (s->L == NULL) return;
    lua_getfield(s->L, LUA_REGISTRYINDEX, "options");
    lua_pushstring(s->L, value);
    lua_setfield(s->L, -2, name);
    lua_pop(s->L, 1);
}

void ct_sandbox_set_option(ct_sandbox *s, const char *name, const char *value) {
    int index = 0;
    while (index < s->option_count && strcmp(s->option_pairs[2 * index], name) != 0) index++;
    if (index == s->option_count) {
        char **grown = realloc(s->option_pairs, sizeof(char *) * 2 * (size_t)(s->option_count + 1));
        if (grown == NULL) return;
        s->option_pairs = grown;
        s->option_pairs[2 * index] = copy_string(name);
        s->option_pairs[2 * index + 1] = NULL;
        s->option_count++;
    }
    free(s->option_pairs[2 * index + 1]);
    s->option_pairs[2 * index + 1] = copy_string(value);
    publish_option(s, name, value);
}

/// Starts a call: budgets reset, no steps yet.
static void begin(ct_sandbox *s, const char *hook, int mode, int automatic) {
    s->instructions = 0;
    s->over_budget = BUDGET_KEPT;
    s->budget_line = 0;
    s->last_line = 0;
    s->out_of_memory = 0;
    s->in_handler = 0;
    s->step_count = 0;
    s->mode = mode;
    s->automatic = automatic;
    s->current_hook = hook;
    s->error[0] = 0;
    s->traceback[0] = 0;
    lua_settop(s->L, 0);
    // The longest string is gone once the script holds less memory than it took.
    if (s->longest_string > s->memory_used) s->longest_string = 0;
    sandbox_pace(s->L);
    read_clock(&s->started);
    s->in_call = 1;
}

/// The end of a call that did not fail.
static void finish(ct_sandbox *s) {
    s->in_call = 0;
    lua_settop(s->L, 0);
}

/// Runs the script's main chunk in the current state and finds its hooks. 0, or -1 and the error.
static int run_main_chunk(ct_sandbox *s) {
    begin(s, "the script's main chunk", MODE_READ, 0);
    lua_State *L = s->L;
    sandbox_push_api(L);
    lua_setglobal(L, "game");
    lua_pushcfunction(L, message_handler);
    char name[sizeof s->chunk_name + 1];
    snprintf(name, sizeof name, "@%s", s->chunk_name);
    int status = luaL_loadbufferx(L, s->source, s->source_length, name, "t");
    if (status == LUA_OK) status = lua_pcall(L, 0, 0, 1);
    if (status == LUA_OK && s->over_budget) status = LUA_ERRRUN;
    if (status != LUA_OK) {
        record_error(s, status);
        return -1;
    }
    finish(s);
    for (int n = 0; n < CT_HOOK_COUNT; n++) {
        s->hook_refs[n] = LUA_NOREF;
        if (lua_getglobal(L, ct_hook_names[n]) == LUA_TFUNCTION) {
            s->hook_refs[n] = luaL_ref(L, LUA_REGISTRYINDEX);
        } else {
            lua_pop(L, 1);
        }
    }
    return 0;
}

int ct_sandbox_load(ct_sandbox *s, const char *source, size_t length, const char *chunk_name) {
    free(s->source);
    s->source = malloc(length ? length : 1);
    if (s->source == NULL) {
        snprintf(s->error, ERROR_SIZE, "no memory to hold the script");
        return -1;
    }
    memcpy(s->source, source, length);
    s->source_length = length;
    snprintf(s->chunk_name, sizeof s->chunk_name, "%s", chunk_name);
    return run_main_chunk(s);
}

/// Starts the script afresh in a new state, keeping the error of the call that failed: for a
/// script that holds on to its memory (in a global) after a failure, which would otherwise fail
/// every call from then on. When its main chunk fails this time, the script is broken for good.
static void restart(ct_sandbox *s) {
    char error[ERROR_SIZE], traceback[TRACEBACK_SIZE];
    memcpy(error, s->error, sizeof error);
    memcpy(traceback, s->traceback, sizeof traceback);
    const char *hook = s->current_hook;
    lua_close(s->L);
    s->L = NULL;
    s->restarting = 1;
    if (open_state(s) != 0) {
        s->broken = 1;
    } else {
        for (int pile = 0; pile < s->pile_count; pile++) publish_pile(s, pile);
        for (int n = 0; n < s->option_count; n++) publish_option(s, s->option_pairs[2 * n], s->option_pairs[2 * n + 1]);
        if (run_main_chunk(s) != 0) s->broken = 1;
    }
    s->restarting = 0;
    memcpy(s->error, error, sizeof error);
    memcpy(s->traceback, traceback, sizeof traceback);
    s->current_hook = hook;
}

int ct_sandbox_has_hook(const ct_sandbox *s, ct_hook hook) {
    return hook >= 0 && hook < CT_HOOK_COUNT && s->hook_refs[hook] != LUA_NOREF;
}

/// Appends `text` to a growing string on the side (malloc'd).
static void append_text(char **text, size_t *length, const char *more) {
    size_t extra = strlen(more);
    char *grown = realloc(*text, *length + extra + 1);
    if (grown == NULL) return;
    memcpy(grown + *length, more, extra + 1);
    *text = grown;
    *length += extra;
}

const char *ct_sandbox_other_functions(ct_sandbox *s) {
    if (s->L == NULL) return "";
    lua_State *L = s->L;
    lua_settop(L, 0);
    char *text = NULL;
    size_t length = 0;
    append_text(&text, &length, "");
    lua_pushglobaltable(L);
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TFUNCTION && !lua_iscfunction(L, -1)) {
            const char *name = lua_tostring(L, -2);
            int hook = 0;
            for (int n = 0; n < CT_HOOK_COUNT; n++) hook |= strcmp(name, ct_hook_names[n]) == 0;
            if (!hook) {
                lua_Debug ar;
                lua_pushvalue(L, -1);
                lua_getinfo(L, ">S", &ar);
                char line[320];
                snprintf(line, sizeof line, "%.256s:%d\n", name, ar.linedefined);
                append_text(&text, &length, line);
            }
        }
        lua_pop(L, 1);
    }
    lua_settop(L, 0);
    free(s->scratch);
    s->scratch = text;
    return s->scratch ? s->scratch : "";
}

double ct_sandbox_global_number(ct_sandbox *s, const char *name, double fallback) {
    if (s->L == NULL) return fallback;
    lua_State *L = s->L;
    lua_settop(L, 0);
    lua_pushglobaltable(L);
    lua_pushstring(L, name);
    lua_rawget(L, -2);
    double value = lua_type(L, -1) == LUA_TNUMBER ? lua_tonumber(L, -1) : fallback;
    lua_settop(L, 0);
    return value;
}

/// A field of an option entry as text: strings and numbers only.
static const char *option_text(lua_State *L, int table, const char *field) {
    lua_pushstring(L, field);
    lua_rawget(L, table);
    int type = lua_type(L, -1);
    const char *text = type == LUA_TSTRING || type == LUA_TNUMBER ? lua_tostring(L, -1) : NULL;
    return text;
}

// The most bytes an option's name, default, text or one of its values may have. The options'
// text is built outside the script's memory limit: with at most 64 options of 64 values, this
// keeps it under a megabyte (a 4 MB string used in every field asked for gigabytes).
#define OPTION_FIELD_LIMIT 200

// The first character of `text` a terminal would act on rather than show (as TerminalText's
// isUnsafe says: the C0 controls, DEL, the C1 controls, the bidirectional controls, the line and
// paragraph separators), as a code point; -1 for none. A tab or a line feed would also break the
// options' lines, which are tab-separated.
static long option_control_character(const char *text) {
    const unsigned char *byte = (const unsigned char *)text;
    for (; *byte; byte++) {
        if (*byte < 0x20 || *byte == 0x7F) return *byte;
        if (byte[0] == 0xC2 && byte[1] >= 0x80 && byte[1] <= 0x9F) return byte[1];
        if (byte[0] == 0xD8 && byte[1] == 0x9C) return 0x061C;
        if (byte[0] == 0xE2 && byte[1] != 0 && byte[2] != 0) {
            long point = ((long)(byte[0] & 0x0F) << 12) | ((long)(byte[1] & 0x3F) << 6) | (byte[2] & 0x3F);
            if (point == 0x200E || point == 0x200F || (point >= 0x202A && point <= 0x202E)
                || (point >= 0x2066 && point <= 0x2069) || point == 0x2028 || point == 0x2029)
                return point;
        }
    }
    return -1;
}

// Whether an option's field is within OPTION_FIELD_LIMIT and printable text (no control
// character, and for a value no '|', which separates values); if not, says which, and where.
static int option_field_fits(ct_sandbox *s, lua_Integer n, const char *field, const char *text,
                             const char *name) {
    if (text == NULL) return 1;
    char message[400];
    // The option's name, once it is known to be printable, says which option it is.
    char which[260] = "";
    if (name != NULL) snprintf(which, sizeof which, " (option '%s')", name);
    if (strlen(text) > OPTION_FIELD_LIMIT) {
        snprintf(message, sizeof message, "options[%d]'s %s is longer than %d bytes", (int)n, field,
                 OPTION_FIELD_LIMIT);
        set_error(s, "%s", message);
        return 0;
    }
    long control = option_control_character(text);
    if (control >= 0) {
        char shown[16];
        if (control < 0x20 || control == 0x7F)
            snprintf(shown, sizeof shown, "byte 0x%02lX", control);
        else
            snprintf(shown, sizeof shown, "U+%04lX", control);
        snprintf(message, sizeof message,
                 "options[%d]'s %s holds a control character (%s)%s: an option's name, default, text and "
                 "values are printable text",
                 (int)n, field, shown, which);
        set_error(s, "%s", message);
        return 0;
    }
    // A name is one word: the player gives it as `--option NAME=VALUE`, and a save keeps it as
    // `option NAME VALUE`. A name with a space read back as its first word (the game did not
    // resume), one with '=' could not be given at all, and an empty one was a save's bad line.
    if (strcmp(field, "name") == 0 && (text[0] == '\0' || strpbrk(text, " =") != NULL)) {
        snprintf(message, sizeof message,
                 "options[%d]'s name '%s' %s: a name is one word, as in --option NAME=VALUE", (int)n, text,
                 text[0] == '\0' ? "is empty" : strchr(text, ' ') != NULL ? "holds a space" : "holds '='");
        set_error(s, "%s", message);
        return 0;
    }
    if (strcmp(field, "value") == 0 && strchr(text, '|') != NULL) {
        snprintf(message, sizeof message, "options[%d]'s value '%s'%s holds '|', which separates values", (int)n,
                 text, which);
        set_error(s, "%s", message);
        return 0;
    }
    return 1;
}

int ct_sandbox_options(ct_sandbox *s, const char **lines) {
    *lines = "";
    if (s->L == NULL) return 0;
    lua_State *L = s->L;
    lua_settop(L, 0);
    char *text = NULL;
    size_t length = 0;
    append_text(&text, &length, "");
    lua_pushglobaltable(L);
    lua_pushliteral(L, "options");
    lua_rawget(L, 1);
    int result = 0;
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_Integer count = (lua_Integer)lua_rawlen(L, 2);
        for (lua_Integer n = 1; n <= count && n <= 64 && result == 0; n++) {
            int top = lua_gettop(L);
            lua_rawgeti(L, 2, n);
            int entry = lua_gettop(L);
            const char *name = lua_type(L, entry) == LUA_TTABLE ? option_text(L, entry, "name") : NULL;
            const char *fallback = name ? option_text(L, entry, "default") : NULL;
            const char *words = name ? option_text(L, entry, "text") : NULL;
            if (name == NULL || fallback == NULL) {
                char message[160];
                snprintf(message, sizeof message,
                         "options[%d] must be a table with a name and a default (strings or numbers)", (int)n);
                set_error(s, "%s", message);
                result = -1;
                break;
            }
            if (!option_field_fits(s, n, "name", name, NULL) || !option_field_fits(s, n, "default", fallback, name)
                || !option_field_fits(s, n, "text", words, name)) {
                result = -1;
                break;
            }
            append_text(&text, &length, name);
            append_text(&text, &length, "\t");
            append_text(&text, &length, fallback);
            append_text(&text, &length, "\t");
            append_text(&text, &length, words ? words : "");
            append_text(&text, &length, "\t");
            lua_pushliteral(L, "values");
            lua_rawget(L, entry);
            if (lua_type(L, -1) == LUA_TTABLE) {
                int values = lua_gettop(L);
                lua_Integer valueCount = (lua_Integer)lua_rawlen(L, values);
                for (lua_Integer v = 1; v <= valueCount && v <= 64; v++) {
                    lua_rawgeti(L, values, v);
                    int type = lua_type(L, -1);
                    if ((type == LUA_TSTRING || type == LUA_TNUMBER)
                        && !option_field_fits(s, n, "value", lua_tostring(L, -1), name)) {
                        result = -1;
                        break;
                    }
                    if (type == LUA_TSTRING || type == LUA_TNUMBER) {
                        if (v > 1) append_text(&text, &length, "|");
                        append_text(&text, &length, lua_tostring(L, -1));
                    }
                    lua_pop(L, 1);
                }
            }
            append_text(&text, &length, "\n");
            lua_settop(L, top);
        }
    } else if (lua_type(L, 2) != LUA_TNIL) {
        set_error(s, "%s", "options must be a table (a list of options), or nil");
        result = -1;
    }
    lua_settop(L, 0);
    free(s->scratch);
    s->scratch = text;
    *lines = s->scratch ? s->scratch : "";
    return result;
}

// MARK: The position

void ct_sandbox_set_cards(ct_sandbox *s, int pile, const uint8_t *cards, int count) {
    if (pile < 0 || pile >= s->pile_count) return;
    if (count > s->max_cards) count = s->max_cards;
    if (count > 0) memcpy(pile_cards(s, pile), cards, (size_t)count);
    s->counts[pile] = count < 0 ? 0 : count;
}

void ct_sandbox_set_redeals(ct_sandbox *s, int redeals_left) { s->redeals = redeals_left; }

void ct_sandbox_set_base(ct_sandbox *s, int rank) { s->base = rank >= 1 && rank <= 13 ? rank : 0; }

void ct_sandbox_set_deck(ct_sandbox *s, const uint8_t *cards, int count) {
    if (count > s->max_cards) count = s->max_cards;
    if (count > 0) memcpy(s->deck, cards, (size_t)count);
    s->deck_count = count < 0 ? 0 : count;
    s->deck_next = 0;
}

void ct_sandbox_seed(ct_sandbox *s, uint64_t seed) {
    s->pending_seed = seed;
    s->seed_pending = 1;
}

int ct_sandbox_pile_count(const ct_sandbox *s, int pile) {
    return pile >= 0 && pile < s->pile_count ? s->counts[pile] : 0;
}

const uint8_t *ct_sandbox_pile_cards(const ct_sandbox *s, int pile) {
    return s->cards + (size_t)pile * s->max_cards;
}

int ct_sandbox_redeals(const ct_sandbox *s) { return s->redeals; }
int ct_sandbox_deck_left(const ct_sandbox *s) { return s->deck_count - s->deck_next; }
const uint8_t *ct_sandbox_deck_cards(const ct_sandbox *s) { return s->deck + s->deck_next; }
int ct_sandbox_step_count(const ct_sandbox *s) { return s->step_count; }
const ct_step *ct_sandbox_steps(const ct_sandbox *s) { return s->steps; }
const char *ct_sandbox_error(const ct_sandbox *s) { return s->error; }
const char *ct_sandbox_traceback(const ct_sandbox *s) { return s->traceback; }
int64_t ct_sandbox_instructions(const ct_sandbox *s) { return s->instructions; }
size_t ct_sandbox_memory(const ct_sandbox *s) { return s->memory_used; }

// MARK: Calls

/// Starts a hook call: 0, or -1 (and the error) when the script is broken for good.
static int start_call(ct_sandbox *s, ct_hook hook, int mode, int automatic) {
    if (s->broken) {
        snprintf(s->error, ERROR_SIZE, "the script could not start again after it ran out of memory");
        s->traceback[0] = 0;
        return -1;
    }
    begin(s, ct_hook_names[hook], mode, automatic);
    lua_pushcfunction(s->L, message_handler);
    lua_rawgeti(s->L, LUA_REGISTRYINDEX, s->hook_refs[hook]);
    return 0;
}

/// Calls the hook pushed by start_call with its arguments pushed after it. Returns the status;
/// on success the results are at indices 2 and up (1: the message handler).
static int call(ct_sandbox *s, int arg_count, int results) {
    lua_State *L = s->L;
    int status = lua_pcall(L, arg_count, results, 1);
    if (status == LUA_OK && s->over_budget) {
        // The script caught the budget's error and returned (`return pcall(loop)`): it failed all
        // the same.
        lua_settop(L, 0);
        status = LUA_ERRRUN;
    }
    if (status != LUA_OK) {
        record_error(s, status);
    } else {
        s->in_call = 0;
    }
    return status;
}

/// Calls a hook with whole-number arguments (piles and indices, 1-based).
static int call_hook(ct_sandbox *s, ct_hook hook, int mode, int automatic, const int *args, int arg_count,
                     int results) {
    if (start_call(s, hook, mode, automatic) != 0) return LUA_ERRRUN;
    for (int n = 0; n < arg_count; n++) lua_pushinteger(s->L, (lua_Integer)args[n]);
    return call(s, arg_count, results);
}

/// A hook that returned what it must not: the message names the line the hook is defined on.
static ct_result wrong_result(ct_sandbox *s, ct_hook hook, const char *format, const char *detail) {
    lua_State *L = s->L;
    char place[160] = "";
    lua_Debug ar;
    lua_rawgeti(L, LUA_REGISTRYINDEX, s->hook_refs[hook]);
    if (lua_getinfo(L, ">S", &ar) && ar.linedefined > 0) {
        snprintf(place, sizeof place, "%s:%d: ", ar.short_src, ar.linedefined);
    }
    char message[ERROR_SIZE];
    snprintf(message, sizeof message, format, detail);
    snprintf(s->error, ERROR_SIZE, "%s%s", place, message);
    s->traceback[0] = 0;
    lua_settop(L, 0);
    return CT_RESULT_ERROR;
}

/// The result at stack `index` (the first result is at 2) is not what it must be.
static ct_result wrong_type(ct_sandbox *s, ct_hook hook, const char *expected, int index) {
    static const char *const ordinals[] = {"", " as its second result", " as its third result", " as its fourth result"};
    char format[ERROR_SIZE];
    snprintf(format, sizeof format, "returned a %s%s; it must return %%s", luaL_typename(s->L, index),
             index - 2 < 4 ? ordinals[index - 2] : "");
    return wrong_result(s, hook, format, expected);
}

ct_result ct_sandbox_ask(ct_sandbox *s, ct_hook hook, const int *args, int arg_count, int *answer,
                         const char **reason) {
    if (reason) *reason = NULL;
    if (!ct_sandbox_has_hook(s, hook)) return CT_RESULT_NONE;
    if (call_hook(s, hook, MODE_READ, 0, args, arg_count, 2) != LUA_OK) return CT_RESULT_ERROR;
    lua_State *L = s->L;
    int type = lua_type(L, 2);
    if (type == LUA_TNIL) {
        lua_settop(L, 0);
        return CT_RESULT_NONE;
    }
    if (type != LUA_TBOOLEAN) return wrong_type(s, hook, "true, false or nil", 2);
    *answer = lua_toboolean(L, 2);
    if (lua_type(L, 3) == LUA_TSTRING) {
        if (reason) {
            copy_text(s->reason, REASON_SIZE, lua_tostring(L, 3));
            *reason = s->reason;
        }
    } else if (lua_type(L, 3) != LUA_TNIL) {
        return wrong_type(s, hook, "a reason that is a string (or nothing) after its answer", 3);
    }
    lua_settop(L, 0);
    return CT_RESULT_VALUE;
}

ct_result ct_sandbox_act(ct_sandbox *s, ct_hook hook, const int *args, int arg_count, int automatic) {
    if (!ct_sandbox_has_hook(s, hook)) return CT_RESULT_NONE;
    int mode = hook == CT_HOOK_DEAL ? MODE_DEAL : MODE_ACT;
    if (call_hook(s, hook, mode, automatic, args, arg_count, 0) != LUA_OK) return CT_RESULT_ERROR;
    lua_settop(s->L, 0);
    return CT_RESULT_VALUE;
}

/// The most moves the moves hook may list: a position has far fewer transfers.
enum { MAX_LISTED_MOVES = 1 << 16 };

/// Reads the moves hook's second result, the piles a click moves cards on (0-based), into
/// s->clicks; -1 in s->click_count when it gave none. CT_RESULT_VALUE, or an error.
static ct_result read_clicks(ct_sandbox *s) {
    lua_State *L = s->L;
    s->click_count = -1;
    int type = lua_type(L, 3);
    if (type == LUA_TNIL) return CT_RESULT_VALUE;
    static const char *const expected = "the piles a click moves cards on as its second result (a list), or nothing";
    if (type != LUA_TTABLE) {
        char format[ERROR_SIZE];
        snprintf(format, sizeof format, "returned a %s as its second result; it must return %%s", luaL_typename(L, 3));
        return wrong_result(s, CT_HOOK_MOVES, format, expected);
    }
    lua_Unsigned length = lua_rawlen(L, 3);
    if (length > (lua_Unsigned)s->pile_count) {
        char detail[96];
        snprintf(detail, sizeof detail, "%llu piles to click (there are %d)", (unsigned long long)length,
                 s->pile_count);
        return wrong_result(s, CT_HOOK_MOVES, "listed %s", detail);
    }
    if (s->clicks == NULL) {
        s->clicks = malloc((size_t)(s->pile_count ? s->pile_count : 1) * sizeof *s->clicks);
        if (s->clicks == NULL) {
            lua_settop(L, 0);
            set_error(s, "%s", "no memory for the moves hook's list");
            return CT_RESULT_ERROR;
        }
    }
    for (lua_Unsigned n = 1; n <= length; n++) {
        int isnumber = lua_rawgeti(L, 3, (lua_Integer)n) == LUA_TNUMBER && lua_isinteger(L, -1);
        lua_Integer pile = isnumber ? lua_tointeger(L, -1) : 0;
        if (!isnumber || pile < 1 || pile > s->pile_count) {
            char detail[160];
            snprintf(detail, sizeof detail, "click %llu on %s (a pile from 1 to %d)", (unsigned long long)n,
                     isnumber ? "a pile out of range" : luaL_typename(L, -1), s->pile_count);
            return wrong_result(s, CT_HOOK_MOVES, "listed %s", detail);
        }
        s->clicks[n - 1] = (int)pile - 1;
        lua_pop(L, 1);
    }
    s->click_count = (int)length;
    return CT_RESULT_VALUE;
}

int ct_sandbox_moves_clicks(const ct_sandbox *s, const int **clicks) {
    *clicks = s->clicks;
    return s->click_count;
}

ct_result ct_sandbox_moves(ct_sandbox *s, const int **moves, int *count) {
    *moves = NULL;
    *count = 0;
    s->click_count = -1;
    if (!ct_sandbox_has_hook(s, CT_HOOK_MOVES)) return CT_RESULT_NONE;
    if (call_hook(s, CT_HOOK_MOVES, MODE_READ, 0, NULL, 0, 2) != LUA_OK) return CT_RESULT_ERROR;
    lua_State *L = s->L;
    int type = lua_type(L, 2);
    if (type == LUA_TNIL) {
        lua_settop(L, 0);
        return CT_RESULT_NONE;
    }
    static const char *const expected = "a list of moves, each {from, count, to}, or nil";
    if (type != LUA_TTABLE) return wrong_type(s, CT_HOOK_MOVES, expected, 2);
    lua_Unsigned length = lua_rawlen(L, 2);
    if (length > MAX_LISTED_MOVES) {
        char detail[96];
        snprintf(detail, sizeof detail, "%llu moves (at most %d)", (unsigned long long)length, MAX_LISTED_MOVES);
        return wrong_result(s, CT_HOOK_MOVES, "listed %s", detail);
    }
    if ((int)length * 3 > s->move_capacity) {
        int capacity = (int)length * 3 < 96 ? 96 : (int)length * 3;
        int *grown = realloc(s->moves, (size_t)capacity * sizeof *grown);
        if (grown == NULL) {
            lua_settop(L, 0);
            set_error(s, "%s", "no memory for the moves hook's list");
            return CT_RESULT_ERROR;
        }
        s->moves = grown;
        s->move_capacity = capacity;
    }
    for (lua_Unsigned n = 1; n <= length; n++) {
        if (lua_rawgeti(L, 2, (lua_Integer)n) != LUA_TTABLE) {
            char detail[96];
            snprintf(detail, sizeof detail, "a %s as move %llu", luaL_typename(L, -1), (unsigned long long)n);
            return wrong_result(s, CT_HOOK_MOVES, "listed %s; each move must be a table {from, count, to}", detail);
        }
        int entry = lua_gettop(L);
        for (int field = 0; field < 3; field++) {
            lua_rawgeti(L, entry, field + 1);
            int limit = field == 1 ? s->max_cards : s->pile_count;
            int isnumber = lua_isinteger(L, -1);
            lua_Integer value = isnumber ? lua_tointeger(L, -1) : 0;
            if (!isnumber || value < 1 || value > limit) {
                static const char *const names[3] = {"from", "count", "to"};
                char detail[160];
                snprintf(detail, sizeof detail, "move %llu with %s %s (a whole number from 1 to %d)",
                         (unsigned long long)n, names[field], isnumber ? "out of range" : luaL_typename(L, -1),
                         limit);
                return wrong_result(s, CT_HOOK_MOVES, "listed %s", detail);
            }
            s->moves[3 * (n - 1) + field] = (int)value - (field == 1 ? 0 : 1);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    if (read_clicks(s) != CT_RESULT_VALUE) return CT_RESULT_ERROR;
    lua_settop(L, 0);
    *moves = s->moves;
    *count = (int)length;
    return CT_RESULT_VALUE;
}

ct_result ct_sandbox_hint(ct_sandbox *s, int move[3], const char **text) {
    *text = NULL;
    if (!ct_sandbox_has_hook(s, CT_HOOK_HINT)) return CT_RESULT_NONE;
    if (call_hook(s, CT_HOOK_HINT, MODE_READ, 0, NULL, 0, 4) != LUA_OK) return CT_RESULT_ERROR;
    lua_State *L = s->L;
    if (lua_type(L, 2) == LUA_TNIL) {
        lua_settop(L, 0);
        return CT_RESULT_NONE;
    }
    for (int n = 0; n < 3; n++) {
        int index = n + 2;
        if (n == 2 && lua_type(L, index) == LUA_TNIL) {
            move[2] = 1;
            continue;
        }
        if (!lua_isinteger(L, index)) {
            return wrong_type(s, CT_HOOK_HINT, "nil, or from, to [, count [, text]] as whole numbers", index);
        }
        lua_Integer value = lua_tointeger(L, index);
        int limit = n == 2 ? s->max_cards : s->pile_count;
        if (value < 1 || value > limit) {
            char detail[160];
            snprintf(detail, sizeof detail, "%s %lld, which is out of range (1 to %d)",
                     n == 2 ? "a count of" : "pile", (long long)value, limit);
            return wrong_result(s, CT_HOOK_HINT, "returned %s", detail);
        }
        move[n] = (int)value - (n == 2 ? 0 : 1);
    }
    if (lua_type(L, 5) == LUA_TSTRING) {
        copy_text(s->reason, REASON_SIZE, lua_tostring(L, 5));
        *text = s->reason;
    }
    lua_settop(L, 0);
    return CT_RESULT_VALUE;
}

ct_result ct_sandbox_timer(ct_sandbox *s, double seconds, const char **text) {
    *text = NULL;
    if (!ct_sandbox_has_hook(s, CT_HOOK_ON_TIMER)) return CT_RESULT_NONE;
    if (start_call(s, CT_HOOK_ON_TIMER, MODE_READ, 0) != 0) return CT_RESULT_ERROR;
    lua_State *L = s->L;
    lua_pushinteger(L, (lua_Integer)seconds);
    if (call(s, 1, 1) != LUA_OK) return CT_RESULT_ERROR;
    int type = lua_type(L, 2);
    if (type == LUA_TNIL) {
        lua_settop(L, 0);
        return CT_RESULT_NONE;
    }
    if (type != LUA_TSTRING) return wrong_type(s, CT_HOOK_ON_TIMER, "a string to show, or nil", 2);
    copy_text(s->reason, REASON_SIZE, lua_tostring(L, 2));
    *text = s->reason;
    lua_settop(L, 0);
    return CT_RESULT_VALUE;
}
