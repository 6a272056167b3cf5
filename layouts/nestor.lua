-- Nestor: pairs of equal rank off the tops of eight columns and a reserve.
--
-- Rules: PySolFC, "Nestor" (html-src/rules/nestor.html). Eight columns of six
-- cards with no two of a rank in one column; the four cards left over form a
-- reserve. The top cards of the columns and the reserve cards pair off by
-- rank, suits ignored, onto the discard pile. Won when all 52 are discarded.
--
-- This script only deals: the play is the layout's own rules (nestor.toml's
-- pair = "same-rank" on the discard pile), which say all of it.

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
