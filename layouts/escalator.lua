-- Escalator: clear a pyramid of 28 cards, all face up, onto the waste, a rank
-- up or down.
--
-- Rules: GNOME Aisleriot help, "Escalator" (help/C/escalator.xml). Seven
-- overlapping rows of 1 to 7 cards, each card half covered by two cards of
-- the row below; a card is free once both are gone. A free card goes onto
-- the waste when it is one rank above or below the waste's top card,
-- whatever its suit; Aces are both above Kings and below Twos. A click on
-- the stock turns its next card onto the waste (the first is turned at the
-- deal); there is no redeal. Won when every card is on the waste.
--
-- The layout deals, runs the stock and builds the waste (its keys are
-- Golf's); this script adds which cards are free.

local stock = game.piles("stock")[1]
local waste = game.piles("foundation")[1]
local pyramid = game.piles("pyramid")

-- Row r holds positions r(r-1)/2 + 1 to r(r+1)/2; position k of row r is
-- covered by positions k + r and k + r + 1 of the row below.
local covered_by = {}
local in_pyramid = {}
do
  local position = 1
  for row = 1, 7 do
    for _ = 1, row do
      local pile = pyramid[position]
      in_pyramid[pile] = true
      covered_by[pile] = row < 7 and { pyramid[position + row], pyramid[position + row + 1] } or {}
      position = position + 1
    end
  end
end

local names = { "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King" }

-- "an Ace", "a 7", "an 8".
local function a(rank)
  return (rank == 1 or rank == 8) and "an " .. names[rank] or "a " .. names[rank]
end

local function is_free(pile)
  if game.count(pile) == 0 then return false end
  for _, over in ipairs(covered_by[pile]) do
    if game.count(over) > 0 then return false end
  end
  return true
end

-- One rank apart, King and Ace neighbours.
local function plays(pile)
  if game.count(waste) == 0 then return true end
  local gap = math.abs(game.rank(pile) - game.rank(waste))
  return gap == 1 or gap == 12
end

function can_pick_up(pile, index)
  if in_pyramid[pile] then
    if not is_free(pile) then return false, "that card is covered: clear the two cards over it first" end
    return true
  end
  if pile == stock then return false, "click the stock to turn its next card onto the waste" end
  return false, "cards on the waste stay there"
end

function can_drop(from, count, to)
  if to ~= waste then return false, "cards go onto the waste only" end
  if plays(from) then return true end
  local rank = game.rank(from)
  return false, string.format("%s goes on %s or %s, not on %s", a(rank), a((rank + 11) % 13 + 1),
    a(rank % 13 + 1), a(game.rank(waste)))
end

-- Every move at once, for the solver (exactly what can_pick_up and can_drop
-- allow): each free card that plays on the waste; the same cards a click
-- plays.
function moves()
  local list, clicks = {}, {}
  for _, pile in ipairs(pyramid) do
    if is_free(pile) and plays(pile) then
      list[#list + 1] = { pile, 1, waste }
      clicks[#clicks + 1] = pile
    end
  end
  return list, clicks
end

-- A click on a free card plays it onto the waste when it may go.
function on_click(pile)
  if in_pyramid[pile] and is_free(pile) and plays(pile) then game.move(pile, waste, 1) end
end

-- A card to turn from the stock, or a free card that plays.
function moves_left()
  if game.count(stock) > 0 then return true end
  for _, pile in ipairs(pyramid) do
    if is_free(pile) and plays(pile) then return true end
  end
  return false
end
