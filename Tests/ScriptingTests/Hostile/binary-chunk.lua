-- Hostile: loads a binary chunk. Precompiled bytecode is not checked by Lua and
-- can break out of any sandbox; `load` takes text only. string.dump is gone, so
-- the chunk is written by hand: the signature, version 5.4, format 0, and
-- Lua's check data.

local chunk = "\27Lua\84\0\25\147\13\10\26\10\4\8\8\120\86\0\0\0\0\0\0\0\0\0\0\0\40\119\64"

function is_won()
  local run = assert(load(chunk))
  return run()
end

-- load refuses binary chunks even when asked for them by mode.
function moves_left()
  local run = assert(load(chunk, "chunk", "b"))
  return run()
end
