-- TriPeaks: clear three peaks onto one foundation, a rank up or down.
--
-- Rules: PySolFC, "Tri Peaks" (html-src/rules/tripeaks.html). 28 cards in
-- three peaks of four rows (3, 6, 9 and 10 cards), each card half covered
-- by two cards of the row below; the bottom row is dealt face up, the rest
-- face down, and a card turns face up once both cards over it are gone. One
-- card starts the foundation. A free card goes onto the foundation when it
-- is one rank above or below the foundation's top card, whatever its suit;
-- the ranks wrap around, as in PySolFC: a King and an Ace are neighbours.
-- Drag the card there or click it. A click on the stock turns its next card
-- onto the foundation; there is no redeal. Won when the peaks are cleared.
--
-- The layout deals, runs the stock and says when the game is won (its keys
-- are Golf's); this script adds what the keys cannot say: which cards are
-- free, and turning them up.

local stock = game.piles("stock")[1]
local foundation = game.piles("foundation")[1]
local peaks = game.piles("peaks")

-- The covering table, by position in the peaks (reading order: the three
-- tops, then rows of 6, 9 and 10): covering[k] lists the two positions of
-- the next row that lie over position k; the bottom row lies free.
local covering = {
  { 4, 5 }, { 6, 7 }, { 8, 9 },
  { 10, 11 }, { 11, 12 }, { 13, 14 }, { 14, 15 }, { 16, 17 }, { 17, 18 },
}
for position = 10, 18 do covering[position] = { position + 9, position + 10 } end

local covered_by = {}
local in_peaks = {}
for position, pile in ipairs(peaks) do
  in_peaks[pile] = true
  covered_by[pile] = {}
  for _, over in ipairs(covering[position] or {}) do
    table.insert(covered_by[pile], peaks[over])
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
local function neighbours(rank, other)
  local gap = math.abs(rank - other)
  return gap == 1 or gap == 12
end

-- Whether the pile's card may go onto the foundation (any card starts it).
local function plays(pile)
  return game.count(foundation) == 0 or neighbours(game.rank(pile), game.rank(foundation))
end

-- Every face-down card whose covering cards are gone turns face up.
local function turn_up_free_cards()
  for _, pile in ipairs(peaks) do
    if is_free(pile) and not game.up(pile) then game.flip(pile) end
  end
end

function can_pick_up(pile, index)
  if in_peaks[pile] then
    if not is_free(pile) then return false, "that card is covered: clear the two cards over it first" end
    return game.up(pile), "that card is face down"
  end
  if pile == stock then return false, "click the stock to turn its next card onto the foundation" end
  return false, "cards on the foundation stay there"
end

function can_drop(from, count, to)
  if to ~= foundation then return false, "cards go onto the foundation only" end
  local rank = game.rank(from)
  if plays(from) then return true end
  local below = game.rank(foundation)
  return false, string.format("%s goes on %s or %s, not on %s", a(rank), a((rank + 11) % 13 + 1),
    a(rank % 13 + 1), a(below))
end

-- Every move at once, for the solver (exactly what can_pick_up and can_drop
-- allow): each free face-up card of the peaks that plays on the foundation;
-- then the piles on_click moves cards on, the same.
function moves()
  local list, clicks = {}, {}
  for _, pile in ipairs(peaks) do
    if is_free(pile) and game.up(pile) and plays(pile) then
      for count = 1, game.count(pile) do list[#list + 1] = { pile, count, foundation } end
      clicks[#clicks + 1] = pile
    end
  end
  return list, clicks
end

function after_move(from, count, to)
  turn_up_free_cards()
end

-- A click on a free card plays it onto the foundation when it may go.
function on_click(pile)
  if in_peaks[pile] and is_free(pile) and game.up(pile) and plays(pile) then
    game.move(pile, foundation, 1)
    turn_up_free_cards()
  end
end

-- A card to turn from the stock, or a free card that plays.
function moves_left()
  if game.count(stock) > 0 then return true end
  for _, pile in ipairs(peaks) do
    if is_free(pile) and game.up(pile) and plays(pile) then return true end
  end
  return false
end
