-- Hostile: changes the game API for everyone who reads it. `game` is a
-- userdata whose metatable is locked: no setmetatable, no rawset, no new or
-- changed fields.

function is_won()
  setmetatable(game, {})
end

function moves_left()
  local locked = getmetatable(game)
  locked.__index = {}
end

function hint()
  rawset(game, "move", function() end)
end

function on_double_click(pile)
  game.move = function() end
end

-- The API still answers as before.
function can_pick_up(pile, index)
  if game.kind(pile) == "waste" then
    return index == game.count(pile)
  end
end
