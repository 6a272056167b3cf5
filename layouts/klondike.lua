-- Klondike in Lua: the rules of klondike.toml written as hooks, so that the
-- two play card for card alike (a test deals the same games through both).
--
-- Rules: PySolFC, "Klondike" (html-src/rules/klondike.html). Seven columns
-- dealt 1 to 7 cards, the top one face up; build down in alternate colours;
-- only a King (or a run from a King) on an empty column; the foundations
-- build up in suit from the Ace; the stock turns one card at a time onto the
-- waste, and the waste goes back as often as you like.

-- The player may turn three cards at a time instead (cardtable play
-- klondike-lua --option draw=3).
options = {
  { name = "draw", text = "Cards turned from the stock at a time", values = { 1, 3 }, default = 1 },
}

local stock = game.piles("stock")[1]
local waste = game.piles("waste")[1]
local columns = game.piles("tableau")

-- Row by row, as a real deal: column n gets n cards, the last one face up.
-- The cards left over go to the stock by themselves.
function deal()
  for row = 1, 7 do
    for column = row, 7 do
      game.deal(columns[column], column == row)
    end
  end
  game.set_redeals(math.huge)
end

-- Whether the cards of a column from `index` up are face up and go down in
-- alternate colours.
local function is_run(pile, index)
  for i = index, game.count(pile) do
    if not game.up(pile, i) then return false end
    if i > index then
      if game.rank(pile, i) ~= game.rank(pile, i - 1) - 1 then return false end
      if game.color(pile, i) == game.color(pile, i - 1) then return false end
    end
  end
  return true
end

function can_pick_up(pile, index)
  local kind = game.kind(pile)
  if kind == "tableau" then return is_run(pile, index) end
  if kind == "waste" or kind == "foundation" then
    return index == game.count(pile), "only the top card moves"
  end
  return false, "cards are dealt from the stock by clicking it"
end

function can_drop(from, count, to)
  local first = game.count(from) - count + 1
  local rank, suit, color = game.rank(from, first), game.suit(from, first), game.color(from, first)
  local kind = game.kind(to)
  if kind == "foundation" then
    if count > 1 then return false, "one card at a time goes to a foundation" end
    if game.count(to) == 0 then return rank == 1, "a foundation starts with an Ace" end
    return game.suit(to) == suit and game.rank(to) == rank - 1, "a foundation builds up in suit"
  end
  if kind == "tableau" then
    if game.count(to) == 0 then return rank == 13, "only a King goes on an empty column" end
    return game.color(to) ~= color and game.rank(to) == rank + 1, "a column builds down in alternate colours"
  end
  return false, "cards do not go there"
end

-- A column's new top card turns face up.
local foundations = game.piles("foundation")
local kinds = {}
for pile = 1, game.pile_count() do kinds[pile] = game.kind(pile) end

-- Every move at once, for the solver (exactly what can_pick_up and can_drop
-- allow): from each column every face-up run, from the waste and each
-- foundation the top card, onto each foundation and column that takes it.
function moves()
  local piles = game.pile_count()
  -- Each pile's top card (count 0: none).
  local counts, ranks, suits, colors = {}, {}, {}, {}
  for pile = 1, piles do
    local count = game.count(pile)
    counts[pile] = count
    if count > 0 then ranks[pile], suits[pile], colors[pile] = game.rank(pile), game.suit(pile), game.color(pile) end
  end
  local list = {}
  for from = 1, piles do
    local count, kind = counts[from], kinds[from]
    local lowest = nil
    if count > 0 and kind == "tableau" then
      if game.up(from, count) then
        lowest = count
        while lowest > 1 and game.up(from, lowest - 1) and game.rank(from, lowest - 1) == game.rank(from, lowest) + 1
          and game.color(from, lowest - 1) ~= game.color(from, lowest) do
          lowest = lowest - 1
        end
      end
    elseif count > 0 and (kind == "waste" or kind == "foundation") then
      lowest = count
    end
    if lowest then
      for index = count, lowest, -1 do
        local cards = count - index + 1
        local rank, suit, color = game.rank(from, index), game.suit(from, index), game.color(from, index)
        for to = 1, piles do
          if to ~= from then
            local takes = false
            if kinds[to] == "foundation" then
              if cards == 1 then
                if counts[to] == 0 then
                  takes = rank == 1
                else
                  takes = suits[to] == suit and ranks[to] == rank - 1
                end
              end
            elseif kinds[to] == "tableau" then
              if counts[to] == 0 then
                takes = rank == 13
              else
                takes = colors[to] ~= color and ranks[to] == rank + 1
              end
            end
            if takes then list[#list + 1] = { from, cards, to } end
          end
        end
      end
    end
  end
  return list
end

function after_move(from, count, to)
  if game.kind(from) == "tableau" and game.count(from) > 0 and not game.up(from) then
    game.flip(from)
  end
end

function on_stock_click(pile)
  if game.count(stock) > 0 then
    local draw = math.min(tonumber(game.option("draw")), game.count(stock))
    game.move(stock, waste, draw, { flip = true, reverse = true })
  elseif game.count(waste) > 0 then
    game.move(waste, stock, game.count(waste), { flip = true, reverse = true, redeal = true })
  end
end

function is_won()
  local up = 0
  for _, pile in ipairs(foundations) do up = up + game.count(pile) end
  return up == 52
end
