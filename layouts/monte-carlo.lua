-- Monte Carlo: pair off touching cards of equal rank.
--
-- Rules: PySolFC, "Monte Carlo" (html-src/rules/montecarlo.html). 25 cards
-- face up in a square of five rows of five (the layout deals them: deal-up
-- = 1), the rest in the stock. Two cards of the same rank that touch, side
-- by side, one above the other or corner to corner, go to the discard pile
-- together: drag one onto the other, or click a card that has exactly one
-- such partner. A click on the stock closes the gaps: the cards move up
-- towards the first place, keeping their order row by row, and the places
-- left free at the end are dealt from the stock. Won when every card is on
-- the discard pile.

local stock = game.piles("stock")[1]
local discard = game.piles("discard")[1]
local grid = game.piles("grid")

local place = {}
for position, pile in ipairs(grid) do place[pile] = position end

local names = { "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King" }

-- "an Ace", "a 7", "an 8".
local function a(rank)
  return (rank == 1 or rank == 8) and "an " .. names[rank] or "a " .. names[rank]
end

-- Whether two places of the square touch: rows and columns at most one
-- apart (and not the same place).
local function touching(first, second)
  local one, other = place[first] - 1, place[second] - 1
  local rows = math.abs(one // 5 - other // 5)
  local columns = math.abs(one % 5 - other % 5)
  return first ~= second and rows <= 1 and columns <= 1
end

-- around[pile]: the places touching it, in the square's order.
local around = {}
for _, pile in ipairs(grid) do
  around[pile] = {}
  for _, other in ipairs(grid) do
    if touching(pile, other) then table.insert(around[pile], other) end
  end
end

-- The touching cards of the same rank as the card at `pile`.
local function partners(pile)
  local found = {}
  if game.count(pile) == 0 then return found end
  local rank = game.rank(pile)
  for _, other in ipairs(around[pile]) do
    if game.count(other) > 0 and game.rank(other) == rank then
      found[#found + 1] = other
    end
  end
  return found
end

function can_pick_up(pile, index)
  if place[pile] then return index == game.count(pile), "only the top card moves" end
  if pile == stock then return false, "click the stock to close the gaps and deal" end
  return false, "cards on the discard pile stay there"
end

function can_drop(from, count, to)
  if to == discard then return false, "drop a card on its partner: the two go to the discard pile together" end
  if not place[from] or not place[to] or game.count(to) == 0 then
    return false, "drop a card on a touching card of the same rank"
  end
  if not touching(from, to) then
    return false, "the two cards must touch: side by side, one above the other, or corner to corner"
  end
  local rank, other = game.rank(from), game.rank(to)
  if rank ~= other then
    return false, string.format("%s pairs only with another %s, not with %s", a(rank), names[rank], a(other))
  end
  return true
end

-- Every move at once, for the solver (exactly what can_pick_up and can_drop
-- allow): a card onto a touching card of its rank; then the piles on_click
-- moves cards on, those with a single partner.
function moves()
  local list, clicks = {}, {}
  for _, from in ipairs(grid) do
    local found = partners(from)
    for _, to in ipairs(found) do list[#list + 1] = { from, 1, to } end
    if #found == 1 then clicks[#clicks + 1] = from end
  end
  return list, clicks
end

-- The pair goes to the discard pile.
function after_move(from, count, to)
  game.move(to, discard, 2)
end

-- A card with a single partner pairs off with it at a click.
function on_click(pile)
  if not place[pile] then return end
  local found = partners(pile)
  if #found == 1 then
    game.move(pile, discard, 1)
    game.move(found[1], discard, 1)
  end
end

-- Closes the gaps, then deals from the stock into the empty places at the end.
function on_stock_click(pile)
  local gaps = 0
  for position, spot in ipairs(grid) do
    if game.count(spot) == 0 then
      gaps = gaps + 1
    elseif gaps > 0 then
      game.move(spot, grid[position - gaps], 1)
    end
  end
  for _, spot in ipairs(grid) do
    if game.count(spot) == 0 and game.count(stock) > 0 then
      game.move(stock, spot, 1, { flip = true })
    end
  end
end

-- Whether a click on the stock would move a card: a gap before a card, or an
-- empty place and cards in the stock.
local function stock_click_moves()
  local gap = false
  for _, pile in ipairs(grid) do
    if game.count(pile) == 0 then
      gap = true
      if game.count(stock) > 0 then return true end
    elseif gap then
      return true
    end
  end
  return false
end

-- A pair to make, or gaps to close.
function moves_left()
  for _, pile in ipairs(grid) do
    if #partners(pile) > 0 then return true end
  end
  return stock_click_moves()
end

-- No is_won: the game is won when every card is on the discard, a foundation, which is
-- the declarative rules' own test (and spares the solver a call to the script for every
-- position it lists).

function hint()
  for _, pile in ipairs(grid) do
    local found = partners(pile)
    if #found > 0 then
      return pile, found[1], 1, string.format("Pair the two %ss", names[game.rank(pile)])
    end
  end
  return nil
end
