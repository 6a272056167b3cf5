-- Hostile: a recursion without end. Lua's stack grows until the memory (or the
-- budget) runs out.

local function deeper(depth)
  return 1 + deeper(depth + 1)
end

function is_won()
  return deeper(1) > 0
end
