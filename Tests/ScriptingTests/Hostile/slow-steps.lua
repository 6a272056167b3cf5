-- Hostile: a loop whose every instruction is slow. Comparing two long strings
-- that differ at their end reads eight megabytes each time, and the count hook
-- runs only every thousand instructions: the call's time limit stops it.

function is_won()
  local left = string.rep("a", 1 << 23) .. "x"
  local right = string.rep("a", 1 << 23) .. "y"
  local same = false
  while not same do
    same = left == right
  end
end
