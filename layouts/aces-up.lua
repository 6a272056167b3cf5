-- Aces Up: discard every card but the four Aces.
--
-- Rules: PySolFC, "Aces Up" (html-src/rules/acesup.html). Four columns of
-- one card each, the rest in the stock (the layout deals them, and its stock
-- deals a card to each column at a click: deal-to = "tableau"). A column's
-- top card may be discarded when another column's top card is of the same
-- suit and higher; Aces rank high, so an Ace is never discarded. Drag the
-- card to the discard pile, or click it. A column's top card may also move
-- to an empty column, and nowhere else. Won when the 48 other cards are
-- discarded and each column holds one Ace alone.

local discard = game.piles("discard")[1]
local stock = game.piles("stock")[1]
local columns = game.piles("tableau")

local is_column = {}
for _, pile in ipairs(columns) do is_column[pile] = true end

-- Aces rank high: 2 is lowest, then ... King, Ace.
local function value(rank)
  return rank == 1 and 14 or rank
end

-- Whether the top card of `pile` may be discarded: another column's top card
-- of its suit is higher.
local function discardable(pile)
  if not is_column[pile] or game.count(pile) == 0 then return false end
  local rank, suit = value(game.rank(pile)), game.suit(pile)
  for _, other in ipairs(columns) do
    if other ~= pile and game.count(other) > 0 and game.suit(other) == suit
      and value(game.rank(other)) > rank then
      return true
    end
  end
  return false
end

function can_pick_up(pile, index)
  if is_column[pile] then return index == game.count(pile), "only a column's top card moves" end
  if pile == stock then return false, "click the stock to deal a card to each column" end
  return false, "cards on the discard pile stay there"
end

function can_drop(from, count, to)
  if to == discard then
    if game.rank(from) == 1 then return false, "an Ace ranks highest: it is never discarded" end
    return discardable(from), "a card is discarded only when a higher card of its suit tops another column"
  end
  if is_column[to] then return game.count(to) == 0, "a card moves only to an empty column" end
  return false, "cards go to an empty column or to the discard pile"
end

-- Every move at once, for the solver (exactly what can_pick_up and can_drop
-- allow): a top card to the discard pile when it may go, or to an empty
-- column; then the piles on_click moves cards on, those it may go from.
function moves()
  local list, clicks = {}, {}
  for n = 1, #columns do
    local from = columns[n]
    if game.count(from) > 0 then
      if discardable(from) then
        clicks[#clicks + 1] = from
        if game.rank(from) ~= 1 then list[#list + 1] = { from, 1, discard } end
      end
      for m = 1, #columns do
        local to = columns[m]
        if m ~= n and game.count(to) == 0 then list[#list + 1] = { from, 1, to } end
      end
    end
  end
  return list, clicks
end

-- A click on a card that may be discarded discards it.
function on_click(pile)
  if discardable(pile) then game.move(pile, discard, 1) end
end

-- A deal or a discard is left; with neither, only moves to an empty column,
-- which lead somewhere only when they uncover a card: then the table's own
-- search finds out (nil), else nothing can change.
function moves_left()
  if game.count(stock) > 0 then return true end
  local empty, deep = false, false
  for _, pile in ipairs(columns) do
    if discardable(pile) then return true end
    if game.count(pile) == 0 then empty = true end
    if game.count(pile) > 1 then deep = true end
  end
  if empty and deep then return nil end
  return false
end

function is_won()
  if game.count(discard) ~= 48 then return false end
  for _, pile in ipairs(columns) do
    if game.count(pile) ~= 1 or game.rank(pile) ~= 1 then return false end
  end
  return true
end
