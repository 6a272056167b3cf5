-- Osmosis: four foundations, each in one suit and any order of rank, where a
-- card seeps down from one foundation to the next only once its rank is there.
--
-- Rules: PySolFC, "Osmosis" (html-src/rules/osmosis.html). One card starts the
-- first foundation; four reserve piles of four cards, only the top card face
-- up, build nothing. The first foundation takes any card of its first card's
-- suit. Each foundation below it starts with a card of the first card's rank
-- and then takes cards of its own suit, but only of ranks already on the
-- foundation directly above. The stock turns three cards at a time onto the
-- waste, redealt without limit. Won when all 52 are on the foundations.

local stock = game.piles("stock")[1]
local waste = game.piles("waste")[1]
local foundations = game.piles("foundation")
local reserves = game.piles("reserve")

local RANKS = { "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King" }
local SUITS = { C = "clubs", D = "diamonds", H = "hearts", S = "spades" }

function deal()
  game.deal(foundations[1], true)
  for _, pile in ipairs(reserves) do
    for _ = 1, 3 do game.deal(pile, false) end
    game.deal(pile, true)
  end
  game.set_redeals(math.huge)
end

-- Which foundation a pile is (1 = the top one), or nil.
local function foundation_number(pile)
  for number, foundation in ipairs(foundations) do
    if foundation == pile then return number end
  end
  return nil
end

-- Whether a card of `rank` lies on a pile.
local function holds_rank(pile, rank)
  for i = 1, game.count(pile) do
    if game.rank(pile, i) == rank then return true end
  end
  return false
end

function can_pick_up(pile, index)
  local kind = game.kind(pile)
  if kind == "reserve" or kind == "waste" then
    return index == game.count(pile) and game.up(pile, index), "only the top card moves"
  end
  if kind == "foundation" then return false, "cards on the foundations stay there" end
  return false, "click the stock to turn three cards onto the waste"
end

function can_drop(from, count, to)
  local number = foundation_number(to)
  if not number then return false, "cards go only to the foundations" end
  if count ~= 1 then return false, "one card at a time goes to a foundation" end
  local rank, suit = game.rank(from), game.suit(from)
  local first = game.card(foundations[1], 1)
  if number == 1 then
    return suit == first.suit, "the first foundation takes only " .. SUITS[first.suit]
  end
  local above = foundations[number - 1]
  if game.count(to) == 0 then
    if rank ~= first.rank then
      return false, "an empty foundation starts with a card of the first card's rank (" .. RANKS[first.rank] .. ")"
    end
    return game.count(above) > 0, "start the foundation above this one first"
  end
  if suit ~= game.suit(to, 1) then return false, "this foundation takes only " .. SUITS[game.suit(to, 1)] end
  return holds_rank(above, rank), "a card goes here only once a card of its rank is on the foundation above"
end

-- A reserve pile's new top card turns face up.
-- The piles whose top card moves: the reserves and the waste.
local sources = {}
for pile = 1, game.pile_count() do
  local kind = game.kind(pile)
  if kind == "reserve" or kind == "waste" then sources[#sources + 1] = pile end
end

-- Every move at once, for the solver (exactly what can_pick_up and can_drop
-- allow): a face-up top card of a reserve or the waste onto each foundation
-- that takes it. Without a first foundation card, the other hooks decide.
function moves()
  local first = game.card(foundations[1], 1)
  if not first then return nil end
  local list = {}
  for _, from in ipairs(sources) do
    if game.count(from) > 0 and game.up(from) then
      local rank, suit = game.rank(from), game.suit(from)
      for number, to in ipairs(foundations) do
        local takes
        if number == 1 then
          takes = suit == first.suit
        elseif game.count(to) == 0 then
          takes = rank == first.rank and game.count(foundations[number - 1]) > 0
        else
          takes = suit == game.suit(to, 1) and holds_rank(foundations[number - 1], rank)
        end
        if takes and to ~= from then list[#list + 1] = { from, 1, to } end
      end
    end
  end
  return list
end

function after_move(from, count, to)
  if game.kind(from) == "reserve" and game.count(from) > 0 and not game.up(from) then
    game.flip(from)
  end
end

-- Three cards (or what is left) turn over onto the waste as one packet; on an
-- empty stock the waste turns back over.
function on_stock_click(pile)
  if game.count(stock) > 0 then
    game.move(stock, waste, math.min(3, game.count(stock)), { flip = true, reverse = true })
  elseif game.count(waste) > 0 then
    game.move(waste, stock, game.count(waste), { flip = true, reverse = true, redeal = true })
  end
end

function is_won()
  local up = 0
  for _, pile in ipairs(foundations) do up = up + game.count(pile) end
  return up == 52
end
