-- La Belle Lucie: eighteen fans, built down in suit one card at a time, and
-- two redeals that shuffle what is left on the fans.
--
-- Rules: PySolFC, "La Belle Lucie" (html-src/rules/labellelucie.html). The
-- deal is seventeen fans of three and one of one, face up. The play is the
-- layout's own rules (la-belle-lucie.toml): a fan's top card goes on the top
-- card of another fan one rank higher in its suit, or to its foundation (up
-- in suit from the Ace); an empty fan is never filled; a foundation's top card
-- may come back onto a fan. Twice in a game a click on the redeal pile gathers
-- the fans, shuffles them and deals them again in threes from the first fan
-- on (the last fan dealt may have fewer). This script only deals: with no
-- hook deciding the play, the solver plays by the layout's rules alone.

local fans = game.piles("tableau")

-- The deck dealt in threes onto the fans, in order.
function deal()
  for _, fan in ipairs(fans) do
    for _ = 1, 3 do
      if game.deck_left() > 0 then game.deal(fan, true) end
    end
  end
end
