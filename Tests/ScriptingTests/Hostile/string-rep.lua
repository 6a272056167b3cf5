-- Hostile: memory bombs made of strings.

-- One string larger than all the memory a script may have.
function is_won()
  local huge = string.rep("card", 1 << 40)
  return #huge > 0
end

-- A string that doubles until it no longer fits.
function moves_left()
  local text = "card"
  while true do
    text = text .. text
  end
end

-- An empty string repeated a huge number of times: no memory at all, but Lua
-- would copy nothing that many times, in C, out of the count hook's sight.
function hint()
  local nothing = string.rep("", math.maxinteger)
  return #nothing
end
