-- Nestor: pairs of equal rank off the tops of eight columns and a reserve.
--
-- Rules: PySolFC, "Nestor" (html-src/rules/nestor.html). Eight columns of six
-- cards with no two of a rank in one column; the four cards left over form a
-- reserve. The top cards of the columns and the reserve cards pair off by
-- rank, suits ignored, onto the discard pile. Won when all 52 are discarded.

local discard = game.piles("discard")[1]
local columns = game.piles("tableau")
local reserve = game.piles("reserve")

local ROWS = 6

-- Plans the ranks of the columns, row by row as a real deal goes: each card a
-- rank drawn at random from those the deck still holds, weighted by how many
-- of it are left, leaving out the ranks its column has already. A plan that
-- runs out of ranks for some column starts again. Returns ranks[row][column].
local function plan_ranks()
  for _ = 1, 100 do
    local left, ranks, stuck = {}, {}, false
    for rank = 1, 13 do left[rank] = 4 end
    for row = 1, ROWS do
      ranks[row] = {}
      for column = 1, #columns do
        local allowed, total = {}, 0
        for rank = 1, 13 do
          local taken = false
          for above = 1, row - 1 do
            if ranks[above][column] == rank then taken = true end
          end
          if left[rank] > 0 and not taken then
            allowed[#allowed + 1] = rank
            total = total + left[rank]
          end
        end
        if total == 0 then
          stuck = true
          break
        end
        local pick = math.random(total)
        for _, rank in ipairs(allowed) do
          pick = pick - left[rank]
          if pick <= 0 then
            ranks[row][column] = rank
            left[rank] = left[rank] - 1
            break
          end
        end
      end
      if stuck then break end
    end
    if not stuck then return ranks end
  end
  return nil
end

-- The ranks come from the plan, the suits from the shuffled deck (the next
-- card of the planned rank); the four cards left make the reserve.
function deal()
  local ranks = plan_ranks()
  for row = 1, ROWS do
    for column, pile in ipairs(columns) do
      game.deal(pile, true, ranks and ranks[row][column] or nil)
    end
  end
  for _, pile in ipairs(reserve) do game.deal(pile, true) end
end

local function is_open(pile)
  local kind = game.kind(pile)
  return kind == "tableau" or kind == "reserve"
end

function can_pick_up(pile, index)
  if not is_open(pile) then return false, "discarded cards stay there" end
  return index == game.count(pile), "only the top card of a pile moves"
end

-- A card dropped on another of its rank makes a pair.
function can_drop(from, count, to)
  if to == discard then return false, "drop a card on another of its rank: the pair goes to the discard pile" end
  if not is_open(to) or game.count(to) == 0 then return false, "a card pairs only with a top card of its rank" end
  if count ~= 1 then return false, "cards pair off two at a time" end
  return game.rank(from) == game.rank(to), "a pair is two cards of the same rank"
end

-- Every move at once, for the solver (exactly what can_pick_up and can_drop
-- allow): a top card onto another top card of its rank.
function moves()
  local open = {}
  for pile = 1, game.pile_count() do
    if is_open(pile) and game.count(pile) > 0 then open[#open + 1] = pile end
  end
  local list, ranks = {}, {}
  for n = 1, #open do ranks[n] = game.rank(open[n]) end
  for n = 1, #open do
    for m = 1, #open do
      if m ~= n and ranks[m] == ranks[n] then list[#list + 1] = { open[n], 1, open[m] } end
    end
  end
  return list
end

-- The pair just made goes to the discard pile.
function after_move(from, count, to)
  if is_open(to) and game.count(to) >= 2 and game.rank(to, -1) == game.rank(to, -2) then
    game.move(to, discard, 2)
  end
end

-- No is_won: the game is won when every card is on the discard, a foundation, which is
-- the declarative rules' own test (and spares the solver a call to the script for every
-- position it lists).
