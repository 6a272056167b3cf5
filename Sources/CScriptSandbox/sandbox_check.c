// What `cardtable check` asks of a script besides running it: whether it compiles, and what its
// globals are.

#include "sandbox_internal.h"

#include <lauxlib.h>
#include <lua.h>
#include <stdio.h>

int ct_compile(const char *source, size_t length, const char *chunk_name, char *error, size_t error_size) {
    if (error_size > 0) error[0] = 0;
    lua_State *L = luaL_newstate();
    if (L == NULL) {
        snprintf(error, error_size, "Lua could not start (out of memory?)");
        return -1;
    }
    char name[256];
    snprintf(name, sizeof name, "@%s", chunk_name);
    int status = luaL_loadbufferx(L, source, length, name, "t");
    if (status != LUA_OK) snprintf(error, error_size, "%s", lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "?");
    lua_close(L);
    return status == LUA_OK ? 0 : -1;
}

const char *ct_sandbox_global_type(ct_sandbox *s, const char *name) {
    if (s->L == NULL) return "nil";
    lua_State *L = s->L;
    lua_settop(L, 0);
    lua_pushglobaltable(L);
    lua_pushstring(L, name);
    int type = lua_rawget(L, -2);
    lua_settop(L, 0);
    return lua_typename(L, type);
}
