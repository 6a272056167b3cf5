-- Black Hole: seventeen fans of three around a hole that swallows cards one
-- rank above or below its top card.
--
-- Rules: PySolFC, "Black Hole" (html-src/rules/blackhole.html); the Ace of
-- Spades starts the hole as in David Parlett's description. The hole builds
-- up or down by rank, suits ignored, King and Ace next to each other; only a
-- fan's top card moves, and only into the hole; no building on the fans, and
-- an empty fan is never filled. Won when every card is in the hole.

local hole = game.piles("hole")[1]
local fans = game.piles("tableau")

-- The Ace of Spades goes into the hole, then each fan gets three cards.
function deal()
  game.deal(hole, true, 1, "S")
  for _, fan in ipairs(fans) do
    for _ = 1, 3 do game.deal(fan, true) end
  end
end

-- Whether two ranks are next to each other, King and Ace included.
local function neighbours(a, b)
  local gap = math.abs(a - b)
  return gap == 1 or gap == 12
end

function can_pick_up(pile, index)
  if pile == hole then return false, "cards in the black hole stay there" end
  return index == game.count(pile), "only a fan's top card moves"
end

function can_drop(from, count, to)
  if to ~= hole then return false, "cards go only into the black hole" end
  if count ~= 1 then return false, "one card at a time goes into the black hole" end
  return neighbours(game.rank(from), game.rank(hole)),
    "the black hole takes a card one rank above or below its top card (King and Ace are neighbours)"
end

-- Every move at once, for the solver: each fan's top card that the hole
-- takes (exactly what can_pick_up and can_drop allow).
function moves()
  local list = {}
  local top = game.rank(hole)
  for n = 1, #fans do
    local fan = fans[n]
    if game.count(fan) > 0 and neighbours(game.rank(fan), top) then list[#list + 1] = { fan, 1, hole } end
  end
  return list
end

-- No is_won: the game is won when every card is on the hole, a foundation, which is
-- the declarative rules' own test (and spares the solver a call to the script for every
-- position it lists).
