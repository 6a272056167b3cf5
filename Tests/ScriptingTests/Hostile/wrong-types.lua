-- Hostile: hooks that return what they must not.

-- A yes or no hook answering with a string.
function can_drop(from, count, to)
  if game.kind(to) == "foundation" then
    return "yes"
  end
end

-- A hint as words alone, with no move.
function hint()
  return "move the five of hearts"
end

-- A yes or no hook answering with a number.
function is_won()
  return 1
end

function on_timer(seconds)
  return { seconds = seconds }
end
