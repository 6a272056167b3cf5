-- Hostile: turns a function back into a binary chunk, to change its bytecode and
-- load it again. string.dump is not in the sandbox.

function is_won()
  local bytes = string.dump(function() return true end)
  return #bytes > 0
end
