-- Hostile: single instructions that read whole strings. Comparing two strings
-- with `<` calls strcoll once for every NUL byte in them, and arithmetic on a
-- string of digits reads it all; the count hook looked at the clock only every
-- thousand instructions, so a loop of them ran for 40 s against the 0.5 s limit.
-- While the script holds long strings, the hook looks more often.

-- Strings made in the call, compared over and over.
function is_won()
  local left = string.rep("\0", 1 << 23)
  local right = string.rep("\0", 1 << 23)
  local less = true
  while less ~= nil do
    less = left < right
  end
end

-- A coroutine made before the strings and resumed after them runs at their pace.
function moves_left()
  local strings = {}
  local compare = coroutine.create(function()
    local less = true
    while less ~= nil do
      less = strings[1] <= strings[2]
    end
  end)
  strings[1] = string.rep("\0", 1 << 23)
  strings[2] = string.rep("\0", 1 << 23)
  return coroutine.resume(compare)
end

-- The same through coroutine.wrap, adding a long string of digits over and over.
function hint()
  local digits = "0"
  local add = coroutine.wrap(function()
    local total = 0
    while true do
      total = total + digits
    end
  end)
  digits = string.rep("0", 1 << 23)
  add()
end
