-- Hostile: moves cards where the API does not allow it.

-- Moves from an empty pile (a foundation, empty at the deal).
function on_click(pile)
  if game.kind(pile) == "waste" then
    game.move(game.piles("foundation")[1], pile)
  end
end

-- Moves to a pile that does not exist.
function on_double_click(pile)
  game.move(pile, game.pile_count() + 1)
end

-- Moves cards from a hook that only answers a question (asked about moves to
-- the stock, which Klondike refuses anyway).
function can_drop(from, count, to)
  if game.kind(to) == "stock" then
    game.move(from, to, count)
  end
end

-- Deals a card outside the deal, after a move to a foundation.
function after_move(from, count, to)
  if game.kind(to) == "foundation" then
    game.deal(from)
  end
end
