-- Gaps (Montana): four rows of thirteen with four gaps; a gap takes the card
-- that follows, in suit, the card on its left.
--
-- Rules: PySolFC, "Montana" (html-src/rules/montana.html), also called Gaps.
-- The whole deck is dealt face up in four rows of thirteen and the Aces are
-- taken out of the game, leaving four gaps. Any card moves into a gap whose
-- left neighbour is the card one rank lower in its suit; a gap at the start of
-- a row takes any 2; nothing follows a King. The goal: each row one suit from
-- 2 to King, left to right, ending in a gap. Two redeals: the cards that are
-- not part of a row's run from its 2 are shuffled and dealt again after the
-- runs, leaving one gap right after each run.

local redeal = game.piles("redeal")[1]
local aces = game.piles("aces")[1]
local cells = game.piles("tableau")

local ROWS, COLUMNS = 4, 13
local RANKS = { "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King" }
local SUITS = { C = "clubs", D = "diamonds", H = "hearts", S = "spades" }

-- The cell at a row and column, and the row and column of a cell.
local function cell(row, column) return cells[(row - 1) * COLUMNS + column] end
local place = {}
for index, pile in ipairs(cells) do
  place[pile] = { row = (index - 1) // COLUMNS + 1, column = (index - 1) % COLUMNS + 1 }
end

-- The deck in four rows, then the Aces out of the game.
function deal()
  for _, pile in ipairs(cells) do game.deal(pile, true) end
  for _, pile in ipairs(cells) do
    if game.rank(pile) == 1 then game.move(pile, aces) end
  end
  game.set_redeals(2)
end

-- How many cards from the start of a row are in order: a 2, then the 3 of its
-- suit, and so on.
local function run_length(row)
  local first = cell(row, 1)
  if game.count(first) == 0 or game.rank(first) ~= 2 then return 0 end
  local suit = game.suit(first)
  local length = 1
  while length < COLUMNS - 1 do
    local pile = cell(row, length + 1)
    if game.count(pile) == 0 or game.suit(pile) ~= suit or game.rank(pile) ~= length + 2 then break end
    length = length + 1
  end
  return length
end

-- What a gap takes: rank and suit (suit nil: any 2), or nil when nothing can
-- go there yet (after another gap) or ever (after a King); then why not.
local function wanted(gap)
  local at = place[gap]
  if at.column == 1 then return 2, nil end
  local left = cell(at.row, at.column - 1)
  if game.count(left) == 0 then return nil, "a gap right of another gap takes nothing until that one is filled" end
  if game.rank(left) == 13 then return nil, "nothing follows a King: this gap stays empty" end
  return game.rank(left) + 1, game.suit(left)
end

function can_pick_up(pile, index)
  if place[pile] then return true end
  if pile == aces then return false, "the Aces are out of the game" end
  return false, "click the redeal pile to shuffle the cards not in order and deal them again"
end

function can_drop(from, count, to)
  if not place[from] then return false, "cards move only from the rows" end
  if not place[to] then return false, "cards move only into gaps" end
  if game.count(to) > 0 then return false, "a card moves only into a gap" end
  local rank, suit = wanted(to)
  if not rank then return false, suit end
  if not suit then return game.rank(from) == 2, "a gap at the start of a row takes a 2" end
  return game.rank(from) == rank and game.suit(from) == suit,
    "this gap takes the " .. RANKS[rank] .. " of " .. SUITS[suit] .. ", the card after the one on its left"
end

-- Every move at once, for the solver (exactly what can_pick_up and can_drop
-- allow): into each gap, the card it wants; then the piles on_click moves
-- cards on, the gaps only one card fits (a 2 at the start of a row stays).
function moves()
  local list, clicks = {}, {}
  -- at[suit][rank]: the cell that holds the card.
  local at = { C = {}, D = {}, H = {}, S = {} }
  for _, pile in ipairs(cells) do
    if game.count(pile) > 0 then at[game.suit(pile)][game.rank(pile)] = pile end
  end
  for _, gap in ipairs(cells) do
    if game.count(gap) == 0 then
      local rank, suit = wanted(gap)
      if rank and suit then
        local from = at[suit][rank]
        if from then
          list[#list + 1] = { from, 1, gap }
          clicks[#clicks + 1] = gap
        end
      elseif rank then
        local fitting = 0
        for _, letter in ipairs({ "C", "D", "H", "S" }) do
          local from = at[letter][rank]
          if from then
            list[#list + 1] = { from, 1, gap }
            if place[from].column ~= 1 then fitting = fitting + 1 end
          end
        end
        if fitting == 1 then clicks[#clicks + 1] = gap end
      end
    end
  end
  return list, clicks
end

-- The cells holding a card that may go into a gap (a 2 already at the start
-- of a row stays where it is).
local function fitting(gap)
  local rank, suit = wanted(gap)
  local found = {}
  if not rank then return found end
  for _, other in ipairs(cells) do
    if game.count(other) > 0 and game.rank(other) == rank
      and (game.suit(other) == suit or (suit == nil and place[other].column ~= 1)) then
      found[#found + 1] = other
    end
  end
  return found
end

-- A click on a gap fills it, when exactly one card can go there.
function on_click(pile)
  if not place[pile] or game.count(pile) > 0 then return end
  local found = fitting(pile)
  if #found == 1 then game.move(found[1], pile) end
end

-- A hint: the card that extends a row's run from its 2, else any card that
-- fills a gap after the card one rank lower in its suit, else a 2 to start a
-- row; nil leaves the redeal to the table's hints.
function hint()
  local extending, others = {}, {}
  for row = 1, ROWS do
    local run = run_length(row)
    for column = 1, COLUMNS do
      local gap = cell(row, column)
      if game.count(gap) == 0 then
        local list = (column == run + 1) and extending or others
        list[#list + 1] = gap
      end
    end
  end
  for _, gaps in ipairs({ extending, others }) do
    for _, gap in ipairs(gaps) do
      local from = fitting(gap)[1]
      if from then
        local card = game.card(from)
        if place[gap].column == 1 then return from, gap, 1, "Start a row with the 2 of " .. SUITS[card.suit] end
        return from, gap, 1,
          "Move the " .. RANKS[card.rank] .. " of " .. SUITS[card.suit] .. " into the gap after the " .. RANKS[card.rank - 1]
      end
    end
  end
  return nil
end

-- A redeal: the cells after each row's run, less one gap, get the cards not in
-- order, shuffled with math.random (seeded from the position, so an undone
-- redeal replays identically). The cards go straight to their new cells, one
-- waiting on the redeal pile when they stand in each other's way.
function on_stock_click(pile)
  if pile ~= redeal or game.redeals_left() == 0 then return end
  local targets, loose = {}, {}
  for row = 1, ROWS do
    local run = run_length(row)
    for column = run + 2, COLUMNS do targets[#targets + 1] = cell(row, column) end
    for column = run + 1, COLUMNS do
      if game.count(cell(row, column)) > 0 then loose[#loose + 1] = cell(row, column) end
    end
  end
  -- pending[target] = where the card bound for `target` is now; a shuffle
  -- that leaves every card where it is, is shuffled again.
  local pending, waiting = {}, 0
  for _ = 1, 20 do
    local order = {}
    for i, source in ipairs(loose) do order[i] = source end
    for i = #order, 2, -1 do
      local j = math.random(i)
      order[i], order[j] = order[j], order[i]
    end
    pending, waiting = {}, 0
    for i, target in ipairs(targets) do
      if order[i] ~= target then
        pending[target] = order[i]
        waiting = waiting + 1
      end
    end
    if waiting > 0 then break end
  end
  local first = true
  local function step(from, to)
    game.move(from, to, 1, { redeal = first })
    first = false
  end
  while waiting > 0 do
    local filled = false
    for _, target in ipairs(targets) do
      local source = pending[target]
      if source and game.count(target) == 0 then
        step(source, target)
        pending[target] = nil
        waiting = waiting - 1
        filled = true
      end
    end
    if not filled then
      -- Every cell a card is bound for is taken: lift one card out of the way.
      for _, target in ipairs(targets) do
        if pending[target] then
          step(pending[target], redeal)
          pending[target] = redeal
          break
        end
      end
    end
  end
end

-- Moves are left while a gap can be filled, or a redeal is left that would
-- deal something (a redeal shuffles only the cards not yet in order).
function moves_left()
  for _, gap in ipairs(cells) do
    if game.count(gap) == 0 and #fitting(gap) > 0 then return true end
  end
  if game.redeals_left() == 0 then return false end
  for row = 1, ROWS do
    if run_length(row) < COLUMNS - 1 then return true end
  end
  return false
end

function is_won()
  for row = 1, ROWS do
    if run_length(row) ~= COLUMNS - 1 then return false end
  end
  return true
end
