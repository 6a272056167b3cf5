-- Hostile: loops that run in C, where the count hook never looks. Each library
-- function that works over a range the script chooses counts that work against
-- the budget before it starts.

-- Moves nothing, a quadrillion times.
function is_won()
  table.move({}, 1, 1 << 50, 2)
end

-- Sorts a long list and shifts it, again and again: few instructions, each
-- doing a great deal of work.
function moves_left()
  local list = {}
  for n = 1, 100000 do
    list[n] = -n
  end
  while true do
    table.sort(list)
    table.insert(list, 1, 0)
  end
end

-- Spreads a long string into half a million values, again and again.
function hint()
  local text = string.rep("x", 500000)
  while true do
    local _ = text:byte(1, -1)
  end
end
