-- Hostile: Lua's parser reads a chunk in C, out of the count hook's sight.
-- Loading eight megabytes of empty statements again and again ran for 48 s
-- against the 0.5 s limit. The text counts against the budget, a byte an
-- instruction, whether it is given whole or handed over piece by piece.

function is_won()
  local text = string.rep(";", 1 << 23)
  while true do
    load(text)
  end
end

function moves_left()
  local piece = string.rep(" ", 1 << 20)
  while true do
    local given = 0
    load(function()
      given = given + 1
      if given > 100 then return nil end
      return piece
    end)
  end
end
