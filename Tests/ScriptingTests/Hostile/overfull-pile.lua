-- Hostile: in a position made by hand with more cards than a deck, a click
-- piles a whole deck onto a pile that already holds one, past the room the
-- sandbox has for a pile.

function on_click(pile)
  if game.count(pile) == 52 then
    local target = pile == 7 and 8 or 7
    game.move(pile, target, game.count(pile))
  end
end
