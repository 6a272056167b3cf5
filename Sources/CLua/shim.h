// Lua 5.4 from Debian (liblua5.4-dev), found through pkg-config `lua5.4`.
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
