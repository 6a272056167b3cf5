// The game API a script sees as `game` (man/cardtable-lua.7): reading the position, moving
// cards as steps, dealing. A userdata whose metatable is locked, so no script can change it.

#include "sandbox_internal.h"

#include <lauxlib.h>
#include <lua.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

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

/// The card at (pile, index) argument pair, or -1 when there is none.
static int card_at(lua_State *L) {
    ct_sandbox *s = sandbox_of(L);
    int pile = check_pile(L, 1);
    int index = card_index(L, 2, s->counts[pile]);
    return index < 0 ? -1 : pile_cards(s, pile)[index];
}

static const char suit_letters[4][2] = {"C", "D", "H", "S"};

// The API's functions share six upvalues, the strings they answer with: pushing an upvalue is
// much cheaper than making (finding) the string again on every call.
enum { UPVALUE_SUITS = 1, UPVALUE_RED = 5, UPVALUE_BLACK = 6, API_UPVALUES = 6 };

static void push_suit(lua_State *L, int raw) { lua_pushvalue(L, lua_upvalueindex(UPVALUE_SUITS + ((raw >> 4) & 3))); }

static void push_color(lua_State *L, int raw) {
    int suit = (raw >> 4) & 3;
    lua_pushvalue(L, lua_upvalueindex(suit == 1 || suit == 2 ? UPVALUE_RED : UPVALUE_BLACK));
}

static void push_card(lua_State *L, int raw) {
    lua_createtable(L, 0, 4);
    lua_pushinteger(L, raw & 0x0F);
    lua_setfield(L, -2, "rank");
    push_suit(L, raw);
    lua_setfield(L, -2, "suit");
    push_color(L, raw);
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
    push_suit(L, raw);
    return 1;
}

static int api_color(lua_State *L) {
    int raw = card_at(L);
    if (raw < 0) return lua_pushnil(L), 1;
    push_color(L, raw);
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
    // A position may hold more cards than a deck (one made by hand): no pile overflows its room.
    if (s->counts[to] + count > s->max_cards) {
        return luaL_error(L, "game.move: pile %d cannot hold %I more cards (a pile holds at most %d)", to + 1, count,
                          s->max_cards);
    }
    ct_step step = {from, to, (int32_t)count, (uint8_t)option_flag(L, 4, "flip"),
                    (uint8_t)option_flag(L, 4, "reverse"), (uint8_t)option_flag(L, 4, "redeal"),
                    (uint8_t)s->automatic, 0};
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
    ct_step step = {pile, pile, (int32_t)count, 1, 0, 0, (uint8_t)s->automatic, 0};
    if (s->mode == MODE_ACT) append_step(s, L, step);
    return 0;
}

/// SplitMix64's next number, as Solitaire's SplitMix64 draws it.
static uint64_t splitmix_next(uint64_t *state) {
    *state += 0x9E3779B97F4A7C15ull;
    uint64_t z = *state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/// game.shuffle(p [, count]): shuffles the top cards (default all) in place, in the order a
/// number drawn from the position's seed and the steps made so far gives: the order
/// Step.shuffleOrder(count:seed:) gives in Swift, so the step replays exactly.
static int api_shuffle(lua_State *L) {
    require_acting(L, "shuffle");
    ct_sandbox *s = sandbox_of(L);
    int pile = check_pile(L, 1);
    lua_Integer count = luaL_optinteger(L, 2, s->counts[pile]);
    if (count < 0 || count > s->counts[pile]) {
        return luaL_error(L, "game.shuffle: pile %d has %d cards, cannot shuffle %I", pile + 1, s->counts[pile], count);
    }
    if (count < 2) return 0;
    uint64_t mix = s->pending_seed + 0x51AFD7ED558CCD00ull * (uint64_t)(s->step_count + 1);
    uint64_t seed = splitmix_next(&mix);
    if (seed == 0) seed = 1;
    uint8_t *cards = pile_cards(s, pile) + (s->counts[pile] - (int)count);
    uint8_t before[256];
    int order[256];
    if (count > 256) return luaL_error(L, "game.shuffle: at most 256 cards at once");
    for (int n = 0; n < count; n++) {
        before[n] = cards[n];
        order[n] = n;
    }
    uint64_t state = seed;
    for (int index = (int)count - 1; index > 0; index--) {
        int other = (int)(splitmix_next(&state) % (uint64_t)(index + 1));
        int kept = order[index];
        order[index] = order[other];
        order[other] = kept;
    }
    for (int n = 0; n < count; n++) cards[n] = before[order[n]];
    ct_step step = {pile, pile, (int32_t)count, 0, 0, 0, (uint8_t)s->automatic, seed};
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
    if (s->counts[pile] >= s->max_cards) {
        return luaL_error(L, "game.deal: pile %d cannot hold more cards (a pile holds at most %d)", pile + 1,
                          s->max_cards);
    }
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

/// game.base(): the rank an empty foundation takes (the dealt base's, or the layout's base), or
/// nil when any card starts one or the deal has not set it yet.
static int api_base(lua_State *L) {
    ct_sandbox *s = sandbox_of(L);
    if (s->base >= 1 && s->base <= 13) {
        lua_pushinteger(L, s->base);
    } else {
        lua_pushnil(L);
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
void sandbox_push_api(lua_State *L) {
    lua_newuserdatauv(L, 0, 0);
    lua_createtable(L, 0, 4);                // metatable
    lua_createtable(L, 0, 24);               // the functions
    static const luaL_Reg functions[] = {
        {"pile_count", api_pile_count}, {"count", api_count},   {"card", api_card},
        {"rank", api_rank},             {"suit", api_suit},     {"color", api_color},
        {"up", api_up},                 {"move", api_move},     {"flip", api_flip}, {"shuffle", api_shuffle},
        {"deal", api_deal},             {"deck_left", api_deck_left}, {"redeals_left", api_redeals_left},
        {"set_redeals", api_set_redeals}, {"base", api_base}, {NULL, NULL},
    };
    for (int n = 0; n < 4; n++) lua_pushstring(L, suit_letters[n]);
    lua_pushliteral(L, "red");
    lua_pushliteral(L, "black");
    luaL_setfuncs(L, functions, API_UPVALUES);
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

