-- Clock: a game of patience that plays itself out; will the Kings wait?
--
-- Rules: PySolFC, "Clock" (html-src/rules/clock.html). The deal (the
-- layout's deal-down and deal-up) makes thirteen piles of four cards face
-- down: twelve round a clock face, one for each rank from the Ace at one
-- o'clock to the Queen at twelve, and the Kings' pile in the centre, whose
-- top card is face up. The face-up card goes face up under the pile of its
-- rank: drag it onto that pile, or click it (a card that belongs to the pile
-- it was turned from can only be clicked). Then the top card of that pile
-- turns face up, and so on. Won when every card is face up, each in the pile
-- of its rank; lost when the fourth King goes under the centre pile while
-- cards still lie face down.

local hours = game.piles("hour")
local kings = game.piles("kings")[1]

-- home[rank] is the pile of that rank; rank_of[pile] the other way round.
local home = {}
local rank_of = {}
for hour, pile in ipairs(hours) do
  home[hour] = pile
  rank_of[pile] = hour
end
home[13] = kings
rank_of[kings] = 13

local names = { "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King" }

-- "an Ace", "a 7", "an 8".
local function a(rank)
  return (rank == 1 or rank == 8) and "an " .. names[rank] or "a " .. names[rank]
end

-- Where a rank's pile is, in words.
local function pile_name(rank)
  if rank == 13 then return "the Kings' pile in the centre" end
  return string.format("the %d o'clock pile", rank)
end

-- Whether the top card of the pile is the card turned up to go home: face
-- up, and lying on a face-down card or on a pile of another rank.
local function turned(pile)
  local count = game.count(pile)
  if count == 0 or not game.up(pile) then return false end
  if count >= 2 and not game.up(pile, count - 1) then return true end
  return game.rank(pile) ~= rank_of[pile]
end

-- The top card of `from` goes to the bottom of `to` (another pile): the
-- cards of `to` lift onto it, then all of them go back.
local function tuck_under(from, to)
  local count = game.count(to)
  if count > 0 then game.move(to, from, count) end
  game.move(from, to, count + 1)
end

-- The next card of the pile turns face up (unless none is left face down).
local function turn_next(pile)
  if game.count(pile) > 0 and not game.up(pile) then game.flip(pile) end
end

function can_pick_up(pile, index)
  if index == game.count(pile) and turned(pile) then return true end
  if game.up(pile, index) then return false, "that card is home already" end
  return false, "only the face-up card moves; the next one turns up by itself"
end

function can_drop(from, count, to)
  local rank = game.rank(from)
  if rank_of[to] == rank then return true end
  if home[rank] == from then
    return false, string.format("%s goes under its own pile: click it", a(rank))
  end
  return false, string.format("%s goes under %s", a(rank), pile_name(rank))
end

-- The card dropped on its pile goes under it; that pile's next card turns up.
-- Every move at once, for the solver (exactly what can_pick_up and can_drop
-- allow): each turned card under the pile of its rank; then the piles
-- on_click moves cards on, every pile with a turned card.
function moves()
  local list, clicks = {}, {}
  for pile = 1, game.pile_count() do
    if turned(pile) then
      clicks[#clicks + 1] = pile
      local target = home[game.rank(pile)]
      if target ~= pile then list[#list + 1] = { pile, 1, target } end
    end
  end
  return list, clicks
end

function after_move(from, count, to)
  game.move(to, from, 1)
  tuck_under(from, to)
  turn_next(to)
end

-- A click on the face-up card sends it under its pile.
function on_click(pile)
  if not turned(pile) then return end
  local target = home[game.rank(pile)]
  if target == pile then
    -- Its own pile: set it aside on another pile for a moment.
    local aside = pile == kings and hours[1] or kings
    game.move(pile, aside, 1)
    tuck_under(aside, pile)
  else
    tuck_under(pile, target)
  end
  turn_next(target)
end

-- The game goes on while a card lies face up waiting to go home.
function moves_left()
  for _, pile in pairs(home) do
    if turned(pile) then return true end
  end
  return false
end

function is_won()
  for rank, pile in pairs(home) do
    for index = 1, game.count(pile) do
      if not game.up(pile, index) or game.rank(pile, index) ~= rank then return false end
    end
  end
  return true
end
