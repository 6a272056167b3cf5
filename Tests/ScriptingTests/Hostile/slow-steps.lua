-- Hostile: a loop whose every instruction is slow. Comparing two long strings
-- that differ at their end reads eight megabytes each time: the call's time
-- limit stops it, on whichever line of the function the time runs out.

function is_won()
  local left = string.rep("a", 1 << 23) .. "x"
  local right = string.rep("a", 1 << 23) .. "y"
  local same = false
  while not same do
    same = left == right
  end
end
