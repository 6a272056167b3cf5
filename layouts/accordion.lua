-- Accordion: fold a row of cards into a single card.
--
-- Rules: PySolFC, "Accordion" (html-src/rules/accordion.html). The cards are
-- dealt face up into one row, two to start, then one more at each click on
-- the stock, whenever you like. A card may move onto the card just left of
-- it, or onto the card three to its left, when the two are of the same suit
-- or the same rank; the card it covers goes to the discard pile (as in
-- PySolFC; played by hand, the cards pile up and only the top one counts,
-- which comes to the same), and the cards to its right close up the gap.
-- Drag the card, or click it when it has only one place to go. Won when the
-- stock is empty and one card is left in the row.
--
-- The row runs through the slots in reading order: left to right, then the
-- next line, so the card "three to the left" of the first slot of a line is
-- on the line above.

local stock = game.piles("stock")[1]
local discard = game.piles("discard")[1]
local row = game.piles("row")

local place = {}
for position, pile in ipairs(row) do place[pile] = position end

-- The number of cards in the row (they always fill its first places).
local function length()
  local n = 0
  while n < #row and game.count(row[n + 1]) > 0 do n = n + 1 end
  return n
end

local function matches(a, b)
  return game.suit(a) == game.suit(b) or game.rank(a) == game.rank(b)
end

-- Whether the card at `from` may move onto `to`: one or three places to its
-- left, the two matching.
local function may_move(from, to)
  if not place[from] or not place[to] or game.count(from) == 0 or game.count(to) == 0 then return false end
  local gap = place[from] - place[to]
  return (gap == 1 or gap == 3) and matches(from, to)
end

-- The cards right of `position` close up by one place.
local function close_up(position)
  local next = position + 1
  while next <= #row and game.count(row[next]) > 0 do
    game.move(row[next], row[next - 1], 1)
    next = next + 1
  end
end

function deal()
  game.deal(row[1])
  game.deal(row[2])
end

function can_pick_up(pile, index)
  if place[pile] then return true end
  if pile == stock then return false, "click the stock to deal the next card" end
  return false, "cards on the discard pile stay there"
end

function can_drop(from, count, to)
  if not place[to] or game.count(to) == 0 then return false, "a card moves only onto another card of the row" end
  local gap = place[from] - place[to]
  if gap ~= 1 and gap ~= 3 then
    return false, "a card moves onto the card just left of it, or three to its left"
  end
  if not matches(from, to) then return false, "the two cards must match in suit or in rank" end
  return true
end

local GAPS = { 1, 3 }

-- Every move at once, for the solver (exactly what can_pick_up and can_drop
-- allow): a card onto the card one or three places left of it that it matches;
-- then the piles on_click moves cards on, those with one such place only.
function moves()
  local list, clicks = {}, {}
  for position = 2, #row do
    local from = row[position]
    local count = game.count(from)
    if count > 0 then
      local places = 0
      for _, gap in ipairs(GAPS) do
        local to = row[position - gap]
        if to and game.count(to) > 0 and matches(from, to) then
          for cards = 1, count do list[#list + 1] = { from, cards, to } end
          places = places + 1
        end
      end
      if places == 1 then clicks[#clicks + 1] = from end
    end
  end
  return list, clicks
end

-- The covered card goes to the discard pile, the moved card takes its place
-- (it steps back for a moment to let the other out), and the row closes up.
function after_move(from, count, to)
  game.move(to, from, 1)
  game.move(to, discard, 1)
  game.move(from, to, 1)
  close_up(place[from])
end

-- A card with only one place to go moves there at a click.
function on_click(pile)
  if not place[pile] or game.count(pile) == 0 then return end
  local position = place[pile]
  local one = position > 1 and may_move(pile, row[position - 1])
  local three = position > 3 and may_move(pile, row[position - 3])
  if one == three then return end
  local target = row[position - (one and 1 or 3)]
  game.move(target, discard, 1)
  game.move(pile, target, 1)
  close_up(position)
end

function on_stock_click(pile)
  local n = length()
  if game.count(stock) > 0 and n < #row then game.move(stock, row[n + 1], 1, { flip = true }) end
end

-- A card to deal, or a card that may move.
function moves_left()
  if game.count(stock) > 0 then return true end
  for position = 2, length() do
    if may_move(row[position], row[position - 1]) then return true end
    if position > 3 and may_move(row[position], row[position - 3]) then return true end
  end
  return false
end

function is_won()
  return game.count(stock) == 0 and length() == 1
end

-- A move three places left first: it folds the row the furthest.
function hint()
  for _, gap in ipairs({ 3, 1 }) do
    for position = length(), gap + 1, -1 do
      local from, to = row[position], row[position - gap]
      if may_move(from, to) then
        return from, to, 1, gap == 3 and "Move the card three places left" or "Move the card one place left"
      end
    end
  end
  return nil
end
