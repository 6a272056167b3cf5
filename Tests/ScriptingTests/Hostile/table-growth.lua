-- Hostile: a memory bomb. A table grows without end, each entry a table of a
-- thousand numbers, until the allocator refuses to hold more than the
-- script's memory.

local function hoard(...)
  local tables = {}
  while true do
    tables[#tables + 1] = { ... }
  end
end

function is_won()
  local numbers = {}
  for n = 1, 1000 do
    numbers[n] = n
  end
  hoard(table.unpack(numbers))
end
