-- Hostile: C functions that read long strings without allocating: the count hook
-- never sees their work. Each counts the bytes it reads against the budget.

-- A plain search that compares the pattern at every byte: n times m.
function is_won()
  local haystack = string.rep("a", 4000000)
  local needle = string.rep("a", 2000000) .. "b"
  return haystack:find(needle, 1, true) ~= nil
end

-- A list of one long string many times over, sorted: every comparison reads it.
function moves_left()
  local long = string.rep("x", 1000000)
  local list = {}
  for n = 1, 2000 do
    list[n] = long
  end
  table.sort(list)
  return true
end

-- The length in characters of a long string, again and again.
function hint()
  local text = string.rep("é", 1000000)
  local total = 0
  for _ = 1, 100000 do
    total = total + utf8.len(text)
  end
  return nil
end
