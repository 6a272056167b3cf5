// The Lua sandbox of a variant's script (script_sandbox.h). Everything that can raise a Lua error
// runs here, under lua_pcall, so no longjmp ever crosses a Swift frame.
//
// Limits:
// - memory: the allocator refuses to hold more than `memory_limit` bytes; Lua then raises "not
//   enough memory", which no script can make go away (the limit stays);
// - time: a count hook runs every HOOK_STEP instructions and raises an error once a call has run
//   more than `instruction_limit`. From then on it fires before every instruction of every
//   coroutine, so a script that catches the error (pcall, coroutine.resume) fails again at its
//   next instruction, and the error climbs out to the hook call.

#include "script_sandbox.h"

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

enum { HOOK_STEP = 1000, ERROR_SIZE = 1024, TRACEBACK_SIZE = 4096, REASON_SIZE = 512 };

enum { MODE_READ = 0, MODE_ACT = 1, MODE_DEAL = 2 };

const char *const ct_hook_names[CT_HOOK_COUNT] = {
    "deal",           "can_pick_up", "can_drop", "after_move", "on_click", "on_double_click",
    "on_stock_click", "is_won",      "moves_left", "hint",     "on_timer",
};

const char *ct_hook_name(ct_hook hook) { return hook >= 0 && hook < CT_HOOK_COUNT ? ct_hook_names[hook] : "?"; }

struct ct_sandbox {
    lua_State *L;
    size_t memory_used, memory_limit;
    int64_t instructions, instruction_limit;
    int over_budget;
    /// Where the script was when the count hook last ran: for messages about memory.
    int last_line;
    char last_source[128];

    int pile_count, max_cards;
    uint8_t *cards; /* pile_count * max_cards */
    int *counts;
    int redeals; /* -1: unlimited */
    uint8_t *deck;
    int deck_count, deck_next;

    ct_step *steps;
    int step_count, step_capacity;
    int mode, automatic;

    int hook_refs[CT_HOOK_COUNT];
    int randomseed_ref;
    const char *current_hook;

    char error[ERROR_SIZE];
    char traceback[TRACEBACK_SIZE];
    char reason[REASON_SIZE];
    char *scratch;
};

// MARK: Memory and time

static void *sandbox_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    ct_sandbox *s = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        s->memory_used -= old;
        free(ptr);
        return NULL;
    }
    if (nsize > old && s->memory_used + (nsize - old) > s->memory_limit) return NULL;
    void *block = realloc(ptr, nsize);
    if (block == NULL) return NULL;
    s->memory_used = s->memory_used - old + nsize;
    return block;
}

static ct_sandbox *sandbox_of(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return ud;
}

static void count_hook(lua_State *L, lua_Debug *ar) {
    ct_sandbox *s = sandbox_of(L);
    s->instructions += lua_gethookcount(L);
    if (lua_getinfo(L, "Sl", ar)) {
        s->last_line = ar->currentline;
        snprintf(s->last_source, sizeof s->last_source, "%s", ar->short_src);
    }
    if (s->instructions > s->instruction_limit || s->over_budget) {
        s->over_budget = 1;
        lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
        if (ar->currentline > 0) {
            lua_pushfstring(L, "%s:%d: ", ar->short_src, ar->currentline);
        } else {
            lua_pushliteral(L, "");
        }
        lua_pushfstring(L, "%s ran more than %I instructions (an endless loop?)",
                        s->current_hook ? s->current_hook : "the script", (lua_Integer)s->instruction_limit);
        lua_concat(L, 2);
        lua_error(L);
    }
}

// MARK: Errors

/// The message handler: the error as text (whatever the error object is) and a traceback.
static int message_handler(lua_State *L) {
    const char *message = NULL;
    int type = lua_type(L, 1);
    if (type == LUA_TSTRING || type == LUA_TNUMBER) {
        message = lua_tostring(L, 1);
    } else if (luaL_getmetafield(L, 1, "__tostring") != LUA_TNIL) {
        lua_pushvalue(L, 1);
        if (lua_pcall(L, 1, 1, 0) == LUA_OK && lua_type(L, -1) == LUA_TSTRING) {
            message = lua_tostring(L, -1);
        } else {
            message = lua_pushfstring(L, "an error whose value is a %s (its __tostring failed)", luaL_typename(L, 1));
        }
    } else {
        message = lua_pushfstring(L, "an error whose value is a %s, not a message", luaL_typename(L, 1));
    }
    luaL_traceback(L, L, message, 1);
    return 1;
}

/// Copies at most `size - 1` bytes of `text` into `buffer`, ending on a whole UTF-8 character.
static void copy_text(char *buffer, size_t size, const char *text) {
    size_t length = strlen(text);
    if (length >= size) {
        length = size - 1;
        while (length > 0 && ((unsigned char)text[length] & 0xC0) == 0x80) length--;
    }
    memcpy(buffer, text, length);
    buffer[length] = 0;
}

/// Records the error of a failed call (its status and the handler's text on the stack).
static void record_error(ct_sandbox *s, int status) {
    lua_State *L = s->L;
    s->traceback[0] = 0;
    if (status == LUA_ERRMEM) {
        if (s->last_line > 0) {
            snprintf(s->error, ERROR_SIZE, "%s:%d: %s used more than the %zu MB of memory a script may have",
                     s->last_source, s->last_line, s->current_hook ? s->current_hook : "the script",
                     s->memory_limit >> 20);
        } else {
            snprintf(s->error, ERROR_SIZE, "%s used more than the %zu MB of memory a script may have",
                     s->current_hook ? s->current_hook : "the script", s->memory_limit >> 20);
        }
    } else if (status == LUA_ERRERR) {
        snprintf(s->error, ERROR_SIZE, "%s failed, and so did reporting its error",
                 s->current_hook ? s->current_hook : "the script");
    } else {
        const char *text = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "unknown error";
        const char *newline = strchr(text, '\n');
        size_t first = newline ? (size_t)(newline - text) : strlen(text);
        char line[ERROR_SIZE * 2];
        if (first >= sizeof line) first = sizeof line - 1;
        memcpy(line, text, first);
        line[first] = 0;
        copy_text(s->error, ERROR_SIZE, line);
        if (newline) copy_text(s->traceback, TRACEBACK_SIZE, newline + 1);
    }
    // Whatever the script built before failing is garbage now: give the memory back at once.
    lua_settop(L, 0);
    lua_gc(L, LUA_GCCOLLECT);
}

static void set_error(ct_sandbox *s, const char *format, const char *detail) {
    snprintf(s->error, ERROR_SIZE, format, detail);
    s->traceback[0] = 0;
}

// MARK: The game API

static int check_pile(lua_State *L, int arg) {
    ct_sandbox *s = sandbox_of(L);
    lua_Integer pile = luaL_checkinteger(L, arg);
    if (pile < 1 || pile > s->pile_count) {
        return luaL_error(L, "pile %I does not exist (the piles are 1 to %d)", pile, s->pile_count);
    }
    return (int)pile - 1;
}

/// The card index argument (1 = bottom, -1 = top, absent = top) as a 0-based index, or -1.
static int card_index(lua_State *L, int arg, int count) {
    lua_Integer index = luaL_optinteger(L, arg, -1);
    if (index < 0) index = count + 1 + index;
    if (index < 1 || index > count) return -1;
    return (int)index - 1;
}

static uint8_t *pile_cards(ct_sandbox *s, int pile) { return s->cards + (size_t)pile * s->max_cards; }

/// The card at (pile, index) argument pair, or -1 when there is none.
static int card_at(lua_State *L) {
    ct_sandbox *s = sandbox_of(L);
    int pile = check_pile(L, 1);
    int index = card_index(L, 2, s->counts[pile]);
    return index < 0 ? -1 : pile_cards(s, pile)[index];
}

static const char suit_letters[4][2] = {"C", "D", "H", "S"};

static void push_card(lua_State *L, int raw) {
    lua_createtable(L, 0, 4);
    lua_pushinteger(L, raw & 0x0F);
    lua_setfield(L, -2, "rank");
    lua_pushstring(L, suit_letters[(raw >> 4) & 3]);
    lua_setfield(L, -2, "suit");
    int suit = (raw >> 4) & 3;
    lua_pushstring(L, suit == 1 || suit == 2 ? "red" : "black");
    lua_setfield(L, -2, "color");
    lua_pushboolean(L, (raw & 0x80) != 0);
    lua_setfield(L, -2, "up");
}

static int api_pile_count(lua_State *L) {
    lua_pushinteger(L, sandbox_of(L)->pile_count);
    return 1;
}

static int api_count(lua_State *L) {
    ct_sandbox *s = sandbox_of(L);
    lua_pushinteger(L, s->counts[check_pile(L, 1)]);
    return 1;
}

static int api_card(lua_State *L) {
    int raw = card_at(L);
    if (raw < 0) return lua_pushnil(L), 1;
    push_card(L, raw);
    return 1;
}

static int api_rank(lua_State *L) {
    int raw = card_at(L);
    if (raw < 0) return lua_pushnil(L), 1;
    lua_pushinteger(L, raw & 0x0F);
    return 1;
}

static int api_suit(lua_State *L) {
    int raw = card_at(L);
    if (raw < 0) return lua_pushnil(L), 1;
    lua_pushstring(L, suit_letters[(raw >> 4) & 3]);
    return 1;
}

static int api_color(lua_State *L) {
    int raw = card_at(L);
    if (raw < 0) return lua_pushnil(L), 1;
    int suit = (raw >> 4) & 3;
    lua_pushstring(L, suit == 1 || suit == 2 ? "red" : "black");
    return 1;
}

static int api_up(lua_State *L) {
    int raw = card_at(L);
    if (raw < 0) return lua_pushnil(L), 1;
    lua_pushboolean(L, (raw & 0x80) != 0);
    return 1;
}

/// game.kind(p), game.group(p), game.id(p): from the registry table named by upvalue 1.
static int api_pile_info(lua_State *L) {
    int pile = check_pile(L, 1);
    lua_rawgeti(L, lua_upvalueindex(1), pile + 1);
    return 1;
}

/// game.piles(name): the piles of a group, of a kind, or with a slot id, in layout order.
static int api_piles(lua_State *L) {
    ct_sandbox *s = sandbox_of(L);
    const char *name = luaL_checkstring(L, 1);
    lua_createtable(L, 4, 0);
    int found = 0;
    for (int pile = 0; pile < s->pile_count; pile++) {
        int matches = 0;
        for (int table = 1; table <= 3 && !matches; table++) {
            lua_rawgeti(L, lua_upvalueindex(table), pile + 1);
            const char *value = lua_tostring(L, -1);
            matches = value && strcmp(value, name) == 0;
            lua_pop(L, 1);
        }
        if (matches) {
            lua_pushinteger(L, pile + 1);
            lua_rawseti(L, -2, ++found);
        }
    }
    return 1;
}

static void append_step(ct_sandbox *s, lua_State *L, ct_step step) {
    if (s->step_count == s->step_capacity) {
        int capacity = s->step_capacity ? s->step_capacity * 2 : 16;
        if (capacity > 100000) luaL_error(L, "%s made more than 100000 moves", s->current_hook);
        ct_step *grown = realloc(s->steps, sizeof(ct_step) * (size_t)capacity);
        if (grown == NULL) luaL_error(L, "out of memory for moves");
        s->steps = grown;
        s->step_capacity = capacity;
    }
    s->steps[s->step_count++] = step;
}

static void require_acting(lua_State *L, const char *function) {
    ct_sandbox *s = sandbox_of(L);
    if (s->mode == MODE_READ) {
        luaL_error(L,
                   "game.%s may not be called from %s: only deal, after_move, on_click, on_double_click "
                   "and on_stock_click move cards",
                   function, s->current_hook ? s->current_hook : "the script's main chunk");
    }
}

static int option_flag(lua_State *L, int arg, const char *name) {
    if (lua_type(L, arg) != LUA_TTABLE) return 0;
    lua_getfield(L, arg, name);
    int flag = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return flag;
}

/// game.move(from, to [, count [, {flip=, reverse=, redeal=}]])
static int api_move(lua_State *L) {
    require_acting(L, "move");
    ct_sandbox *s = sandbox_of(L);
    int from = check_pile(L, 1), to = check_pile(L, 2);
    lua_Integer count = luaL_optinteger(L, 3, 1);
    if (!lua_isnoneornil(L, 4)) luaL_checktype(L, 4, LUA_TTABLE);
    if (from == to) return luaL_error(L, "game.move: from and to are the same pile (%d)", from + 1);
    if (count < 1 || count > s->counts[from]) {
        return luaL_error(L, "game.move: pile %d has %d cards, cannot move %I", from + 1, s->counts[from], count);
    }
    ct_step step = {from, to, (int32_t)count, (uint8_t)option_flag(L, 4, "flip"),
                    (uint8_t)option_flag(L, 4, "reverse"), (uint8_t)option_flag(L, 4, "redeal"),
                    (uint8_t)s->automatic};
    if (step.spends_redeal) {
        if (s->redeals == 0) return luaL_error(L, "game.move: no redeals are left");
        if (s->redeals > 0) s->redeals--;
    }
    uint8_t *source = pile_cards(s, from), *target = pile_cards(s, to);
    int start = s->counts[from] - (int)count;
    uint8_t toggle = step.flip ? 0x80 : 0;
    for (int n = 0; n < count; n++) {
        int index = step.reverse ? start + (int)count - 1 - n : start + n;
        target[s->counts[to]++] = source[index] ^ toggle;
    }
    s->counts[from] = start;
    if (s->mode == MODE_ACT) append_step(s, L, step);
    return 0;
}

/// game.flip(p [, count]): turns the top cards over in place.
static int api_flip(lua_State *L) {
    require_acting(L, "flip");
    ct_sandbox *s = sandbox_of(L);
    int pile = check_pile(L, 1);
    lua_Integer count = luaL_optinteger(L, 2, 1);
    if (count < 1 || count > s->counts[pile]) {
        return luaL_error(L, "game.flip: pile %d has %d cards, cannot turn %I over", pile + 1, s->counts[pile], count);
    }
    uint8_t *cards = pile_cards(s, pile);
    for (int n = s->counts[pile] - (int)count; n < s->counts[pile]; n++) cards[n] ^= 0x80;
    ct_step step = {pile, pile, (int32_t)count, 1, 0, 0, (uint8_t)s->automatic};
    if (s->mode == MODE_ACT) append_step(s, L, step);
    return 0;
}

/// game.deal(p [, up [, rank [, suit]]]): the next card of the deck (or the next of that rank and
/// suit) onto a pile. Returns the card, or nil when the deck has none.
static int api_deal(lua_State *L) {
    ct_sandbox *s = sandbox_of(L);
    if (s->mode != MODE_DEAL) {
        return luaL_error(L, "game.deal may only be called from the deal hook (it deals a new game)");
    }
    int pile = check_pile(L, 1);
    int up = lua_isnoneornil(L, 2) ? 1 : lua_toboolean(L, 2);
    lua_Integer rank = luaL_optinteger(L, 3, 0);
    const char *suit = luaL_optstring(L, 4, NULL);
    int suit_index = -1;
    if (suit) {
        for (int n = 0; n < 4; n++)
            if (strcmp(suit, suit_letters[n]) == 0) suit_index = n;
        if (suit_index < 0) return luaL_error(L, "game.deal: '%s' is not a suit (C, D, H or S)", suit);
    }
    if (rank < 0 || rank > 13) return luaL_error(L, "game.deal: %I is not a rank (1 to 13)", rank);
    for (int n = s->deck_next; n < s->deck_count; n++) {
        int raw = s->deck[n];
        if (rank && (raw & 0x0F) != rank) continue;
        if (suit_index >= 0 && ((raw >> 4) & 3) != suit_index) continue;
        memmove(s->deck + s->deck_next + 1, s->deck + s->deck_next, (size_t)(n - s->deck_next));
        s->deck_next++;
        raw = up ? (raw | 0x80) : (raw & 0x7F);
        pile_cards(s, pile)[s->counts[pile]++] = (uint8_t)raw;
        push_card(L, raw);
        return 1;
    }
    lua_pushnil(L);
    return 1;
}

static int api_deck_left(lua_State *L) {
    ct_sandbox *s = sandbox_of(L);
    lua_pushinteger(L, s->deck_count - s->deck_next);
    return 1;
}

static int api_redeals_left(lua_State *L) {
    ct_sandbox *s = sandbox_of(L);
    if (s->redeals < 0) {
        lua_pushnumber(L, HUGE_VAL);
    } else {
        lua_pushinteger(L, s->redeals);
    }
    return 1;
}

static int api_set_redeals(lua_State *L) {
    ct_sandbox *s = sandbox_of(L);
    if (s->mode != MODE_DEAL) return luaL_error(L, "game.set_redeals may only be called from the deal hook");
    lua_Number count = luaL_checknumber(L, 1);
    if (count == HUGE_VAL) {
        s->redeals = -1;
    } else if (count >= 0 && count <= 1000000 && count == (lua_Integer)count) {
        s->redeals = (int)count;
    } else {
        return luaL_error(L, "game.set_redeals: give a whole number from 0, or math.huge for no limit");
    }
    return 0;
}

static int api_option(lua_State *L) {
    luaL_checkstring(L, 1);
    lua_pushvalue(L, 1);
    lua_rawget(L, lua_upvalueindex(1));
    return 1;
}

static int api_read_only(lua_State *L) {
    return luaL_error(L, "the game API is read-only: define your own tables for your own values");
}

/// Makes the `game` value: a userdata whose metatable is locked, so the API cannot be changed.
static void push_api(lua_State *L) {
    lua_newuserdatauv(L, 0, 0);
    lua_createtable(L, 0, 4);                // metatable
    lua_createtable(L, 0, 24);               // the functions
    static const luaL_Reg functions[] = {
        {"pile_count", api_pile_count}, {"count", api_count},   {"card", api_card},
        {"rank", api_rank},             {"suit", api_suit},     {"color", api_color},
        {"up", api_up},                 {"move", api_move},     {"flip", api_flip},
        {"deal", api_deal},             {"deck_left", api_deck_left}, {"redeals_left", api_redeals_left},
        {"set_redeals", api_set_redeals}, {NULL, NULL},
    };
    luaL_setfuncs(L, functions, 0);
    static const char *const info[3] = {"kind", "group", "id"};
    for (int n = 0; n < 3; n++) {
        lua_getfield(L, LUA_REGISTRYINDEX, info[n]);
        lua_pushcclosure(L, api_pile_info, 1);
        lua_setfield(L, -2, info[n]);
    }
    for (int n = 0; n < 3; n++) lua_getfield(L, LUA_REGISTRYINDEX, info[n]);
    lua_pushcclosure(L, api_piles, 3);
    lua_setfield(L, -2, "piles");
    lua_getfield(L, LUA_REGISTRYINDEX, "options");
    lua_pushcclosure(L, api_option, 1);
    lua_setfield(L, -2, "option");
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, api_read_only);
    lua_setfield(L, -2, "__newindex");
    lua_pushliteral(L, "the game API cannot be changed");
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
}

// MARK: The sandbox's libraries

static int print_nothing(lua_State *L) {
    (void)L;
    return 0;
}

/// load, text chunks only: upvalue 1 is the real load.
static int load_text_only(lua_State *L) {
    int given = lua_gettop(L);
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
    return lua_gettop(L) - given;
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
    // math.randomseed stays, but the sandbox reseeds before every hook call.
    lua_getglobal(L, LUA_MATHLIBNAME);
    lua_getfield(L, -1, "randomseed");
    lua_setfield(L, LUA_REGISTRYINDEX, "ct.randomseed");
    lua_pop(L, 1);
}

// MARK: Life

ct_sandbox *ct_sandbox_new(int pile_count, int max_cards, int64_t instruction_limit, size_t memory_limit) {
    if (pile_count < 0 || max_cards < 1) return NULL;
    ct_sandbox *s = calloc(1, sizeof *s);
    if (s == NULL) return NULL;
    s->pile_count = pile_count;
    s->max_cards = max_cards;
    s->instruction_limit = instruction_limit;
    s->memory_limit = memory_limit;
    s->cards = calloc((size_t)(pile_count ? pile_count : 1) * (size_t)max_cards, 1);
    s->counts = calloc((size_t)(pile_count ? pile_count : 1), sizeof(int));
    s->deck = calloc((size_t)max_cards, 1);
    for (int n = 0; n < CT_HOOK_COUNT; n++) s->hook_refs[n] = LUA_NOREF;
    s->L = s->cards && s->counts && s->deck ? lua_newstate(sandbox_alloc, s) : NULL;
    if (s->L == NULL) {
        ct_sandbox_free(s);
        return NULL;
    }
    lua_State *L = s->L;
    lua_setwarnf(L, NULL, NULL);
    open_libraries(L);
    static const char *const info[4] = {"kind", "group", "id", "options"};
    for (int n = 0; n < 4; n++) {
        lua_createtable(L, pile_count, 0);
        lua_setfield(L, LUA_REGISTRYINDEX, info[n]);
    }
    lua_sethook(L, count_hook, LUA_MASKCOUNT, HOOK_STEP);
    return s;
}

void ct_sandbox_free(ct_sandbox *s) {
    if (s == NULL) return;
    if (s->L) lua_close(s->L);
    free(s->cards);
    free(s->counts);
    free(s->deck);
    free(s->steps);
    free(s->scratch);
    free(s);
}

void ct_sandbox_set_pile(ct_sandbox *s, int pile, const char *kind, const char *group, const char *id) {
    const char *values[3] = {kind, group, id};
    static const char *const info[3] = {"kind", "group", "id"};
    for (int n = 0; n < 3; n++) {
        lua_getfield(s->L, LUA_REGISTRYINDEX, info[n]);
        lua_pushstring(s->L, values[n]);
        lua_rawseti(s->L, -2, pile + 1);
        lua_pop(s->L, 1);
    }
}

void ct_sandbox_set_option(ct_sandbox *s, const char *name, const char *value) {
    lua_getfield(s->L, LUA_REGISTRYINDEX, "options");
    lua_pushstring(s->L, value);
    lua_setfield(s->L, -2, name);
    lua_pop(s->L, 1);
}

/// Starts a call: budgets reset, no steps yet.
static void begin(ct_sandbox *s, const char *hook, int mode, int automatic) {
    s->instructions = 0;
    s->over_budget = 0;
    s->last_line = 0;
    s->step_count = 0;
    s->mode = mode;
    s->automatic = automatic;
    s->current_hook = hook;
    s->error[0] = 0;
    s->traceback[0] = 0;
    lua_settop(s->L, 0);
    lua_sethook(s->L, count_hook, LUA_MASKCOUNT, HOOK_STEP);
}

int ct_sandbox_load(ct_sandbox *s, const char *source, size_t length, const char *chunk_name) {
    begin(s, "the script's main chunk", MODE_READ, 0);
    lua_State *L = s->L;
    push_api(L);
    lua_setglobal(L, "game");
    lua_pushcfunction(L, message_handler);
    char name[256];
    snprintf(name, sizeof name, "@%s", chunk_name);
    int status = luaL_loadbufferx(L, source, length, name, "t");
    if (status == LUA_OK) status = lua_pcall(L, 0, 0, 1);
    if (status != LUA_OK) {
        record_error(s, status);
        return -1;
    }
    lua_settop(L, 0);
    for (int n = 0; n < CT_HOOK_COUNT; n++) {
        if (lua_getglobal(L, ct_hook_names[n]) == LUA_TFUNCTION) {
            s->hook_refs[n] = luaL_ref(L, LUA_REGISTRYINDEX);
        } else {
            lua_pop(L, 1);
        }
    }
    return 0;
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

int ct_sandbox_options(ct_sandbox *s, const char **lines) {
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

void ct_sandbox_set_deck(ct_sandbox *s, const uint8_t *cards, int count) {
    if (count > s->max_cards) count = s->max_cards;
    if (count > 0) memcpy(s->deck, cards, (size_t)count);
    s->deck_count = count < 0 ? 0 : count;
    s->deck_next = 0;
}

void ct_sandbox_seed(ct_sandbox *s, uint64_t seed) {
    lua_State *L = s->L;
    lua_settop(L, 0);
    lua_getfield(L, LUA_REGISTRYINDEX, "ct.randomseed");
    lua_pushinteger(L, (lua_Integer)(seed & 0x7FFFFFFFFFFFFFFFull));
    lua_pushinteger(L, (lua_Integer)(seed >> 1));
    if (lua_pcall(L, 2, 0, 0) != LUA_OK) lua_settop(L, 0);
}

int ct_sandbox_pile_count(const ct_sandbox *s, int pile) {
    return pile >= 0 && pile < s->pile_count ? s->counts[pile] : 0;
}

const uint8_t *ct_sandbox_pile_cards(const ct_sandbox *s, int pile) {
    return s->cards + (size_t)pile * s->max_cards;
}

int ct_sandbox_redeals(const ct_sandbox *s) { return s->redeals; }
int ct_sandbox_deck_left(const ct_sandbox *s) { return s->deck_count - s->deck_next; }
int ct_sandbox_step_count(const ct_sandbox *s) { return s->step_count; }
const ct_step *ct_sandbox_steps(const ct_sandbox *s) { return s->steps; }
const char *ct_sandbox_error(const ct_sandbox *s) { return s->error; }
const char *ct_sandbox_traceback(const ct_sandbox *s) { return s->traceback; }
int64_t ct_sandbox_instructions(const ct_sandbox *s) { return s->instructions; }
size_t ct_sandbox_memory(const ct_sandbox *s) { return s->memory_used; }

// MARK: Calls

/// Pushes the message handler, the hook and its arguments (1-based) and calls it. Returns the
/// status; on success the results are at indices 3 and up (1: handler, 2 unused).
static int call_hook(ct_sandbox *s, ct_hook hook, const int *args, int arg_count, int results) {
    lua_State *L = s->L;
    lua_pushcfunction(L, message_handler);
    lua_rawgeti(L, LUA_REGISTRYINDEX, s->hook_refs[hook]);
    for (int n = 0; n < arg_count; n++) lua_pushinteger(L, (lua_Integer)args[n]);
    int status = lua_pcall(L, arg_count, results, 1);
    if (status != LUA_OK) record_error(s, status);
    return status;
}

static ct_result wrong_type(ct_sandbox *s, const char *expected, int index) {
    const char *hook = s->current_hook;
    snprintf(s->error, ERROR_SIZE, "%s returned a %s; it must return %s", hook, luaL_typename(s->L, index),
             expected);
    s->traceback[0] = 0;
    lua_settop(s->L, 0);
    return CT_RESULT_ERROR;
}

ct_result ct_sandbox_ask(ct_sandbox *s, ct_hook hook, const int *args, int arg_count, int *answer,
                         const char **reason) {
    *reason = NULL;
    if (!ct_sandbox_has_hook(s, hook)) return CT_RESULT_NONE;
    begin(s, ct_hook_names[hook], MODE_READ, 0);
    if (call_hook(s, hook, args, arg_count, 2) != LUA_OK) return CT_RESULT_ERROR;
    lua_State *L = s->L;
    int type = lua_type(L, 2);
    if (type == LUA_TNIL) {
        lua_settop(L, 0);
        return CT_RESULT_NONE;
    }
    if (type != LUA_TBOOLEAN) return wrong_type(s, "true, false or nil", 2);
    *answer = lua_toboolean(L, 2);
    if (lua_type(L, 3) == LUA_TSTRING) {
        copy_text(s->reason, REASON_SIZE, lua_tostring(L, 3));
        *reason = s->reason;
    } else if (lua_type(L, 3) != LUA_TNIL) {
        return wrong_type(s, "a reason that is a string (or nothing) after its answer", 3);
    }
    lua_settop(L, 0);
    return CT_RESULT_VALUE;
}

ct_result ct_sandbox_act(ct_sandbox *s, ct_hook hook, const int *args, int arg_count, int automatic) {
    if (!ct_sandbox_has_hook(s, hook)) return CT_RESULT_NONE;
    begin(s, ct_hook_names[hook], hook == CT_HOOK_DEAL ? MODE_DEAL : MODE_ACT, automatic);
    if (call_hook(s, hook, args, arg_count, 0) != LUA_OK) return CT_RESULT_ERROR;
    lua_settop(s->L, 0);
    return CT_RESULT_VALUE;
}

ct_result ct_sandbox_hint(ct_sandbox *s, int move[3], const char **text) {
    *text = NULL;
    if (!ct_sandbox_has_hook(s, CT_HOOK_HINT)) return CT_RESULT_NONE;
    begin(s, ct_hook_names[CT_HOOK_HINT], MODE_READ, 0);
    if (call_hook(s, CT_HOOK_HINT, NULL, 0, 4) != LUA_OK) return CT_RESULT_ERROR;
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
        if (!lua_isinteger(L, index)) return wrong_type(s, "nil, or from, to [, count [, text]] as whole numbers", index);
        lua_Integer value = lua_tointeger(L, index);
        int limit = n == 2 ? s->max_cards : s->pile_count;
        if (value < 1 || value > limit) {
            snprintf(s->error, ERROR_SIZE, "hint returned %s %lld, which is out of range (1 to %d)",
                     n == 2 ? "a count of" : "pile", (long long)value, limit);
            s->traceback[0] = 0;
            lua_settop(L, 0);
            return CT_RESULT_ERROR;
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
    begin(s, ct_hook_names[CT_HOOK_ON_TIMER], MODE_READ, 0);
    lua_State *L = s->L;
    lua_pushcfunction(L, message_handler);
    lua_rawgeti(L, LUA_REGISTRYINDEX, s->hook_refs[CT_HOOK_ON_TIMER]);
    lua_pushinteger(L, (lua_Integer)seconds);
    int status = lua_pcall(L, 1, 1, 1);
    if (status != LUA_OK) {
        record_error(s, status);
        return CT_RESULT_ERROR;
    }
    int type = lua_type(L, 2);
    if (type == LUA_TNIL) {
        lua_settop(L, 0);
        return CT_RESULT_NONE;
    }
    if (type != LUA_TSTRING) return wrong_type(s, "a string to show, or nil", 2);
    copy_text(s->reason, REASON_SIZE, lua_tostring(L, 2));
    *text = s->reason;
    lua_settop(L, 0);
    return CT_RESULT_VALUE;
}
