-- Calculation: four foundations counting up by ones, twos, threes and fours,
-- fed from the stock through four waste piles.
--
-- Rules: PySolFC, "Calculation" (html-src/rules/calculation.html). An Ace, a
-- 2, a 3 and a 4 (any suits) start the foundations; the one started by a
-- rank r builds up by r regardless of suit, counting on past the King from
-- the Ace (the 2s go 2 4 6 8 10 Q A 3 5 7 9 J K), and ends with the King, its
-- thirteenth card. The stock turns one card at a time; the turned card goes
-- to a foundation or onto any of the four waste piles before the next one is
-- turned. Only the top card of a waste pile moves, and only to a foundation.
-- No redeal. Won when all 52 are on the foundations.

local stock = game.piles("stock")[1]
local turned = game.piles("waste")[1]
local foundations = game.piles("foundation")

local RANKS = { "an Ace", "a 2", "a 3", "a 4", "a 5", "a 6", "a 7", "an 8", "a 9", "a 10", "a Jack", "a Queen", "a King" }
local STEPS = { "ones", "twos", "threes", "fours" }

-- The foundations get an Ace, a 2, a 3 and a 4, the first of each rank in the
-- shuffled deck; the rest goes to the stock.
function deal()
  for number, pile in ipairs(foundations) do
    game.deal(pile, true, number)
  end
end

-- The rank a foundation takes next: its last card's rank plus its first
-- card's, counted round from the King to the Ace.
local function next_rank(pile)
  return (game.rank(pile) + game.rank(pile, 1) - 1) % 13 + 1
end

function can_pick_up(pile, index)
  local kind = game.kind(pile)
  if kind == "waste" or kind == "tableau" then return index == game.count(pile), "only the top card moves" end
  if kind == "foundation" then return false, "cards on the foundations stay there" end
  return false, "click the stock to turn its next card"
end

function can_drop(from, count, to)
  if count ~= 1 then return false, "one card at a time moves" end
  local kind = game.kind(to)
  if kind == "foundation" then
    if game.count(to) >= 13 then return false, "this foundation is finished" end
    local wanted = next_rank(to)
    return game.rank(from) == wanted,
      "this foundation builds by " .. STEPS[game.rank(to, 1)] .. ": it takes " .. RANKS[wanted] .. " next"
  end
  if kind == "tableau" then
    return from == turned, "only the card turned from the stock goes on a waste pile"
  end
  return false, "cards do not go there"
end

-- Every move at once, for the solver (exactly what can_pick_up and can_drop
-- allow): a top card of the turned card's pile or of a waste pile onto the
-- foundation that takes it next; the turned card onto any waste pile.
local wastes = game.piles("tableau")
local sources = { turned }
for _, pile in ipairs(wastes) do sources[#sources + 1] = pile end

function moves()
  local list = {}
  -- What each foundation takes next (nil: nothing).
  local wanted = {}
  for n = 1, #foundations do
    local count = game.count(foundations[n])
    if count > 0 and count < 13 then wanted[n] = next_rank(foundations[n]) end
  end
  for s = 1, #sources do
    local from = sources[s]
    if game.count(from) > 0 then
      local rank = game.rank(from)
      for n = 1, #foundations do
        if wanted[n] == rank then list[#list + 1] = { from, 1, foundations[n] } end
      end
    end
  end
  if game.count(turned) > 0 then
    for n = 1, #wastes do list[#list + 1] = { turned, 1, wastes[n] } end
  end
  return list
end

-- The next card turns over, once the one turned before has been played.
function on_stock_click(pile)
  if game.count(turned) == 0 and game.count(stock) > 0 then
    game.move(stock, turned, 1, { flip = true })
  end
end

function is_won()
  local up = 0
  for _, pile in ipairs(foundations) do up = up + game.count(pile) end
  return up == 52
end
