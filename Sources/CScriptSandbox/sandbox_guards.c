// Guards on the library functions that work in C over a range the script chooses: the count hook
// never sees that work, so `string.rep("", math.maxinteger)` or `table.move({}, 1, 1 << 50, 2)`
// would run for ever. Each guard counts the work against the call's budget before the real
// function runs (sandbox_charge), or answers at once when there is nothing to do.
//
// `setmetatable` refuses finalizers (__gc): they would run script code outside any hook call.
// `xpcall` skips the script's handler once the budget is spent (guarded_handler says why).

#include "sandbox_internal.h"

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <string.h>

/// Calls the real function (upvalue 1) with the guard's arguments and returns its results.
static int call_real(lua_State *L) {
    int given = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, given, LUA_MULTRET);
    return lua_gettop(L);
}

/// The number of elements from `first` to `last`, 0 when none, saturated.
static lua_Integer span(lua_Integer first, lua_Integer last) {
    if (last < first) return 0;
    lua_Unsigned count = (lua_Unsigned)last - (lua_Unsigned)first + 1u;
    return count == 0 || count > (lua_Unsigned)LUA_MAXINTEGER ? LUA_MAXINTEGER : (lua_Integer)count;
}

/// string.rep(s, n [, sep]): a result larger than a script's memory is refused before any work,
/// and an empty one is made without copying nothing n times.
static int guarded_rep(lua_State *L) {
    size_t length, separator = 0;
    luaL_checklstring(L, 1, &length);
    lua_Integer count = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &separator);
    if (count <= 0) return call_real(L);
    if (length + separator == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    ct_sandbox *s = sandbox_of(L);
    lua_Unsigned most = (lua_Unsigned)s->memory_limit;
    lua_Unsigned unit = (lua_Unsigned)length + (lua_Unsigned)separator;
    if ((lua_Unsigned)count > most / unit) {
        s->out_of_memory = 1;
        return luaL_error(L, SANDBOX_MEMORY_MESSAGE, (int)(s->memory_limit >> 20));
    }
    return call_real(L);
}

/// A position in a string of `length` bytes as Lua reads it (negative: from the end), clipped.
static lua_Integer position(lua_Integer at, size_t length) {
    if (at > (lua_Integer)length) return (lua_Integer)length;
    if (at >= 0) return at;
    return -at > (lua_Integer)length ? 0 : (lua_Integer)length + at + 1;
}

/// string.byte(s [, i [, j]]) and utf8.codepoint(s [, i [, j]]): a value for each byte from i to j.
static int guarded_bytes(lua_State *L) {
    size_t length;
    luaL_checklstring(L, 1, &length);
    lua_Integer first = luaL_optinteger(L, 2, 1);
    lua_Integer last = luaL_optinteger(L, 3, first);
    lua_Integer from = position(first, length);
    sandbox_charge(L, span(from < 1 ? 1 : from, position(last, length)));
    return call_real(L);
}

/// table.move(a1, f, e, t [, a2]): e - f + 1 elements.
static int guarded_move(lua_State *L) {
    lua_Integer first = luaL_checkinteger(L, 2);
    lua_Integer last = luaL_checkinteger(L, 3);
    luaL_checkinteger(L, 4);
    sandbox_charge(L, span(first, last));
    return call_real(L);
}

/// The last index a table function works to: argument `arg`, or the length of the list.
static lua_Integer last_index(lua_State *L, int arg) {
    return lua_isnoneornil(L, arg) ? luaL_len(L, 1) : luaL_checkinteger(L, arg);
}

/// table.concat(list [, sep [, i [, j]]]) and table.unpack(list [, i [, j]]): j - i + 1 elements.
static int guarded_concat(lua_State *L) {
    luaL_optlstring(L, 2, "", NULL);
    lua_Integer first = luaL_optinteger(L, 3, 1);
    sandbox_charge(L, span(first, last_index(L, 4)));
    return call_real(L);
}

static int guarded_unpack(lua_State *L) {
    lua_Integer first = luaL_optinteger(L, 2, 1);
    sandbox_charge(L, span(first, last_index(L, 3)));
    return call_real(L);
}

/// table.insert and table.remove shift the list: as many elements as it has.
static int guarded_shift(lua_State *L) {
    sandbox_charge(L, luaL_len(L, 1));
    return call_real(L);
}

/// table.sort: n log n comparisons, each of them as dear as the longest string in the list
/// (comparing two long strings reads them: a list of one 1 MB string many times over sorted for
/// minutes).
static int guarded_sort(lua_State *L) {
    lua_Integer count = luaL_len(L, 1);
    lua_Integer work = count;
    for (lua_Integer n = count; n > 1 && work < LUA_MAXINTEGER / 2; n >>= 1) work += count;
    sandbox_charge(L, count);  // the look at every element below
    size_t longest = 0;
    for (lua_Integer n = 1; n <= count; n++) {
        if (lua_rawgeti(L, 1, n) == LUA_TSTRING) {
            size_t length = lua_rawlen(L, -1);
            if (length > longest) longest = length;
        }
        lua_pop(L, 1);
    }
    lua_Integer each = 1 + (lua_Integer)(longest / SCAN_COST);
    sandbox_charge(L, work > LUA_MAXINTEGER / each ? LUA_MAXINTEGER : work * each);
    return call_real(L);
}

/// utf8.len(s [, i [, j]]) and utf8.offset(s, n [, i]) read the string's bytes.
static int guarded_scan(lua_State *L) {
    size_t length;
    luaL_checklstring(L, 1, &length);
    sandbox_charge(L, 1 + (lua_Integer)(length / SCAN_COST));
    return call_real(L);
}

static int guarded_setmetatable(lua_State *L) {
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL) {
            return luaL_error(L, "setmetatable: a script may not have finalizers (__gc)");
        }
        lua_pop(L, 1);
    }
    return call_real(L);
}

/// The handler given to xpcall, wrapped (upvalue 1: the script's handler). Once the budget is
/// spent, errors come from the count hook, and Lua runs the handler of such an error with hooks
/// off: the script's handler would run unwatched, for ever if it loops. It is skipped then, and
/// the error goes on as it is.
static int guarded_handler(lua_State *L) {
    if (sandbox_of(L)->over_budget) return 1;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/// As Lua's own xpcall (lbaselib.c), with the handler wrapped.
static int finish_xpcall(lua_State *L, int status, lua_KContext extra) {
    if (status != LUA_OK && status != LUA_YIELD) {
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)extra;
}

static int guarded_xpcall(lua_State *L) {
    int given = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, guarded_handler, 1);
    lua_replace(L, 2);
    lua_pushboolean(L, 1);
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2);
    int status = lua_pcallk(L, given - 2, LUA_MULTRET, 2, 2, finish_xpcall);
    return finish_xpcall(L, status, 2);
}

/// Calls the real function (upvalue 1) while `co` runs in it, paced first; once it returns or
/// fails, the caller is the thread running again (so that the sandbox never paces a coroutine
/// that may be gone). Returns the status, with the results or the error on the stack.
static int call_real_running(lua_State *L, lua_State *co) {
    sandbox_pace(co);
    int given = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    int status = lua_pcall(L, given, LUA_MULTRET, 0);
    sandbox_of(L)->running = L;
    return status;
}

/// coroutine.resume(co, ...) and coroutine.close(co): the coroutine gets the count hook's step
/// for the strings the script holds now (it kept the step of the thread that made it), and is
/// noted as running, so that a string made in it paces it.
static int guarded_resume(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    if (co == NULL) return call_real(L);
    if (call_real_running(L, co) != LUA_OK) return lua_error(L);
    return lua_gettop(L);
}

/// What coroutine.wrap returns, wrapped: upvalue 1 is the real function, upvalue 2 its
/// coroutine, paced and noted as coroutine.resume does. An error is passed on as the real
/// function passes it on, with the place of the call in front of a message.
static int paced_wrapped_call(lua_State *L) {
    ct_sandbox *s = sandbox_of(L);
    lua_State *co = lua_tothread(L, lua_upvalueindex(2));
    if (co == NULL) return call_real(L);
    if (call_real_running(L, co) != LUA_OK) {
        // The real function put the place of its caller in front, which is this function now.
        if (lua_type(L, -1) == LUA_TSTRING && !s->out_of_memory) {
            luaL_where(L, 1);
            lua_insert(L, -2);
            lua_concat(L, 2);
        }
        return lua_error(L);
    }
    return lua_gettop(L);
}

/// coroutine.wrap(f): the real function over a new coroutine, paced when it is called.
static int guarded_wrap(lua_State *L) {
    call_real(L);
    if (lua_type(L, -1) != LUA_TFUNCTION) return 1;
    lua_getupvalue(L, -1, 1);
    if (lua_type(L, -1) != LUA_TTHREAD) {
        lua_pop(L, 1);
        return 1;
    }
    lua_pushcclosure(L, paced_wrapped_call, 2);
    return 1;
}

/// Lua names a library function in its messages ("bad argument #1 to 'table.move'") by finding
/// it among the loaded modules. The guards call the real functions, which the script's tables no
/// longer hold: the registry's list of loaded modules keeps copies of the tables as they were.
static void keep_real_functions(lua_State *L, const char *library) {
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    if (library) {
        lua_getglobal(L, library);
    } else {
        lua_pushglobaltable(L);
    }
    lua_newtable(L);
    lua_pushnil(L);
    while (lua_next(L, -3)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, -4);
    }
    lua_setfield(L, -3, library ? library : LUA_GNAME);
    lua_pop(L, 2);
}

/// Replaces `table[name]` (the globals when `library` is NULL) by `guard` over the real one.
static void guard(lua_State *L, const char *library, const char *name, lua_CFunction guard) {
    if (library) {
        lua_getglobal(L, library);
    } else {
        lua_pushglobaltable(L);
    }
    lua_getfield(L, -1, name);
    lua_pushcclosure(L, guard, 1);
    lua_setfield(L, -2, name);
    lua_pop(L, 1);
}

void sandbox_open_guards(lua_State *L) {
    keep_real_functions(L, LUA_STRLIBNAME);
    keep_real_functions(L, LUA_TABLIBNAME);
    keep_real_functions(L, LUA_UTF8LIBNAME);
    keep_real_functions(L, LUA_COLIBNAME);
    keep_real_functions(L, NULL);
    guard(L, LUA_STRLIBNAME, "rep", guarded_rep);
    guard(L, LUA_STRLIBNAME, "byte", guarded_bytes);
    guard(L, LUA_UTF8LIBNAME, "codepoint", guarded_bytes);
    guard(L, LUA_UTF8LIBNAME, "len", guarded_scan);
    guard(L, LUA_UTF8LIBNAME, "offset", guarded_scan);
    guard(L, LUA_TABLIBNAME, "move", guarded_move);
    guard(L, LUA_TABLIBNAME, "concat", guarded_concat);
    guard(L, LUA_TABLIBNAME, "unpack", guarded_unpack);
    guard(L, LUA_TABLIBNAME, "insert", guarded_shift);
    guard(L, LUA_TABLIBNAME, "remove", guarded_shift);
    guard(L, LUA_TABLIBNAME, "sort", guarded_sort);
    guard(L, NULL, "setmetatable", guarded_setmetatable);
    guard(L, LUA_COLIBNAME, "resume", guarded_resume);
    guard(L, LUA_COLIBNAME, "close", guarded_resume);
    guard(L, LUA_COLIBNAME, "wrap", guarded_wrap);
    lua_pushcfunction(L, guarded_xpcall);
    lua_setglobal(L, "xpcall");
}
