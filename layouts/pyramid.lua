-- Pyramid: pair cards that make 13 and clear them away.
--
-- Rules: PySolFC, "Pyramid" (html-src/rules/pyramid.html), and its Relaxed
-- Pyramid for the goal option. 28 cards face up in a pyramid of seven rows,
-- each card half covered by two cards of the row below. A card is free when
-- both cards covering it are gone. Two free cards whose ranks add up to 13
-- (Ace 1, Jack 11, Queen 12) go to the discard pile together: drag one onto
-- the other. A King is 13 by itself: drag it to the discard, or click it.
-- The stock's top card lies face up and plays too, as does the waste's top
-- card; a click on the stock turns its card onto the waste. The waste goes
-- back to the stock twice, three passes in all (the layout's redeals = 2).
--
-- Won, as in PySolFC's Pyramid, when every card is on the discard pile: the
-- pyramid, the stock and the waste all cleared. With the option goal =
-- "pyramid" (PySolFC's Relaxed Pyramid) clearing the pyramid is enough.

options = {
  { name = "goal", text = "To win, clear", values = { "all", "pyramid" }, default = "all" },
}

local stock = game.piles("stock")[1]
local waste = game.piles("waste")[1]
local discard = game.piles("discard")[1]
local pyramid = game.piles("pyramid")

-- The covering table: covered_by[pile] lists the two piles of the next row
-- that lie over it (the seventh row lies free). Row r starts at position
-- r(r-1)/2 + 1; position k of row r is covered by positions k + r and
-- k + r + 1.
local covered_by = {}
local in_pyramid = {}
do
  local position = 0
  for row = 1, 7 do
    for _ = 1, row do
      position = position + 1
      local pile = pyramid[position]
      in_pyramid[pile] = true
      covered_by[pile] = {}
      if row < 7 then
        covered_by[pile] = { pyramid[position + row], pyramid[position + row + 1] }
      end
    end
  end
end

local names = { "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King" }

-- Whether nothing covers the pile's card: a pyramid card is free when both
-- cards over it are gone; the stock's and the waste's top cards are free
-- when face up.
local function is_free(pile)
  if game.count(pile) == 0 or not game.up(pile) then return false end
  local over = covered_by[pile]
  return not (over and over[1] and (game.count(over[1]) > 0 or game.count(over[2]) > 0))
end

-- The stock's top card always lies face up, ready to pair.
local function turn_up_stock()
  if game.count(stock) > 0 and not game.up(stock) then game.flip(stock) end
end

function deal()
  for _, pile in ipairs(pyramid) do game.deal(pile) end
  while game.deck_left() > 0 do game.deal(stock, false) end
  game.move(stock, waste, 1, { flip = true })
  turn_up_stock()
end

function can_pick_up(pile, index)
  if index ~= game.count(pile) then return false, "only a free top card plays" end
  if pile == discard then return false, "cards on the discard pile stay there" end
  if in_pyramid[pile] and not is_free(pile) then
    return false, "that card is covered: clear the two cards over it first"
  end
  return game.up(pile, index), "only a free top card plays"
end

function can_drop(from, count, to)
  if count ~= 1 then return false, "cards pair one with one" end
  local rank = game.rank(from)
  if to == discard then
    return rank == 13, "only a King goes to the discard alone: pair the others to make 13"
  end
  if game.count(to) == 0 then return false, "drop it on a card it makes 13 with" end
  if not is_free(to) then return false, "that card is covered: it cannot pair yet" end
  local other = game.rank(to)
  if rank + other ~= 13 then
    return false, string.format("%s and %s make %d, not 13", names[rank], names[other], rank + other)
  end
  return true
end

-- Every move at once, for the solver (exactly what can_pick_up and can_drop
-- allow): a free King to the discard pile, a free card onto a free card it
-- makes 13 with; then the piles on_click moves cards on, the free Kings.
function moves()
  local free = {}
  for pile = 1, game.pile_count() do
    if pile ~= discard and is_free(pile) then free[#free + 1] = pile end
  end
  local list, clicks = {}, {}
  -- (Numeric loops: ipairs costs a call a step, and this runs for every position searched.)
  local ranks = {}
  for n = 1, #free do ranks[n] = game.rank(free[n]) end
  for n = 1, #free do
    local from, rank = free[n], ranks[n]
    if rank == 13 then
      list[#list + 1] = { from, 1, discard }
      clicks[#clicks + 1] = from
    end
    for m = 1, #free do
      if m ~= n and rank + ranks[m] == 13 then list[#list + 1] = { from, 1, free[m] } end
    end
  end
  return list, clicks
end

-- A card dropped on its partner: the two go to the discard pile together.
function after_move(from, count, to)
  if to ~= discard then game.move(to, discard, 2) end
  turn_up_stock()
end

-- A click on a free King sends it to the discard pile.
function on_click(pile)
  if pile ~= discard and game.count(pile) > 0 and game.rank(pile) == 13 and is_free(pile) then
    game.move(pile, discard, 1)
    turn_up_stock()
  end
end

-- The stock turns its card onto the waste; once it is empty, the waste goes
-- back while redeals remain.
function on_stock_click(pile)
  if game.count(stock) > 0 then
    game.move(stock, waste, 1, { flip = not game.up(stock) })
  elseif game.count(waste) > 0 and game.redeals_left() > 0 then
    game.move(waste, stock, game.count(waste), { flip = true, reverse = true, redeal = true })
  end
  turn_up_stock()
end

function is_won()
  if game.option("goal") == "pyramid" then
    for _, pile in ipairs(pyramid) do
      if game.count(pile) > 0 then return false end
    end
    return true
  end
  return game.count(discard) == 52
end

-- The first play the free cards allow: a King to the discard pile, or two
-- cards that make 13. Returns from, to (nil when there is none).
local function first_play()
  local free = {}
  for _, pile in ipairs(pyramid) do
    if is_free(pile) then free[#free + 1] = pile end
  end
  for _, pile in ipairs({ stock, waste }) do
    if is_free(pile) then free[#free + 1] = pile end
  end
  for _, pile in ipairs(free) do
    if game.rank(pile) == 13 then return pile, discard end
  end
  for i, a in ipairs(free) do
    for j = i + 1, #free do
      if game.rank(a) + game.rank(free[j]) == 13 then return a, free[j] end
    end
  end
  return nil
end

-- A card to turn, a waste to turn back, or a play: the game goes on.
function moves_left()
  if game.count(stock) > 0 then return true end
  if game.count(waste) > 0 and game.redeals_left() > 0 then return true end
  return first_play() ~= nil
end

function hint()
  local from, to = first_play()
  if from == nil then return nil end
  if to == discard then return from, to, 1, "Discard the King" end
  return from, to, 1, string.format("Pair the %s with the %s", names[game.rank(from)], names[game.rank(to)])
end
