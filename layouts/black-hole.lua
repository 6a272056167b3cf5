-- Black Hole: seventeen fans of three around a hole that swallows cards one
-- rank above or below its top card.
--
-- Rules: PySolFC, "Black Hole" (html-src/rules/blackhole.html); the Ace of
-- Spades starts the hole as in David Parlett's description. The play is the
-- layout's own rules (black-hole.toml): the hole builds up or down by rank,
-- suits ignored, King and Ace next to each other; only a fan's top card moves,
-- and only into the hole; nothing builds on the fans, and an empty fan is
-- never filled. Won when every card is in the hole. This script only deals:
-- with no hook deciding the play, the solver plays by the layout's rules
-- alone (and its own search of Golf-like games).

local hole = game.piles("hole")[1]
local fans = game.piles("tableau")

-- The Ace of Spades goes into the hole, then each fan gets three cards.
function deal()
  game.deal(hole, true, 1, "S")
  for _, fan in ipairs(fans) do
    for _ = 1, 3 do game.deal(fan, true) end
  end
end
