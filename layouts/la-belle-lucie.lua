-- La Belle Lucie: eighteen fans, built down in suit one card at a time, and
-- two redeals that shuffle what is left on the fans.
--
-- Rules: PySolFC, "La Belle Lucie" (html-src/rules/labellelucie.html). The
-- deal is seventeen fans of three and one of one, face up. A fan's top card
-- goes on the top card of another fan one rank higher in its suit, or to its
-- foundation (up in suit from the Ace); an empty fan is never filled. A
-- foundation's top card may come back onto a fan in the same way. Two
-- redeals: the cards still on the fans are gathered, shuffled and dealt again
-- in fans of three (the last fan may have fewer).

local redeal = game.piles("redeal")[1]
local fans = game.piles("tableau")
local foundations = game.piles("foundation")

-- The deck dealt in threes onto the fans, in order.
function deal()
  for _, fan in ipairs(fans) do
    for _ = 1, 3 do
      if game.deck_left() > 0 then game.deal(fan, true) end
    end
  end
  game.set_redeals(2)
end

function can_pick_up(pile, index)
  local kind = game.kind(pile)
  if kind == "tableau" then return index == game.count(pile), "one card at a time moves" end
  if kind == "foundation" then return index == game.count(pile), "only a foundation's top card comes back" end
  return false, "click the redeal pile to gather, shuffle and deal the fans again"
end

function can_drop(from, count, to)
  if count ~= 1 then return false, "one card at a time moves" end
  local rank, suit = game.rank(from), game.suit(from)
  local kind = game.kind(to)
  if kind == "foundation" then
    if game.kind(from) == "foundation" then return false, "a foundation's card goes back only onto a fan" end
    if game.count(to) == 0 then return rank == 1, "a foundation starts with an Ace" end
    return game.suit(to) == suit and game.rank(to) == rank - 1, "a foundation builds up in suit"
  end
  if kind == "tableau" then
    if game.count(to) == 0 then return false, "an empty fan stays empty" end
    return game.suit(to) == suit and game.rank(to) == rank + 1, "a fan builds down in suit"
  end
  return false, "cards do not go there"
end

-- Every move at once, for the solver (exactly what can_pick_up and can_drop
-- allow): a fan's top card onto its foundation, or onto the fan whose top card
-- is one rank higher in its suit; a foundation's top card onto that fan too.
function moves()
  local list = {}
  -- fan_of[suit][rank]: the fan whose top card that is.
  local fan_of = { C = {}, D = {}, H = {}, S = {} }
  for _, fan in ipairs(fans) do
    if game.count(fan) > 0 then fan_of[game.suit(fan)][game.rank(fan)] = fan end
  end
  for _, fan in ipairs(fans) do
    if game.count(fan) > 0 then
      local rank, suit = game.rank(fan), game.suit(fan)
      for _, to in ipairs(foundations) do
        if game.count(to) == 0 then
          if rank == 1 then list[#list + 1] = { fan, 1, to } end
        elseif game.suit(to) == suit and game.rank(to) == rank - 1 then
          list[#list + 1] = { fan, 1, to }
        end
      end
      local above = fan_of[suit][rank + 1]
      if above then list[#list + 1] = { fan, 1, above } end
    end
  end
  for _, foundation in ipairs(foundations) do
    if game.count(foundation) > 0 then
      local above = fan_of[game.suit(foundation)][game.rank(foundation) + 1]
      if above then list[#list + 1] = { foundation, 1, above } end
    end
  end
  return list
end

-- A redeal, while redeals are left and cards lie on the fans. The gathering is
-- the shuffle: card by card, from a fan picked at random in proportion to the
-- cards it holds, onto the redeal pile face down, so that every interleaving
-- of the fans is as likely. Then the pile is dealt out in threes, from the
-- first fan on. math.random is seeded from the position: the same position
-- always shuffles the same way, and an undone redeal replays identically.
function on_stock_click(pile)
  if pile ~= redeal or game.redeals_left() == 0 then return end
  local left = 0
  for _, fan in ipairs(fans) do left = left + game.count(fan) end
  if left == 0 then return end
  local first = true
  while left > 0 do
    local pick = math.random(left)
    for _, fan in ipairs(fans) do
      pick = pick - game.count(fan)
      if pick <= 0 then
        game.move(fan, redeal, 1, { flip = true, redeal = first })
        first = false
        break
      end
    end
    left = left - 1
  end
  for _, fan in ipairs(fans) do
    local count = math.min(3, game.count(redeal))
    if count == 0 then break end
    game.move(redeal, fan, count, { flip = true })
  end
end

function is_won()
  local up = 0
  for _, pile in ipairs(foundations) do up = up + game.count(pile) end
  return up == 52
end
